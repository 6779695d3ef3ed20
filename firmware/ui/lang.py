# Translates the English lines the renderer draws, through a language's table on the flash.
#
# The table (lang/<code>.tbl, compiled by host_sim/lang_tables.py from lang/<code>.txt; layout in
# docs/languages.md): "LTB2", the entry count and the blocks' size (2 bytes each, big-endian);
# 257 bucket starts (2 bytes each: where each of the 256 buckets' block starts, a bucket being a
# hash's low byte, then the blocks' end); the blocks: each its entry count (a byte), its entries
# (the high 16 bits of a key's 24-bit hash, its text's length: 3 bytes each) and their texts,
# UTF-8. Only the bucket starts (514 bytes) are in the heap: a lookup reads its bucket's block
# (at most 256 bytes) in one read. A key is the English line with every space-separated token
# that holds a digit replaced by "#"; a text's "#" (or "#1".."#9") is filled with the line's
# tokens in order (or that one).
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
_BUCKETS = const(514)  # 257 bucket starts of 2 bytes
_BLOCK = const(256)  # the largest bucket's block (its entries and texts), read at once
# UTF-8 bytes of a line or of a text; longer lines stay English. A screen's line is 21
# characters; a Revolution Chance card's text, translated whole before it scrolls, up to 71.
_LINE_MAX = const(71)
_COLUMNS = const(21)  # small-font characters across the glass: a scrolling text's window
_TOKENS = const(8)  # digit tokens of a line; a line with more stays English
_CACHE = const(16)  # lines kept translated: the same screens come back (a balance, INSERT A CARD)
# The key's hash: for each byte, h = (h ^ byte) * _MULT, its low 24 bits. A multiplier under 64
# keeps h * _MULT under 2**30, a small int on the chip (nothing allocated), in 8 bytecodes a byte.
_BASIS = const(0x1C9DC5)
_MULT = const(61)
_MASK = const(0xFFFFFF)
_HASH = const(35)  # "#"
_SPACE = const(32)
_POINT = const(46)  # "."
_COMMA = const(44)  # ","
_EQUALS = const(61)  # "=": a tie's mark after a rank (2ND=)
_FORMAT = const("72s")  # _LINE_MAX + 1 bytes: a zero after the longest line that fits
# The hashes of the entries that set the language's number style: DECIMAL POINT (its text the
# decimal mark), ORDINAL SUFFIX and FIRST SUFFIX (an ordinal's ending, for 1 and any other).
_POINT_KEY = const(0xF8C842)
_SUFFIX_KEY = const(0x1500AD)
_FIRST_KEY = const(0xE17A44)


try:
    pack_into("1s", bytearray(1), 0, "0")
    _PACKS_STR = True  # MicroPython packs a str's UTF-8; CPython's "s" wants bytes
except Exception:
    _PACKS_STR = False


def key_hash(key: bytes) -> int:
    """The 24-bit hash of a normalized key, as Table computes it while it normalizes a line: the
    host's compiler and the tests use it."""
    h = _BASIS
    for c in key:
        h = (h ^ c) * _MULT & _MASK
    return h


