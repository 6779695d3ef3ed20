# The shell's hand-off of a step's records to flash: the journal (or, for the settings menu,
# the settings file), then the machine told whether they are durable, and a compaction when due.
# A full flash, a failed write and a MemoryError before the write each refuse the transaction.
ENOSPC = 28
# The flash refused the newest generation itself, every older one removed already (store.Store
# make_room): the owner must free flash (docs/storage.md "Flash full"). 21 characters: a line.
MSG_FULL = "FLASH FULL: SEE GUIDE"
MSG_MEMORY = "MEMORY FULL"  # a transaction refused: memory ran out before it reached flash
MSG_FAILED = "STORAGE FAILED"


def store_records(unit, edition) -> None:
    """The step's records to flash (the settings file for the settings menu), then the
    edition told whether they are durable."""
    if unit.storage_broken and edition is unit.edition:
        edition.acknowledge(False, MSG_FAILED)
        return
    try:
        if edition is unit.edition:
            unit.store.append(edition.outbox)  # old generations yield to it (make_room)
        else:
            while True:  # the settings file: the history yields to it as well
                try:
                    unit.config.save(edition.outbox)
                    break
                except OSError as error:
                    if not unit.store.make_room(error):
                        raise
    except OSError as error:
        unit.storage_failures += 1
        full = error.args and error.args[0] == ENOSPC
        edition.acknowledge(False, MSG_FULL if full else MSG_FAILED)
    except MemoryError:
        # Raised before the write began (Store.append, SettingsFile.save): none of it is on
        # flash, so the transaction is refused like a full flash's, and the screen says so.
        unit.memory_error(unit.clock())
        edition.acknowledge(False, MSG_MEMORY)
    else:
        unit.applying = True
        edition.acknowledge(True)
        unit.applying = False
        if edition is unit.edition and unit.store.compact_due():
            try:
                unit.store.compact(edition.snapshot_records())  # False: retried later
            except MemoryError:
                unit.memory_error(unit.clock())  # retried after the next record too
