# Crash-safe storage of a unit's whole state: snapshots plus journals of the records since.
#
# Files (all in one directory), for generation g:
#   snap.<g>   the state after record number S_g: a header ("snapshot", S_g, count[, "new"]),
#              then `count` state records; each line checksummed (store.journal's line format).
#              "new": the snapshot starts a new game (compact(new_game=True)), not a
#              continuation of the generations before it
#   log.<g>    every record after S_g, each as (seq, *record), appended one transaction at a time;
#              the records of one append that holds several go on ONE line as
#              (seq, "batch", [record, ...]), so they land together or not at all
# Compaction to g+1 writes snap.<g+1>.tmp, renames it to snap.<g+1> (atomic on LittleFS),
# starts log.<g+1>, and only then removes old generations. The newest two generations are
# always on flash: if snap.<g> turns out corrupt, snap.<g-1> + log.<g-1> + log.<g> rebuild the
# same state. Records carry sequence numbers and boot skips any at or below what it already
# has, so a cut between the rename and the removals can never apply a record twice.
# Older generations stay for the game's history (rules.history, host_sim export) while they
# take at most HISTORY_BYTES (and a quarter of the filesystem where os.statvfs tells its size),
# and while the filesystem keeps RESERVE_BYTES free beside them, measured at boot and at each
# compaction: keeping a file written already costs no flash write, removing one does.
# History yields to play: an append, a mark or a snapshot the flash refuses as full (ENOSPC)
# removes the oldest generation before the one the state rests on (self.base) and is tried
# again, until it is written or nothing older is left; only then is it refused. Removed the oldest
# first, the snapshot before its journal, so a cut between the two leaves a journal without
# its snapshot, which every reader passes over (never a snapshot whose journal is gone, which
# would skip that journal's records). Every generation before the current game's is removed
# at the next compaction (a "new"/"se_new" record, or a new-game snapshot). Boot reads only
# the newest readable snapshot and the journals from it on, as before.
# Reading them back (store.reader, loaded then, not at boot): replay() gives the whole game
# oldest first (the export);
# history_generations() lists the current game's generations newest first and
# history_records(g) gives one generation's records, so a history page (rules.history) reads
# only the newest generations its pages reach, each journal forward a line at a time.
#   mark.0, mark.1   the high-water mark: the number of the last record made durable, one
#              checksummed line "[seq] crc", written after each append, the two files in turn
# A journal can lose its newest lines (or the whole newest file) without leaving a trace in
# itself: the flash then looks exactly as it did before those appends. The mark, kept outside
# the journal, is what tells the two apart; the snapshot header's S_g is the mark at each
# compaction. Written in turn, one mark file is always whole: a write torn by a power cut
# leaves the other, one record lower, and the mark is never above the journal, since it is
# written only after the append returned.
from compat.const import const
from store.generations import (
    LOG,
    NEW,
    NEW_GAME_KINDS,
    SNAP,
    TMP,
    generations_of,
    read_snapshot,
)
from store.journal import ENOENT, ENOSPC, Journal, crc32, decode, encode

_MARK = const("mark.")
# older generations kept for the history, at most (~2400 records)
_HISTORY_BYTES = const(96 * 1024)
_HISTORY_SHARE = const(4)  # and at most 1/HISTORY_SHARE of the filesystem, where statvfs tells it
# Free space the history leaves (where statvfs tells it): a whole journal generation (200 lines
# of up to 48 bytes: 3 blocks of 4 KB), the block LittleFS copies at each append, a snapshot
# and its .tmp (2), and 2 blocks for LittleFS's own metadata.
_RESERVE_BYTES = const(32 * 1024)


