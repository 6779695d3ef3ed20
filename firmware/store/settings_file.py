# The settings on flash: small whole-state files beside the game journal, newest two kept.
#
#   set.<n>   a header ("settings", n, count), then `count` records, each line checksummed in
#             store.journal's line format
# A save writes set.<n+1>.tmp, flushes and closes it, renames it to set.<n+1> (atomic on
# LittleFS) and only then removes set.<n-1>. A cut before the rename leaves the old file in
# force; a newest file that reads back corrupt gives way to the one before it (the last good
# settings), and with none readable the defaults apply. Either way load() says so.
from compat.const import const
from store.generations import generations_of
from store.journal import decode, encode

_PREFIX = const("set.")
TMP = ".tmp"
# load()'s problems (app.config compares them as they are: constants, no names in the chip's pool)
_OLDER = const("older")  # the newest file was unreadable: the one before it was used
_DEFAULTS = const("defaults")  # no settings file could be read: the defaults apply


class SettingsFile:
    def __init__(self, fs) -> None:
        self.fs = fs
        self.generation = 0  # of the newest file on flash (0: none yet)
        self.bytes_written = 0

    def load(self) -> tuple:
        """(records, problem): the records of the newest readable file; problem is "" (all
        well, or no settings saved yet), "older" or "defaults"."""
        try:
            generations = generations_of(self.fs.listdir(), _PREFIX)  # the journal's rule
        except OSError:
            return [], _DEFAULTS
        if generations:
            self.generation = generations[-1]
        problem = ""
        for generation in reversed(generations):
            records = self._read(generation)
            if records is not None:
                return records, problem
            problem = _OLDER
        return [], _DEFAULTS if generations else ""

    def _read(self, generation: int):
        try:
            with self.fs.open(_PREFIX + str(generation), "rb") as handle:
                header = decode(handle.readline())
                if header is None or header[0] != "settings" or header[1] != generation:
                    return None
                records = []
                for _ in range(header[2]):
                    record = decode(handle.readline())
                    if record is None:
                        return None
                    records.append(record)
                if handle.readline():
                    return None  # trailing bytes: not a file this store wrote
        except (OSError, ValueError, IndexError, TypeError):
            return None
        return records

    def save(self, records: list) -> None:
        """Make `records` (the whole settings) the ones in force; raises OSError, or
        MemoryError before the write, and then the settings on flash are the ones before."""
        nxt = self.generation + 1
        tmp = _PREFIX + str(nxt) + TMP
        data = encode(("settings", nxt, len(records)))
        data += b"".join(encode(record) for record in records)
        try:
            with self.fs.open(tmp, "wb") as handle:
                handle.write(data)
                handle.flush()
            self.fs.rename(tmp, _PREFIX + str(nxt))
        except OSError:
            try:
                self.fs.remove(tmp)
            except OSError:
                pass
            raise
        self.generation = nxt
        self.bytes_written += len(data)
        try:
            for generation in generations_of(self.fs.listdir(), _PREFIX):
                if generation < nxt - 1:
                    try:
                        self.fs.remove(_PREFIX + str(generation))
                    except OSError:
                        pass  # removed after a later save instead
        except MemoryError:
            pass  # saved already, so save() must not raise now: removed after a later save
