# Translates the English lines the renderer draws, through a language's table on the flash.
#
# The table (lang/<code>.tbl, compiled by tools/lang_table.py from lang/<code>.txt; layout in
# docs/languages.md): "LTB1", the entry count and the texts' size (2 bytes each, big-endian);
# then count + 1 index entries of 5 bytes, sorted: a key's 24-bit hash and its text's offset
# (the extra entry's offset is the texts' size: an entry's text ends where the next one's
# starts); then the texts, UTF-8. A key is the English line with every space-separated token
# that holds a digit replaced by "#"; a text's "#" (or "#1".."#9") is filled with the line's
# tokens in order (or that one). Only the index is in the heap; a text is read when needed.
# A line longer than the glass (Revolution's Chance card, asked whole before it scrolls) is a
# text to scroll: the windows then cut from its translation are drawn as they are.
# Numbers: the table's entry "DECIMAL POINT" (French: ",") is the language's decimal mark; in a
# token with a digit, a "." then becomes that mark and an English grouping comma (1,210) is
# dropped (the unit groups no digits but there), in a translated line as in one left as it is.
# Its entries "ORDINAL SUFFIX" and "FIRST SUFFIX" (French: "E", "ER") replace an English
# ordinal's ending (2ND, 3RD=, 1ST: 2E, 3E=, 1ER).
from struct import pack_into

from compat.const import const

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from typing import Any

_HEADER = const(8)
_ENTRY = const(5)
# UTF-8 bytes of a line or of a text; longer lines stay English. A screen's line is 21
# characters; a Revolution Chance card's text, translated whole before it scrolls, up to 71.
_LINE_MAX = const(71)
_COLUMNS = const(21)  # small-font characters across the glass: a scrolling text's window
_TOKENS = const(8)  # digit tokens of a line; a line with more stays English
_CACHE = const(24)  # lines kept translated: the same screens come back (a balance, INSERT A CARD)
_BASIS = const(0x1C9DC5)  # FNV-1a's 32-bit offset basis, its low 24 bits
_PRIME = const(403)  # FNV's 32-bit prime is 2**24 + 403: mod 2**24 it multiplies by 403
_HASH = const(35)  # "#"
_SPACE = const(32)
_FORMAT = const("72s")  # _LINE_MAX + 1 bytes: a zero after the longest line that fits
_POINT = const(46)  # "."
_COMMA = const(44)  # ","
_POINT_KEY = const(0x29AB1A)  # key_hash(b"DECIMAL POINT"): its text is the decimal mark
# key_hash(b"ORDINAL SUFFIX"), key_hash(b"FIRST SUFFIX"): an ordinal's ending in the language,
# for 1 (FIRST) and any other number; an English ordinal (1ST, 2ND, 3RD=) takes them.
_SUFFIX_KEY = const(0xE0AEC3)
_FIRST_KEY = const(0xFCE1C6)
_EQUALS = const(61)  # "=": a tie's mark after a rank (2ND=)

try:
    pack_into("1s", bytearray(1), 0, "0")
    _PACKS_STR = True  # MicroPython packs a str's UTF-8; CPython's "s" wants bytes
except Exception:
    _PACKS_STR = False


def key_hash(key: bytes) -> int:
    """The 24-bit hash of a normalized key (FNV-1a 32 of its bytes, the low 24 bits): the host's
    compiler and the tests use it; Table computes the same while it normalizes."""
    h = _BASIS
    for c in key:
        h ^= c
        h = (h & 0xFFF) * _PRIME + (((h >> 12) * _PRIME & 0xFFF) << 12) & 0xFFFFFF
    return h