class Store:
    compact_every = 200  # records per journal generation before a snapshot is taken
    history_bytes = _HISTORY_BYTES
    reserve = _RESERVE_BYTES

    def __init__(self, fs) -> None:
        self.fs = fs
        self.generation = 0
        self.seq = 0  # number of the last record made durable
        self.log_records = 0  # records in the current generation's journal
        self.journal = Journal(LOG + "0", fs)
        self.bytes_written = 0
        self.compactions = 0
        self.compaction_failures = 0
        self.mark_failures = 0  # marks the flash refused (the journal line was durable)
        self._mark_slot = 0  # the mark file written next: never the one holding the best mark
        # The generation holding the current game's start (its "new" record or new-game
        # snapshot), as far as known since boot: older ones are removed at the next compaction.
        self.game_generation = 0
        self.history_removals = 0  # old generations removed for the bound or a new game
        self.base = 0  # the generation whose snapshot the state rests on (0: none, from log.0)

    # ---- boot ------------------------------------------------------------------------------

    def load(self) -> tuple:
        """(records, problems): the state records of the best snapshot, then every later
        record in order. problems lists what was dropped or could not be read (never fatal).
        An OSError other than a missing file is raised: the caller must not start over."""
        names = self.fs.listdir()
        snaps = generations_of(names, SNAP)
        logs = generations_of(names, LOG)
        problems: list = []
        records: list = []
        last_seq = 0
        base = logs[0] if logs else 0
        for generation in reversed(snaps):
            snapshot = read_snapshot(self.fs, generation)
            if snapshot is None:
                problems.append("snapshot %d corrupt" % generation)
                continue
            last_seq, records = snapshot[0], snapshot[1]
            base = generation
            if snapshot[2]:
                self.game_generation = generation
            break
        else:
            if snaps and logs and logs[0] > 0:
                problems.append("no readable snapshot; journals before %d gone" % logs[0])
        mark = self._read_marks(names)
        current = max(snaps + logs + [0])
        current_count = 0
        for generation in logs:
            if generation < base:
                continue
            lines, dropped = Journal(LOG + str(generation), self.fs).load()
            for problem in dropped:
                problems.append("log %d: %s" % (generation, problem))
            count = 0
            for line in lines:
                seq = line[0]
                if seq <= last_seq:
                    # Whole and checksummed, but a number already had: a stale line where a
                    # record should be. Never applied twice; counted as a line dropped.
                    problems.append("log %d: record %d out of order, dropped" % (generation, seq))
                    continue
                if seq != last_seq + 1:
                    problems.append("records %d-%d missing" % (last_seq + 1, seq - 1))
                if line[1] == "batch":
                    for record in line[2]:
                        records.append(tuple(record))
                        count += 1
                        if record[0] in NEW_GAME_KINDS:
                            self.game_generation = generation
                else:
                    records.append(tuple(line[1:]))
                    count += 1
                    if line[1] in NEW_GAME_KINDS:
                        self.game_generation = generation
                last_seq = seq
            if generation == current:
                current_count = count
        if mark > last_seq:
            # Acknowledged records that no file holds any more (lines or a whole journal lost).
            problems.append("records %d-%d missing" % (last_seq + 1, mark))
            last_seq = mark  # new records go after the mark, so the loss is reported once
        self.seq = last_seq
        self.generation = current
        self.log_records = current_count
        self.base = base
        self.journal = Journal(LOG + str(current), self.fs)
        self.journal.load()  # learn whether its tail is torn before the next append
        space = self.space()
        if 0 <= space[1] < self.reserve:
            self._remove_old(space)  # short of room at boot: the history yields
        return records, problems

    # ---- reading the game back: store.reader, loaded for a history or the export only -----

    def replay(self, checks: bool = False):
        """Every record of the current game still on flash, oldest first, as (seq, record)
        (store.reader.replay): the export's one pass; checks: with the gap checks."""
        from store import reader

        return reader.replay(self.fs, checks)

    def history_generations(self) -> list:
        """The current game's generations newest first, as (generation, snapshot)
        (store.reader.generations): what a history page reads one at a time."""
        from store import reader

        return reader.generations(self.fs)

    def history_records(self, generation: int, snapshot: bool = False):
        """One generation's records oldest first, as (seq, record) (store.reader.records)."""
        from store import reader

        return reader.records(self.fs, generation, snapshot)

    def history_snapshot(self, generation: int):
        """(seq, state records) of snap.<generation>, None if unreadable: where a generation's
        records start, for the gap check (rules.history)."""
        found = read_snapshot(self.fs, generation)
        return None if found is None else (found[0], found[1])

    def history_check(self, generation: int, start: int, lines: int):
        """The snapshot that follows a generation, to check it against (store.reader.following):
        (S, ("check", missing, state records)), None if none is readable."""
        from store import reader

        return reader.following(self.fs, generation, start, lines)

    def _read_marks(self, names: list) -> int:
        """The highest whole mark (0: none), and which file the next one goes to."""
        best = 0
        best_slot = 1
        for slot in (0, 1):
            name = _MARK + str(slot)
            if name not in names:
                continue
            try:
                with self.fs.open(name, "rb") as handle:
                    record = decode(handle.readline())
            except OSError:
                continue  # an unreadable mark hides no money: the journal is what is replayed
            if record is None or len(record) != 1 or not isinstance(record[0], int):
                continue  # torn by a power cut, or damaged: the other file holds the mark
            if record[0] > best:
                best, best_slot = record[0], slot
        self._mark_slot = 1 - best_slot
        return best

    # ---- running ---------------------------------------------------------------------------

    def append(self, records: list) -> None:
        """Make records durable, all or none: raises OSError and then none is durable.
        MemoryError likewise: it can only come before the line's write begins (encoding it,
        opening the file), since nothing after the write allocates (the mark catches its own).

        One journal line per append (several records go in one "batch" line), so a power cut
        or a full flash can never leave part of an append readable."""
        seq = self.seq + 1
        if len(records) == 1:
            line = (seq,) + tuple(records[0])
        else:
            line = (seq, "batch", [list(record) for record in records])
        journal = self.journal
        while True:
            before = journal.bytes_written
            try:
                journal.append([line])
                break
            except OSError as error:
                if not self.make_room(error):
                    raise
                journal.forget_tail()  # read again: a torn prefix may have stayed
            finally:
                self.bytes_written += journal.bytes_written - before
        self.seq = seq
        self.log_records += len(records)
        for record in records:
            if record[0] in NEW_GAME_KINDS:
                self.game_generation = self.generation
        self._write_mark()

    def _write_mark(self) -> None:
        """Note self.seq outside the journal. The record is durable already, so a refusal here
        must not refuse it: the mark just stays lower (a later loss goes unseen, none is ever
        invented) and the same file is tried again next time."""
        slot = self._mark_slot
        body = b"[%d]" % self.seq  # encode((self.seq,)) without its list, str and join
        data = body + b" %08x\n" % (crc32(body) & 0xFFFFFFFF)
        while True:
            try:
                with self.fs.open(_MARK + str(slot), "wb") as mark:
                    mark.write(data)  # closing commits it (LittleFS: atomically)
                break
            except (OSError, MemoryError) as error:  # the line is durable: append must not raise
                try:
                    again = isinstance(error, OSError) and self.make_room(error)
                except MemoryError:
                    again = False
                if not again:
                    self.mark_failures += 1
                    return
        self.bytes_written += len(data)
        self._mark_slot = 1 - slot

    def compact_due(self) -> bool:
        return self.log_records >= self.compact_every

    def compact(self, state_records: list, new_game: bool = False) -> bool:
        """Snapshot the state as of record self.seq; returns False if the flash refused (the
        journal goes on growing and a later compaction tries again). new_game: the state is a
        new game's (app.config's start_game), not the journal's continued: the history starts
        there and every older generation but the one before goes."""
        nxt = self.generation + 1
        tmp = SNAP + str(nxt) + TMP
        # Made before the rename: after it nothing allocates, so a MemoryError can never leave
        # the new snapshot on flash with this store still appending to the old journal.
        journal = Journal(LOG + str(nxt), self.fs)
        header: tuple = ("snapshot", self.seq, len(state_records))
        if new_game:
            header = ("snapshot", self.seq, len(state_records), NEW)
        data = encode(header)
        data += b"".join(encode(record) for record in state_records)
        while True:
            try:
                with self.fs.open(tmp, "wb") as snap:
                    snap.write(data)
                    snap.flush()
                self.fs.rename(tmp, SNAP + str(nxt))
                break
            except OSError as error:
                try:
                    self.fs.remove(tmp)
                except OSError:
                    pass
                if not self.make_room(error):
                    self.compaction_failures += 1
                    return False
        self.bytes_written += len(data)
        self.generation = nxt
        self.base = nxt
        self.journal = journal
        self.log_records = 0
        self.compactions += 1
        if new_game:
            self.game_generation = nxt
        self._remove_old()
        return True

    def space(self) -> tuple:
        """(size, free) of the filesystem in bytes (os.statvfs); (-1, -1) where not told."""
        try:
            info = self.fs.statvfs()
            return info[1] * info[2], info[1] * info[3]  # f_frsize * f_blocks, * f_bfree
        except (AttributeError, OSError, IndexError, TypeError):
            return -1, -1

    def free_bytes(self) -> int:
        """Free bytes of the filesystem as os.statvfs tells them (-1 where it does not)."""
        return self.space()[1]

    def history_bound(self, kept: int = 0, space=None) -> int:
        """Bytes the generations older than the newest two may take (kept: what they take
        now): history_bytes, and where the fs tells its size and free space (os.statvfs), at
        most 1/HISTORY_SHARE of it and no more than leaves self.reserve free."""
        size, free = self.space() if space is None else space
        bound = self.history_bytes
        if size >= 0:
            bound = min(bound, size // _HISTORY_SHARE, kept + free - self.reserve)
        return bound

    def make_room(self, error: OSError) -> bool:
        """The flash refused a write as full: the oldest generation before self.base goes
        (snapshot first, then journal). False if the error is another or none is left."""
        if not error.args or error.args[0] != ENOSPC:
            return False
        try:
            names = self.fs.listdir()
        except OSError:
            return False
        older = generations_of(names, SNAP) + generations_of(names, LOG)
        oldest = min(older) if older else self.base
        if oldest >= self.base:
            return False
        snap, log = SNAP + str(oldest), LOG + str(oldest)
        if (snap not in names or self._remove(snap)) and (log not in names or self._remove(log)):
            self.history_removals += 1
            return True
        return False

    def size(self, name: str) -> int:
        try:
            return self.fs.stat(name)[6]
        except OSError:
            return 0  # not there (or unreadable): it takes nothing to keep

    def _remove(self, name: str) -> bool:
        try:
            self.fs.remove(name)
        except OSError as error:
            return error.args[0] == ENOENT  # else: removed at the next compaction instead
        return True

    def _remove_old(self, space=None) -> None:
        """After a compaction (and at boot when free space is short, space: space() then):
        leftover temporary files go, then, oldest first, every generation before the current
        game's, any that take the older ones past history_bound(), and a journal left without
        its snapshot by a cut (every reader passes it over: snapshot first is the order
        here). The newest two generations always stay."""
        names = self.fs.listdir()
        newest = self.generation
        for name in names:
            if name.endswith(TMP) and not name.startswith(SNAP + str(newest + 1)):
                self._remove(name)
        older = []
        for generation in generations_of(names, SNAP) + generations_of(names, LOG):
            if generation < newest - 1 and generation not in older:
                older.append(generation)
        if not older:
            return
        older.sort()
        sizes = []
        total = 0
        for generation in older:
            size = self.size(SNAP + str(generation)) + self.size(LOG + str(generation))
            sizes.append(size)
            total += size
        bound = self.history_bound(total, space)
        for i in range(len(older)):
            generation = older[i]
            snap, log = SNAP + str(generation), LOG + str(generation)
            lone = generation > 0 and snap not in names  # a cut's leftover: no reader uses it
            if generation >= self.game_generation and total <= bound and not lone:
                break
            if (snap not in names or self._remove(snap)) and (
                log not in names or self._remove(log)
            ):
                total -= sizes[i]
                self.history_removals += 1
            else:
                break  # never remove a younger generation while an older one stays
