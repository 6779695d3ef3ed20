# Reads a game's kept journal generations back, writing nothing: the whole game oldest first
# for the export (replay), or one generation at a time, newest first, for a history page
# (generations, records: rules.history via store.Store). Loaded when a history opens or the
# export runs, never at boot (the unit's heap at boot does not carry it).
from store.generations import LOG, NEW, NEW_GAME_KINDS, SNAP, generations_of, read_snapshot
from store.journal import ENOENT, decode

CHECK = "check"  # a gap check's pseudo-record (following()): never on flash


def read_header(fs, generation: int):
    """snap.<generation>'s header line (its first line only), or None if unreadable."""
    try:
        with fs.open(SNAP + str(generation), "rb") as snap:
            return decode(snap.readline())
    except OSError:
        return None


def new_game_snapshot(fs, generation: int) -> bool:
    """Whether snap.<generation>'s header says it starts a game."""
    header = read_header(fs, generation)
    return header is not None and len(header) > 3 and header[3] == NEW


def snapshot_seq(fs, generation: int) -> int:
    """The seq snap.<generation> was taken at (0 if it cannot be read)."""
    header = read_header(fs, generation)
    if header is None or len(header) < 3 or header[0] != "snapshot":
        return 0
    return header[1] if isinstance(header[1], int) else 0


def history_base(fs) -> tuple:
    """(logs, base, snapshot): the journals on flash, and where the current game's history
    starts: generation `base`, from its snapshot's state records if `snapshot`. Generation
    0 has no snapshot: it starts from nothing. A new-game snapshot starts it there, the
    generations before it being another game; else the oldest readable snapshot does."""
    names = fs.listdir()
    logs = generations_of(names, LOG)
    snaps = generations_of(names, SNAP)
    start = 0  # the newest new-game snapshot's generation: nothing before it is this game's
    for generation in reversed(snaps):
        if new_game_snapshot(fs, generation):
            start = generation
            break
    if not logs or logs[0] > 0 or start > 0:
        for generation in snaps:
            if generation >= start and read_snapshot(fs, generation, False) is not None:
                return logs, generation, True
    return logs, 0, False


def replay(fs, checks: bool = False):
    """Every record still on flash, oldest first, as (seq, record): the state records of
    the oldest readable snapshot (with its seq), then each later journal line, across every
    generation kept; a batch gives each of its records with the line's seq. A generator
    that reads one line at a time, so a reader never holds a journal in RAM (the export,
    host_sim.history). Nothing is written. Torn or corrupt lines are passed over (load() is
    what reports damage); a journal file that cannot be read raises OSError. checks: after
    each generation whose next snapshot is readable, a CHECK item too (following())."""
    logs, base, snapshot = history_base(fs)
    last, state = snapshot_state(fs, base) if snapshot else (0, ())
    for record in state:
        yield last, record
    start, lines = last, 0  # lines read since `start`: for the CHECK items' count
    for generation in logs:
        if generation >= base:
            for item in journal_records(fs, generation, last):
                if item[0] != last:
                    lines += 1
                last = item[0]
                if item[1][0] in NEW_GAME_KINDS:
                    start, lines = last - 1, 1
                yield item
            check = following(fs, generation, start, lines) if checks else None
            if check is not None:
                start, lines = check[0], 0
                yield check


def generations(fs) -> list:
    """The current game's generations, newest first, as (generation, snapshot): what a
    reader of the history (rules.history) reads one at a time with history_records(),
    stopping as soon as it has what it shows, so a page reads the newest generation (at
    most compact_every records), not the whole game. `snapshot` is True for the oldest one
    when its snapshot's state records start the history (as replay() yields them). Reads
    the snapshots' first lines (and the oldest's whole) only."""
    logs, base, snapshot = history_base(fs)
    found = []
    for generation in logs:
        if generation >= base:
            found.append((generation, snapshot and generation == base))
    if snapshot and (not found or found[0][0] != base):
        found.insert(0, (base, True))  # its journal is gone: the snapshot alone
    found.reverse()
    return found


def records(fs, generation: int, snapshot: bool = False):
    """One generation's records, oldest first, as (seq, record), as replay() gives them:
    its snapshot's state records if `snapshot`, then its journal's lines after the
    snapshot's seq (a line at or below it is a stale copy, passed over), read one line at
    a time. A missing journal gives nothing; one that cannot be read raises OSError."""
    if snapshot:
        last, state = snapshot_state(fs, generation)
        for record in state:
            yield last, record
    else:
        last = snapshot_seq(fs, generation) if generation > 0 else 0
    yield from journal_records(fs, generation, last)


def snapshot_state(fs, generation: int) -> tuple:
    """(seq, state records) of snap.<generation>; (0, ()) when it cannot be read."""
    found = read_snapshot(fs, generation)
    return (found[0], found[1]) if found is not None else (0, ())


def journal_records(fs, generation: int, last: int):
    """log.<generation>'s records numbered above `last`, in order, a line at a time."""
    try:
        handle = fs.open(LOG + str(generation), "rb")
    except OSError as error:
        if error.args[0] == ENOENT:
            return
        raise  # a history with lines missing would be told as the whole story
    with handle:
        for line in handle:
            record = decode(line)
            if record is None or record[0] <= last:
                continue
            last = record[0]
            if record[1] == "batch":
                for part in record[2]:
                    yield last, tuple(part)
            else:
                yield last, record[1:]


# ---- gap checks: each generation against the snapshot that follows it -------------------
# A line lost in a generation older than the one boot reads (removed, or its checksum broken)
# leaves no trace at boot: the next snapshot already holds the balances. Its records, read
# back, then add up to less than that snapshot; the readers put a gap row there
# (rules.history, rules.history_pass, host_sim.history).


def following(fs, generation: int, start: int, lines: int):
    """(S, ("check", missing, state records)) for snap.<generation+1> (taken at record S),
    None if it is not on flash or cannot be read. missing: the journal lines numbered
    start+1..S that were not read (`lines` of them were)."""
    found = read_snapshot(fs, generation + 1)
    if found is None:
        return None
    return found[0], (CHECK, max(0, found[0] - start - lines), found[1])


def start_seq(fs, generation: int) -> int:
    """The record number generation's journal follows: its snapshot's (0 for generation 0)."""
    return snapshot_seq(fs, generation) if generation > 0 else 0