class Table:
    """One language's table in `fs` (open(name, "rb") of <code>.tbl). load() reads its bucket
    starts; translate(line), or table(line), gives the line's translation, or the line itself
    when the table has none."""

    def __init__(self, fs, code: str) -> None:
        self.fs = fs
        self.code = code
        self.count = 0
        self.index = bytearray()  # the 257 bucket starts, once loaded
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
        self._block = bytearray(_BLOCK)  # a bucket's block, read from the flash
        self._out = bytearray(2 * _LINE_MAX)  # the text with the tokens filled in
        self._tokens = bytearray(2 * _TOKENS)  # start and end (in _codes) of each digit token
        self._views: tuple = (
            memoryview(self._block),
            memoryview(self._out),
            memoryview(self._codes),
        )

    def load(self) -> bool:
        """Open the table and read its bucket starts (at boot); False when it cannot be read
        (then nothing is translated, and it is not tried again)."""
        if self.file is not None:
            return True
        if self.failed:
            return False
        try:
            file = self.fs.open(self.code + ".tbl", "rb")
            header = file.read(_HEADER)
            if len(header) != _HEADER or header[:4] != b"LTB2":
                raise OSError(22)  # EINVAL: not a table
            index = bytearray(_BUCKETS)
            if file.readinto(index) != _BUCKETS:
                raise OSError(22)
        except (OSError, MemoryError):
            self.failed = True
            return False
        self.count = header[4] << 8 | header[5]
        self.index = index
        self.file = file
        mark = self._entry(_POINT_KEY, 0, False)
        if mark is not None and len(mark) == 1 and ord(mark) < 128:
            self.point = ord(mark)
        suffix = self._entry(_SUFFIX_KEY, 0, False)
        first = self._entry(_FIRST_KEY, 0, False)
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
        window of the text scrolling, or an amount being typed)."""
        if line.isdigit():
            return line  # (an amount being typed: nothing to look up, no mark to write)
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
        if not line or (self.file is None and not self.load()):
            return line
        data = self._codes
        pack_into(_FORMAT, data, 0, line if _PACKS_STR else line.encode())
        if data[_LINE_MAX]:
            return line  # longer than _LINE_MAX bytes
        size = data.find(b"\x00")
        tokens = self._tokens
        count = 0
        words = False
        numbers = False  # a token with a digit to write in the language's style
        h = _BASIS
        i = 0
        while i <= size:
            end = data.find(b" ", i, size)
            if end < 0:
                end = size
            # The token's bytes hashed onto the key's so far (a word's), and looked at.
            t = h
            digit = False
            letter = False
            mark = False
            for j in range(i, end):
                c = data[j]
                if c > 64:
                    if c < 128:  # (an English line's letters are ASCII: € and £ are none)
                        letter = True
                elif 47 < c < 58:
                    digit = True
                elif c in (_POINT, _COMMA):
                    mark = True
                t = (t ^ c) * _MULT & _MASK
            if digit:  # the key has "#" for it
                if count == _TOKENS:
                    return line
                numbers = numbers or mark or (letter and self._ordinal(data, i, end) > 0)
                tokens[2 * count] = i
                tokens[2 * count + 1] = end
                count += 1
                h = (h ^ _HASH) * _MULT & _MASK
            else:
                words = words or letter
                h = t
            if end < size:
                h = (h ^ _SPACE) * _MULT & _MASK
            i = end + 1
        numbers = numbers and (self.point != _POINT or self.suffix != b"")
        if words:
            found = self._entry(h, count, numbers)
            if found is not None:
                return found
            if self.misses is not None:
                self.misses.append(line)
        # amounts, numbers, signs (nothing to translate), or a line the table has no entry for
        return self._numbers(size, count) if numbers else line

    def _entry(self, h: int, count: int, numbers: bool):
        """The text of the key hashed `h`, read from the flash with its bucket's block, its "#"s
        filled with the line's first `count` digit tokens (their numbers in the language's style
        when `numbers`); None when the table has no such key or it cannot be read."""
        index = self.index
        b = 2 * (h & 0xFF)
        start = index[b] << 8 | index[b + 1]
        size = (index[b + 2] << 8 | index[b + 3]) - start  # the bucket's block
        if size <= 0:
            return None  # (no read: an empty bucket)
        block = self._block
        views = self._views
        try:
            self.file.seek(_HEADER + _BUCKETS + start)
            if size > _BLOCK or self.file.readinto(views[0][:size]) != size:
                raise OSError(5)  # EIO: the table is cut short (the compiler makes no such block)
        except OSError:
            return None
        # The block: its entry count; each entry's hash (its high 16 bits) and text length; the
        # texts, in the entries' order.
        n = block[0]
        k = 1
        p = 1 + 3 * n  # where the entry's text starts
        high = h >> 16
        middle = h >> 8 & 0xFF
        while n:
            if block[k] == high and block[k + 1] == middle:
                break
            p += block[k + 2]
            k += 3
            n -= 1
        else:
            return None
        end = p + block[k + 2]
        if end > size:
            return None  # (the compiler makes none such)
        q = block.find(b"#", p, end)
        if q < 0 and not count:
            return str(views[0][p:end], "utf-8")  # (no mark to fill: the text as it is)
        tokens = self._tokens
        out = self._out
        o = 0
        k = 0  # the next token a plain "#" takes
        while p < end:
            if q < 0:
                q = end
            if q > p:  # the text up to the next mark, copied in C
                out[o : o + q - p] = views[0][p:q]
                o += q - p
            if q == end:
                break
            p = q + 1
            n = k
            if p < end and 49 <= block[p] <= 57:  # "#1".."#9"
                n = block[p] - 49
                p += 1
            else:
                k += 1
            if n < count:
                start = tokens[2 * n]
                size = tokens[2 * n + 1]
                if numbers:
                    o = self._copy(start, size, o)
                else:
                    out[o : o + size - start] = views[2][start:size]
                    o += size - start
            q = block.find(b"#", p, end)
        return str(views[1][:o], "utf-8")

    def _copy(self, start: int, end: int, o: int) -> int:
        """Token _codes[start:end] written into _out from `o` in the language's number style (a
        point as its decimal mark, an English grouping comma left out, an ordinal's ending as
        the language's); the end in _out. (_out holds a text and a line: room for both.)"""
        data = self._codes
        out = self._out
        at = self._ordinal(data, start, end)
        if at > 0:  # an ordinal: its digits, the language's ending, a tie's mark
            suffix = self.first if at == start + 1 and data[start] == 49 else self.suffix
            out[o : o + at - start] = self._views[2][start:at]
            o += at - start
            out[o : o + len(suffix)] = suffix
            o += len(suffix)
            start = at + 2  # (then the "=" of a tie, if any)
        out[o : o + end - start] = self._views[2][start:end]  # (copied in C, then its marks)
        comma = out.find(b",", o + 1, o + end - start - 1)
        while comma >= 0:  # 1,210: the English grouping, left out (before the point's mark)
            if 47 < out[comma - 1] < 58 and 47 < out[comma + 1] < 58:
                out[comma : o + end - start - 1] = out[comma + 1 : o + end - start]
                end -= 1
            comma = out.find(b",", comma + 1, o + end - start - 1)
        point = out.find(b".", o, o + end - start)
        if point >= 0:
            out[point] = self.point
        return o + end - start

    def _ordinal(self, data: bytearray, start: int, end: int) -> int:
        """Where the English ending of the ordinal data[start:end] is (1ST, 22ND, 3RD=), in a
        language with its own; else -1."""
        if not self.suffix:
            return -1
        if data[end - 1] == _EQUALS:
            end -= 1
        at = end - 2
        if at <= start or not 47 < data[at - 1] < 58:
            return -1
        for j in range(start, at):
            if not 47 < data[j] < 58:
                return -1
        pair = data[at] << 8 | data[at + 1]
        # "ST", "ND", "RD", "TH"
        return at if pair in (0x5354, 0x4E44, 0x5244, 0x5448) else -1

    def _numbers(self, size: int, count: int) -> str:
        """The line in _codes (`size` bytes, `count` tokens with a digit) as it is, its tokens
        in the language's number style."""
        out = self._out
        tokens = self._tokens
        views = self._views
        o = 0
        p = 0
        for n in range(count + 1):
            start = tokens[2 * n] if n < count else size
            out[o : o + start - p] = views[2][p:start]
            o += start - p
            if n < count:
                p = tokens[2 * n + 1]
                o = self._copy(start, p, o)
        return str(views[1][:o], "utf-8")


def load(board, code: str):
    """The screen's language `code` (not English) on this unit: its Table, bucket starts read,
    or None when the table is missing or unreadable (the screens stay English). The tables are
    in the flash's "lang" folder, or where the board says (board.lang_fs: the simulator's, the
    web's)."""
    fs = getattr(board, "lang_fs", None)
    if fs is None:
        from store.fs import DeviceFS

        fs = DeviceFS("lang")
    table = Table(fs, code)
    return table if table.load() else None
