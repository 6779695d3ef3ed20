# The store's generation files: their names, their numbers, and one snapshot read back. Shared
# by the store (store.store) and its reader (store.reader), which import each other through
# this module only.
from store.journal import decode

SNAP = "snap."
LOG = "log."
TMP = ".tmp"
NEW = "new"  # a snapshot header's 4th field: the snapshot starts a new game
NEW_GAME_KINDS = ("new", "se_new")  # records that start a new game (rules.ledger, SE market)


def generations_of(names: list, prefix: str) -> list:
    found = []
    for name in names:
        if name.startswith(prefix) and not name.endswith(TMP):
            try:
                found.append(int(name[len(prefix) :]))
            except ValueError:
                pass
    found.sort()
    return found


def read_snapshot(fs, generation: int, keep: bool = True):
    """(seq, state records, starts a new game) of snap.<generation>; None if unreadable.
    keep False: every line is checked, none kept (the records come back empty)."""
    try:
        with fs.open(SNAP + str(generation), "rb") as snap:
            header = decode(snap.readline())
            if header is None or header[0] != "snapshot":
                return None
            seq, count = header[1], header[2]
            new_game = len(header) > 3 and header[3] == NEW
            records = []
            for _ in range(count):
                record = decode(snap.readline())
                if record is None:
                    return None
                if keep:
                    records.append(record)
            if snap.readline():
                return None  # trailing bytes: not a file this store wrote
    except (OSError, ValueError, IndexError, TypeError):
        return None
    return seq, records, new_game
