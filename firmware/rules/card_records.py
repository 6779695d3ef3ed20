# The card-banking core's records: replayed at boot, applied once durable, and the snapshot.
#
# Records: ("tx", payer, payee, amount[, tag...]), ("undo", number, payer, payee, amount),
# ("new", start), ("ledger", ...) (rules.ledger); ("card", id, number), ("uncard", number)
# (rules.cards); ("set", "sound", 0|1); ("set", "assets", number, value): the property and
# building value typed in TOTALS for a player (the end-of-game ranking only: it never changes a
# balance; a new game clears it). The part's own records are its (part.restore, part.snapshot):
# a kind the core does not know goes to part.restore alone, which returns True if it took it;
# one it did not take is another edition's tag (the Banker's "deed_tag"), which the registry
# keeps (rules.cards), or a ValueError.
# Functions of the core, assembled into CardBank as its methods (rules.card_bank).
from compat.const import const

_KEPT = const(("deed_tag",))  # the kinds of another edition's tags kept (a tuple: no name)


def restore(self, record: tuple) -> None:
    """Replay one record from storage at boot (no cues, no screen change)."""
    kind = record[0]
    if kind == "tx" or kind == "new" or kind == "ledger" or kind == "undo":
        self.ledger.apply(record)
        if kind == "new":
            self.assets = [0] * (self.card_count + 1)
    elif kind == "card" or kind == "uncard":
        self.registry.apply(record)
    elif kind == "set":
        if record[1] == "sound":
            self.sound_on = bool(record[2])
        elif record[1] == "assets":
            from rules import endgame

            endgame.restore_assets(self, record)
    elif self.part is None or self.part.restore(record) is not True:
        if kind not in _KEPT or len(record) != 3:
            raise ValueError("unknown record")
        self.registry.kept.append(record)  # another edition's tag, kept as it is
        return
    else:
        return  # (a kind of the part's own: its restore took it)
    if self.part is not None:
        self.part.restore(record)  # its own "set" records, and what the core's change


def snapshot_records(self) -> list:
    """The whole state as records: restore() of these on a fresh edition rebuilds it."""
    records: list = [("card", card, self.registry.numbers[card]) for card in self.registry.numbers]
    records.append(("set", "sound", 1 if self.sound_on else 0))
    records.append(self.ledger.state_record())
    for number in range(1, self.card_count + 1):
        if self.assets[number]:
            records.append(("set", "assets", number, self.assets[number]))
    if self.part is not None:
        records = self.part.snapshot(records)
    return records + self.registry.kept  # (last: the host tools tell an edition by its first)


def not_stored(self, problem: str) -> None:
    if self.part is not None:
        self.part.not_stored()
    if self.entry:
        self.entry_locked = True  # as any refused amount: retype it from C
    self.refuse(problem)


def applied(self, records: list) -> None:
    for record in records:
        self.restore(record)
    self.undo = None  # only the transaction just carried out can be taken back
    if len(records) == 1 and records[0][0] == "tx":
        self.undo = records[0]
        self.undo_go = False  # go_done() says otherwise
