# The shell's hand-off to the journal: a step's records to flash (or, for the settings menu, to
# the settings file), then the machine told whether they are durable, and a compaction when due;
# a full flash, a failed write and a MemoryError before the write each refuse the transaction.
# And the boot's line for what the journal's load() reported (describe_problems).
from app import power
from compat.const import const

_ENOSPC = const(28)
# The flash refused the newest generation itself, every older one removed already (store.Store
# make_room): the owner must free flash (docs/storage.md "Flash full"). 21 characters: a line.
_MSG_FULL = const("FLASH FULL: SEE GUIDE")
MSG_MEMORY = "MEMORY FULL"  # a transaction refused: memory ran out before it reached flash
# a corrupt snapshot was rebuilt from the older generation
_MSG_REPAIRED = const("STORAGE REPAIRED")
_MSG_LOST = const("JOURNAL: %d LOST")  # confirmed records that could not be read back


def describe_problems(problems: list) -> str:
    """The boot line for the store's load() problems: what was lost, or that it was repaired.
    A line dropped and the sequence gap it leaves are one loss, not two."""
    dropped = 0
    missing = 0
    other = 0
    repaired = False
    for problem in problems:
        if problem.startswith("snapshot "):
            repaired = True  # the older generation was read instead; a loss shows as a gap
        elif problem.endswith(" torn"):
            repaired = True  # an unfinished write, never shown as done: nothing confirmed lost
        elif problem.endswith(" dropped"):
            dropped += 1
        elif problem.startswith("records ") and problem.endswith(" missing"):
            first, _, last = problem[8:-8].partition("-")
            try:
                missing += int(last) - int(first) + 1
            except ValueError:
                other += 1
        else:
            other += 1  # a record that would not apply, journals gone with their snapshot
    lost = max(dropped, missing) + other
    if lost:
        return _MSG_LOST % lost
    return _MSG_REPAIRED if repaired else ""


def store_records(unit, edition) -> None:
    """The step's records to flash (the settings file for the settings menu), then the
    edition told whether they are durable."""
    if unit.storage_broken and edition is unit.edition:
        edition.acknowledge(False, "STORAGE FAILED")
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
        full = error.args and error.args[0] == _ENOSPC
        edition.acknowledge(False, _MSG_FULL if full else "STORAGE FAILED")
    except MemoryError:
        # Raised before the write began (Store.append, SettingsFile.save): none of it is on
        # flash, so the transaction is refused like a full flash's, and the screen says so.
        unit.memory_error(unit.clock())
        edition.acknowledge(False, MSG_MEMORY)
    else:
        unit.applying = True
        edition.acknowledge(True)
        unit.applying = False
        if edition is unit.edition:
            power.stored(unit)  # on low cells, the warning after every transaction
        if edition is unit.edition and unit.store.compact_due():
            try:
                unit.store.compact(edition.snapshot_records())  # False: retried later
            except MemoryError:
                unit.memory_error(unit.clock())  # retried after the next record too
