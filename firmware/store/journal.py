# Append-only journal of confirmed records: one line per record, JSON plus a CRC-32 checksum.
#
#   ["tx", 0, 2, 2000000] 5d1a2c3f\n
#
# A line is valid only if it ends in "\n" and its checksum matches, so a write torn by a power
# cut is recognised and dropped at boot instead of being replayed as something else.
import json

ENOENT = 2
ENOSPC = 28

try:
    from binascii import crc32
except ImportError:  # a port built without binascii.crc32

    def crc32(data: bytes, value: int = 0) -> int:  # type: ignore[misc]
        value ^= 0xFFFFFFFF
        for byte in data:
            value ^= byte
            for _ in range(8):
                value = (value >> 1) ^ (0xEDB88320 if value & 1 else 0)
        return value ^ 0xFFFFFFFF


def encode(record: tuple) -> bytes:
    body = json.dumps(list(record)).encode()
    return body + (" %08x\n" % (crc32(body) & 0xFFFFFFFF)).encode()


def decode(line: bytes) -> tuple | None:
    """The record in one journal line, or None if the line is torn or corrupt."""
    if not line.endswith(b"\n"):
        return None
    space = line.rfind(b" ")
    body, checksum = line[:space], line[space + 1 : -1]
    try:
        if int(checksum, 16) != crc32(body) & 0xFFFFFFFF:
            return None
        return tuple(json.loads(body))
    except ValueError:
        return None


class Journal:
    def __init__(self, path: str = "journal.log", fs=None) -> None:
        self.path = path
        self._open = open if fs is None else fs.open  # fs: the simulator's power-cut flash
        self.bytes_written = 0
        # Whether the file may end part-way through a line (a write torn by a power cut or cut
        # short by a full flash). None: not known yet. An append after such a tail first ends
        # the fragment with NUL + newline: a plain newline could complete a fragment that lacked
        # only its newline, reviving a record that was never acknowledged, whose sequence
        # number the next acknowledged record then reuses. A valid line never holds a NUL
        # (JSON escapes control characters), so the fragment stays invalid for ever.
        self._torn_tail: bool | None = None

    def append(self, records: list) -> None:
        """Make records durable; raises OSError (e.g. ENOSPC) and then nothing may be assumed
        written: the caller must refuse the transaction."""
        data = b"".join(encode(record) for record in records)
        if self._torn_tail is None:
            self._torn_tail = self._ends_mid_line()
        if self._torn_tail:
            data = b"\x00\n" + data
        with self._open(self.path, "ab") as journal:
            self._torn_tail = True  # until this append is known to have completed
            journal.write(data)
            journal.flush()  # LittleFS commits the file's new size on flush/close
        self._torn_tail = False
        self.bytes_written += len(data)

    def forget_tail(self) -> None:
        """After a refused append: whether its tail is torn is read from the file again before
        the next (a refused write may have left a prefix, or nothing at all)."""
        self._torn_tail = None

    def _ends_mid_line(self) -> bool:
        try:
            with self._open(self.path, "rb") as journal:
                journal.seek(0, 2)
                if journal.tell() == 0:
                    return False
                journal.seek(-1, 2)
                return journal.read(1) != b"\n"
        except OSError as error:
            if error.args[0] == ENOENT:
                return False
            raise

    def load(self) -> tuple:
        """(records, problems): every valid record in order; problems names each line left out:
        "line N torn" (a write cut short, never acknowledged) or "line N dropped" (corrupt).

        Only a missing file means a fresh unit; any other OSError is raised, because starting
        over on top of a journal that could not be read would lose the game.
        """
        records: list = []
        problems: list = []
        last = b"\n"
        try:
            with self._open(self.path, "rb") as journal:
                for number, line in enumerate(journal, 1):
                    last = line
                    if line == b"\n":
                        continue  # the separator written after a torn tail: not a record
                    record = decode(line)
                    if record is not None:
                        records.append(record)
                    elif not line.endswith(b"\n") or b"\x00" in line:
                        # A write that never completed (the tail, or a tail sealed later):
                        # never acknowledged, so nothing the screen showed as done is lost.
                        problems.append("line %d torn" % number)
                    else:
                        problems.append("line %d dropped" % number)  # complete, but corrupt
        except OSError as error:
            if error.args[0] != ENOENT:
                raise
        self._torn_tail = not last.endswith(b"\n")
        return records, problems