class Table:
    """One language's table in `fs` (open(name, "rb") of <code>.tbl). load() reads its index;
    translate(line), or table(line), gives the line's translation, or the line itself when the
    table has none."""

    def __init__(self, fs, code: str) -> None:
        self.fs = fs
        self.code = code
        self.count = 0
        self.index = bytearray()  # (count + 1) * 5 bytes, once loaded
        self.file: Any = None
        self.failed = False  # the table could not be read: every line stays English
        self.cache: dict = {}  # English line -> what is drawn
        self.point = _POINT  # the decimal mark (the table's DECIMAL POINT entry, once loaded)
        self.suffix = b""  # an ordinal's ending (ORDINAL SUFFIX; none: English's kept)
        self.first = b""  # 1's (FIRST SUFFIX)
        # A list to get every line with letters the table has no entry for (tests, the
        # simulator); None on the unit.
        self.misses: list | None = None
        # The last text to scroll, translated, with the blanks it scrolls in after: a window of
        # it (_COLUMNS characters of it) is drawn as it is, not looked up.
        self.scrolled = ""
        self._codes = bytearray(_LINE_MAX + 1)  # the line's UTF-8, zero after it
        self._text = bytearray(_LINE_MAX)  # a text read from the flash
        self._out = bytearray(2 * _LINE_MAX)  # the text with the tokens filled in
        self._tokens = bytearray(2 * _TOKENS)  # start and end (in _codes) of each digit token
        self._views: tuple = (memoryview(self._text), memoryview(self._out))

    def load(self) -> bool:
        """Open the table and read its index into one bytearray (at boot); False when it cannot
        be read (then nothing is translated, and it is not tried again)."""
        if self.file is not None:
            return True
        if self.failed:
            return False
        try:
            file = self.fs.open(self.code + ".tbl", "rb")
            header = file.read(_HEADER)
            if len(header) != _HEADER or header[:4] != b"LTB1":
                raise OSError(22)  # EINVAL: not a table
            count = header[4] << 8 | header[5]
            index = bytearray((count + 1) * _ENTRY)
            if file.readinto(index) != len(index):
                raise OSError(22)
        except (OSError, MemoryError):
            self.failed = True
            return False
        self.count = count
        self.index = index
        self.file = file
        at = self._find(_POINT_KEY)
        if at >= 0:
            mark = self._fill(at, 0, False)
            if mark is not None and len(mark) == 1 and ord(mark) < 128:
                self.point = ord(mark)
        at = self._find(_SUFFIX_KEY)
        first = self._find(_FIRST_KEY)
        if at >= 0 and first >= 0:
            suffix = self._fill(at, 0, False)
            first = self._fill(first, 0, False)
            if suffix and first:
                self.suffix = suffix.encode()
                self.first = first.encode()
        return True

    def close(self) -> None:
        file = self.file
        self.file = None
        if file is not None:
            file.close()

    def translate(self, line: str) -> str:
        """What to draw for the English `line`: its translation, or `line` itself (as for a
        window of the text scrolling)."""
        cache = self.cache
        found = cache.get(line)
        if found is not None:
            return found
        size = len(line)
        if size == _COLUMNS and line in self.scrolled:
            return line  # a window of the text scrolling (not kept: each comes once)
        found = self._look_up(line)
        if size > _COLUMNS:  # a text to scroll, asked whole: its windows come next
            self.scrolled = " " * (_COLUMNS - 1) + found
            return found
        if len(cache) >= _CACHE:
            cache.clear()  # (a ring would keep the newest; a render looks up about 5 lines)
        cache[line] = found
        return found

    # The renderer calls the table itself (lang(line)): modules every unit loads then hold no
    # "translate" name, only a French unit does.
    __call__ = translate

    def _look_up(self, line: str) -> str:
        if not line or len(line) > _LINE_MAX or (self.file is None and not self.load()):
            return line
        codes = self._codes
        pack_into(_FORMAT, codes, 0, line if _PACKS_STR else line.encode())
        if codes[_LINE_MAX]:
            return line  # longer than _LINE_MAX bytes
        tokens = self._tokens
        count = 0
        words = False
        numbers = False  # a token with a digit holds a point or a comma
        h = _BASIS
        i = 0
        c = codes[0]
        # The key's bytes are hashed as they are found: a space as itself, a token with a
        # digit as "#", any other token as its bytes.
        while c:
            if c == _SPACE:
                h ^= c
                h = (h & 0xFFF) * _PRIME + (((h >> 12) * _PRIME & 0xFFF) << 12) & 0xFFFFFF
                i += 1
                c = codes[i]
                continue
            end = i
            digit = False
            letter = False
            mark = False
            while c and c != _SPACE:
                if 48 <= c <= 57:
                    digit = True
                elif c >= 65:
                    letter = True
                elif c in (_POINT, _COMMA):
                    mark = True
                end += 1
                c = codes[end]
            if digit:
                if count == _TOKENS:
                    return line
                numbers = numbers or mark or (letter and self._ordinal(i, end) > 0)
                tokens[2 * count] = i
                tokens[2 * count + 1] = end
                count += 1
                h ^= _HASH
                h = (h & 0xFFF) * _PRIME + (((h >> 12) * _PRIME & 0xFFF) << 12) & 0xFFFFFF
            else:
                words = words or letter
                for j in range(i, end):
                    h ^= codes[j]
                    h = (h & 0xFFF) * _PRIME + (((h >> 12) * _PRIME & 0xFFF) << 12) & 0xFFFFFF
            i = end
        numbers = numbers and (self.point != _POINT or self.suffix != b"")
        if words:
            at = self._find(h)
            if at >= 0:
                found = self._fill(at, count, numbers)
                if found is not None:
                    return found
            elif self.misses is not None:
                self.misses.append(line)
        # amounts, numbers, signs (nothing to translate), or a line the table has no entry for
        return self._numbers(count, i) if numbers else line

    def _find(self, h: int) -> int:
        """The index entry's byte offset for hash h (a binary search in place), or -1."""
        index = self.index
        low = 0
        high = self.count
        while low < high:
            middle = (low + high) >> 1
            at = middle * _ENTRY
            value = index[at] << 16 | index[at + 1] << 8 | index[at + 2]
            if value < h:
                low = middle + 1
            elif value > h:
                high = middle
            else:
                return at
        return -1

    def _fill(self, at: int, count: int, numbers: bool):
        """The text of the entry at `at`, read from the flash, its "#"s filled in (their
        numbers in the language's style when `numbers`); None when it cannot be read."""
        index = self.index
        start = index[at + 3] << 8 | index[at + 4]
        size = (index[at + _ENTRY + 3] << 8 | index[at + _ENTRY + 4]) - start
        if not 0 < size <= _LINE_MAX:
            return None  # (the compiler makes none such)
        text = self._text
        views = self._views
        file = self.file
        try:
            file.seek(_HEADER + (self.count + 1) * _ENTRY + start)
            if file.readinto(views[0][:size]) != size:
                raise OSError(5)  # EIO: the table is cut short
        except OSError:
            return None
        codes = self._codes
        tokens = self._tokens
        out = self._out
        room = len(out)
        o = 0
        p = 0
        k = 0  # the next token a plain "#" takes
        while p < size:
            c = text[p]
            if c == _HASH:
                n = k
                if p + 1 < size and 49 <= text[p + 1] <= 57:
                    p += 1
                    n = text[p] - 49
                else:
                    k += 1
                p += 1
                if n < count and numbers:
                    o = self._copy(tokens[2 * n], tokens[2 * n + 1], o)
                elif n < count:
                    for j in range(tokens[2 * n], tokens[2 * n + 1]):
                        if o < room:
                            out[o] = codes[j]
                            o += 1
                continue
            if o < room:
                out[o] = c
                o += 1
            p += 1
        return str(views[1][:o], "utf-8")

    def _copy(self, start: int, end: int, o: int) -> int:
        """Token codes[start:end] written into _out from `o` in the language's number style
        (a point as its decimal mark, an English grouping comma left out); the end in _out."""
        codes = self._codes
        out = self._out
        room = len(out)
        point = self.point
        at = self._ordinal(start, end)
        if at > 0:  # an ordinal: its digits, the language's ending, a tie's mark
            for j in range(start, at):
                if o < room:
                    out[o] = codes[j]
                    o += 1
            suffix = self.first if at == start + 1 and codes[start] == 49 else self.suffix
            for c in suffix:
                if o < room:
                    out[o] = c
                    o += 1
            start = at + 2  # (then the "=" of a tie, if any)
        for j in range(start, end):
            c = codes[j]
            if c == _POINT:
                c = point
            elif c == _COMMA and start < j < end - 1:
                grouping = 48 <= codes[j - 1] <= 57 and 48 <= codes[j + 1] <= 57
                if grouping:
                    continue  # 1,210: the English grouping
            if o < room:
                out[o] = c
                o += 1
        return o

    def _ordinal(self, start: int, end: int) -> int:
        """Where the English ending of the ordinal codes[start:end] is (1ST, 22ND, 3RD=), in a
        language with its own; else -1."""
        if not self.suffix:
            return -1
        codes = self._codes
        if codes[end - 1] == _EQUALS:
            end -= 1
        at = end - 2
        if at <= start or not 48 <= codes[at - 1] <= 57:
            return -1
        for j in range(start, at):
            if not 48 <= codes[j] <= 57:
                return -1
        pair = codes[at] << 8 | codes[at + 1]
        # "ST", "ND", "RD", "TH"
        return at if pair in (0x5354, 0x4E44, 0x5244, 0x5448) else -1

    def _numbers(self, count: int, size: int) -> str:
        """The line in _codes (`size` bytes, `count` tokens with a digit) as it is, its
        tokens in the language's number style."""
        codes = self._codes
        out = self._out
        tokens = self._tokens
        o = 0
        p = 0
        for n in range(count + 1):
            start = tokens[2 * n] if n < count else size
            for j in range(p, start):
                out[o] = codes[j]  # (a line is at most half of _out: no check needed)
                o += 1
            if n < count:
                p = tokens[2 * n + 1]
                o = self._copy(start, p, o)
        return str(self._views[1][:o], "utf-8")


def load(board, code: str):
    """The screen's language `code` (not English) on this unit: its Table, index read, or None
    when the table is missing or unreadable (the screens stay English). The tables are in the
    flash's "lang" folder, or where the board says (board.lang_fs: the simulator's, the web's)."""
    fs = getattr(board, "lang_fs", None)
    if fs is None:
        from store.fs import DeviceFS

        fs = DeviceFS("lang")
    table = Table(fs, code)
    return table if table.load() else None
