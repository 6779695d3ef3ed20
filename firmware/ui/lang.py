# Translates the English lines the renderer draws, through a language's table on the flash.
#
# The table (lang/<code>.tbl, compiled by host_sim/lang_tables.py from lang/<code>.txt; layout in
# docs/languages.md): "LTB3", the entry count and the blocks' size (2 bytes each, big-endian);
# where each group of 16 buckets' blocks starts (2 bytes each, then where the blocks end), a
# bucket being a key's hash's low byte; each bucket's block size (a byte each); the blocks: each
# its entry count n (a byte), its entries' hashes (the high 16 bits of a key's 24-bit hash: n x 2
# bytes, in order), where each text ends (n bytes, counted from the first text's start) and the
# texts, UTF-8. Only the group starts and block sizes (290 bytes) are in the heap: a lookup reads
# its bucket's block (at most 255 bytes) in one read and finds its entry's hash in C. A key is
# the English line with every space-separated token that holds a digit replaced by "#"; a text's
# "#" (or "#1".."#9") is filled with the line's tokens in order (or that one).
# A line longer than the glass (Revolution's Chance card, asked whole before it scrolls) is a
# text to scroll: the windows then cut from its translation are drawn as they are.
# Numbers: the table's entry "DECIMAL POINT" (French: ",") is the language's decimal mark; in a
# token with a digit, a "." then becomes that mark and an English grouping comma (1,210) is
# dropped (the unit groups no digits but there), in a translated line as in one left as it is.
# Its entries "ORDINAL SUFFIX" and "FIRST SUFFIX" (French: "E", "ER") replace an English
# ordinal's ending (2ND, 3RD=, 1ST: 2E, 3E=, 1ER).
from binascii import crc32
from struct import pack_into

from compat.const import const

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from typing import Any

_HEADER = const(8)
_GROUPS = const(34)  # where each group of 16 buckets' blocks starts (2 bytes), then the end
_INDEX = const(290)  # those, then each bucket's block size (a byte)
_BLOCK = const(256)  # the largest bucket's block (its entries and texts), read at once
# UTF-8 bytes of a line or of a text; longer lines stay English. A screen's line is 21
# characters; a Revolution Chance card's text, translated whole before it scrolls, up to 71.
_LINE_MAX = const(71)
_COLUMNS = const(21)  # small-font characters across the glass: a scrolling text's window
_TOKENS = const(8)  # digit tokens of a line; a line with more stays English
_CACHE = const(16)  # lines without a number kept translated: labels, titles, messages come back
# The key's hash: the low 24 bits of the CRC-32 of its UTF-8 (host_sim.lang_tables.key_hash, the
# compiler's), a token at a time in C (binascii.crc32 on the chip, the WASI and unix builds and
# CPython; chained, it is the whole key's).
_MASK = const(0xFFFFFF)
_POINT = const(46)  # "."
_COMMA = const(44)  # ","
_EQUALS = const(61)  # "=": a tie's mark after a rank (2ND=)
_FORMAT = const("72s")  # _LINE_MAX + 1 bytes: a zero after the longest line that fits
# The hashes of the entries that set the language's number style: DECIMAL POINT (its text the
# decimal mark), ORDINAL SUFFIX and FIRST SUFFIX (an ordinal's ending, for 1 and any other).
_POINT_KEY = const(0xBBD44A)
_SUFFIX_KEY = const(0xBF3C8D)
_FIRST_KEY = const(0xEBFD88)


try:
    pack_into("1s", bytearray(1), 0, "0")
    _PACKS_STR = True  # MicroPython packs a str's UTF-8; CPython's "s" wants bytes
except Exception:
    _PACKS_STR = False


class Table:
    """One language's table in `fs` (open(name, "rb") of <code>.tbl). load() reads its index;
    translate(line), or table(line), gives the line's translation, or the line itself
    when the table has none."""

    def __init__(self, fs, code: str) -> None:
        self.fs = fs
        self.code = code
        self.count = 0
        self.index = bytearray()  # the group starts and block sizes, once loaded
        self.file: Any = None
        # English line -> what is drawn, and a text's hash -> its text (entry()). Made for
        # _CACHE entries now (deleted, their slots stay): grown in a lookup, its table would be
        # a block of a few hundred bytes, found by a walk over the chip's allocation table.
        self.kept: dict = dict.fromkeys(range(_CACHE))
        for n in range(_CACHE):
            del self.kept[n]
        # The number style: the decimal mark (the table's DECIMAL POINT entry, once loaded), an
        # ordinal's ending (ORDINAL SUFFIX; b"": English's kept) and 1's (FIRST SUFFIX). (One
        # tuple: each attribute is a name in the chip's pool.)
        self.policy: tuple = (_POINT, b"", b"")
        # The last text to scroll, translated, with the blanks it scrolls in after: a window of
        # it (_COLUMNS characters of it) is drawn as it is, not looked up.
        self.scrolling = ""
        # The buffers, and views of them: 0 a view of 3, the block a bucket's entries are read
        # into, where a line is also filled in (its text copied out first); 1 a view of 4, the
        # line's UTF-8, a zero after it; 2 the start and end (in the line) of each digit token.
        # (One tuple: each attribute is a name in the chip's pool.)
        block = bytearray(_BLOCK)
        line = bytearray(_LINE_MAX + 1)
        self.parts: tuple = (
            memoryview(block),
            memoryview(line),
            memoryview(bytearray(2 * _TOKENS)),
            block,
            line,
        )

    def load(self) -> bool:
        """Open the table and read its index (at boot); False when it cannot be read
        (then nothing is translated, and it is not tried again)."""
        if self.file is not None:
            return True
        if self.fs is None:
            return False  # (it could not be read: every line stays English)
        try:
            file = self.fs.open(self.code + ".tbl", "rb")
            header = file.read(_HEADER)
            if len(header) != _HEADER or header[:4] != b"LTB3":
                raise OSError(22)  # EINVAL: not a table
            index = bytearray(_INDEX)
            if file.readinto(index) != _INDEX:
                raise OSError(22)
        except (OSError, MemoryError):
            self.fs = None
            return False
        self.count = header[4] << 8 | header[5]
        self.index = index
        self.file = file
        mark = self.entry(_POINT_KEY, 0, False)
        point = ord(mark) if mark is not None and len(mark) == 1 and ord(mark) < 128 else _POINT
        suffix = self.entry(_SUFFIX_KEY, 0, False)
        first = self.entry(_FIRST_KEY, 0, False)
        if suffix and first:
            self.policy = (point, suffix.encode(), first.encode())
        else:
            self.policy = (point, b"", b"")
        return True

    def forget(self) -> None:
        """Let the kept lines and texts go: the game begins, and the boot summary's and the
        menu's lines do not come back (about 0.6 KB of the heap after boot). Deleted one by one,
        the dict keeps its table (see __init__)."""
        kept = self.kept
        for key in list(kept):
            del kept[key]

    def close(self) -> None:
        """Let the file go (the unit drawing in English again, or another language)."""
        file = self.file
        self.file = None
        if file is not None:
            file.close()

    def __call__(self, line: str) -> str:
        """What to draw for the English `line` (the renderer calls the table: modules every unit
        loads then hold no "translate" name): its translation, or `line` itself (an amount being
        typed, a window of the text scrolling)."""
        if line.isdigit():
            return line  # (an amount being typed: nothing to look up, no mark to write)
        if not line.isupper() and "." not in line and "," not in line:
            # No capital letter (every key has some: the screens' texts are in capitals) and no
            # point or grouping comma to write in the language's style: an amount with its sign
            # (€35), a rule. Told in C; a lookup would read the line in bytecode to find no word.
            return line
        found = self.kept.get(line)
        if found is not None:
            return found
        size = len(line)
        if size == _COLUMNS and line in self.scrolling:
            return line  # a window of the text scrolling (not kept: each comes once)
        found = self.translate(line)
        if size > _COLUMNS:  # a text to scroll, asked whole: its windows come next
            self.scrolling = " " * (_COLUMNS - 1) + found
        return found

    def translate(self, line: str) -> str:
        """`line`'s translation looked up in the table, its numbers in the language's style (a
        line without a number then kept in the cache), or `line` itself."""
        if not line or (self.file is None and not self.load()):
            return line
        views = self.parts
        data = views[4]
        pack_into(_FORMAT, data, 0, line if _PACKS_STR else line.encode())
        if data[_LINE_MAX]:
            return line  # longer than _LINE_MAX bytes
        size = data.find(b"\x00")
        tokens = views[2]
        count = 0
        words = False
        numbers = False  # a token with a digit to write in the language's style
        key = 0  # the key's CRC-32 so far, its tokens' bytes hashed in C
        i = 0
        for part in data[:size].split(b" "):
            end = i + len(part)
            if part.isalpha():  # a word (most tokens: told in C)
                words = True
                key = crc32(part, key)
            else:
                # A number after its signs (+ - # ( $ and the UTF-8 bytes of € and £: €1500,
                # +1.5M, #4), told in C; else each byte looked at
                rest = part.lstrip(b"+-#($\xe2\x82\xac\xc2\xa3")
                if rest and 47 < rest[0] < 58:
                    digit = True
                    letter = False
                    mark = not rest.isdigit()  # (a point, a letter: copy() tells)
                else:
                    digit = False
                    letter = False
                    mark = False
                    for c in part:
                        if c > 64:
                            if c < 128:  # (an English line's letters are ASCII: € and £ are none)
                                letter = True
                        elif 47 < c < 58:
                            digit = True
                        elif c in (_POINT, _COMMA):
                            mark = True
                if digit:  # the key has "#" for it
                    if count == _TOKENS:
                        return line
                    # (a digit with letters may be an ordinal: 2ND; copy() tells)
                    numbers = numbers or mark or letter
                    tokens[2 * count] = i
                    tokens[2 * count + 1] = end
                    count += 1
                    key = crc32(b"#", key)
                else:
                    words = words or letter
                    key = crc32(part, key)
            if end < size:
                key = crc32(b" ", key)
            i = end + 1
        key &= _MASK
        policy = self.policy
        numbers = numbers and (policy[0] != _POINT or policy[1] != b"")
        found = None
        if words:
            found = self.entry(key, count, numbers)
        if found is None and numbers:
            # amounts, or a line the table has no entry for: as it is, its numbers in the
            # language's style
            out = views[3]
            at = 0
            i = 0
            for n in range(count + 1):
                start = tokens[2 * n] if n < count else size
                out[at : at + start - i] = views[1][i:start]
                at += start - i
                if n < count:
                    i = tokens[2 * n + 1]
                    at = self.copy(start, i, at)
            found = str(views[0][:at], "utf-8")
        if found is None:
            found = line
        if words and not count and len(line) <= _COLUMNS:
            # Kept: labels, titles, messages come back. (A line with a number seldom does:
            # kept, it would push those out, the Stock Exchange's forms' above all.)
            cache = self.kept
            if len(cache) >= _CACHE:
                # One out (the oldest on CPython, any on the chip), not all: a render looks up
                # about 5 lines, and those of the screen drawn before are often asked again.
                del cache[next(iter(cache))]
            cache[line] = found
        return found

    def entry(self, key: int, count: int, numbers: bool):
        """The text of the key hashed `key`, read from the flash with its bucket's block (or
        kept: a text with "#"s, looked up before), its "#"s filled with the line's first `count`
        digit tokens (their numbers in the language's style when `numbers`); None when the table
        has no such key or it cannot be read."""
        views = self.parts
        cache = self.kept
        # A text with "#"s is kept by its key's hash (an int: no line's str) from its second
        # lookup (0 after its first: the boot summary's lines come once), so that the same line
        # with other numbers reads no flash.
        text = cache.get(key) if count else None
        if not text:
            index = self.index
            b = key & 0xFF
            size = index[_GROUPS + b]  # the bucket's block
            if not size:
                return None  # (no read: an empty bucket)
            start = index[b >> 3 & 0x1E] << 8 | index[(b >> 3 & 0x1E) + 1]  # its group's
            if b & 15:  # and the blocks before it in the group, summed in C
                start += sum(index[_GROUPS + (b & 0xF0) : _GROUPS + b])
            try:
                self.file.seek(_HEADER + _INDEX + start)
                if size > _BLOCK or self.file.readinto(views[0][:size]) != size:
                    raise OSError(5)  # EIO: the table is cut short (the compiler makes none)
            except OSError:
                return None
            # The block: its entry count n; the entries' hashes (their high 16 bits), n x 2
            # bytes, found in C; where each text ends (a byte each, from the texts' start); the
            # texts, in the entries' order.
            block = views[3]
            n = block[0]
            k = 1 + 2 * n  # where the text ends are
            b = block.find((key >> 8).to_bytes(2, "big"), 1, k)
            while b > 0 and not b & 1:  # across two hashes: an entry's is at an odd place
                b = block.find((key >> 8).to_bytes(2, "big"), b + 1, k)
            if b < 0:
                return None
            start = k + n + block[k + (b >> 1) - 1] if b > 1 else k + n
            b = k + n + block[k + (b >> 1)]
            if b > size or start > b:
                return None  # (the compiler makes none such)
            if not count:
                return str(views[0][start:b], "utf-8")  # (no "#": the text as it is)
            if text is None:
                if len(cache) >= _CACHE:
                    del cache[next(iter(cache))]  # (one out, not all: see translate())
                cache[key] = 0
                text = bytes(views[0][start:b])
            else:
                text = cache[key] = bytes(views[0][start:b])
        # Its "#"s filled, in C but for a few bytecodes a mark, as bytes: a str made is looked
        # for among the interpreter's names (a walk over a thousand of them): one str a line.
        tokens = views[2]
        if count == 1 and not numbers:  # one number, as the line writes it (most lines)
            b = text.find(b"#")
            if text.find(b"#", b + 1) < 0 and (b + 1 == len(text) or not 48 < text[b + 1] < 58):
                # its one plain "#": the token put in its place in C
                return str(text.replace(b"#", bytes(views[1][tokens[0] : tokens[1]])), "utf-8")
        parts = text.split(b"#")
        k = 0  # the next token a plain "#" takes
        for m in range(1, len(parts)):
            part = parts[m]
            n = k
            if part and 48 < part[0] < 58:  # "#1".."#9"
                n = part[0] - 49
                part = part[1:]
            else:
                k += 1
            if n < count:
                start = tokens[2 * n]
                b = tokens[2 * n + 1]
                if numbers:
                    b = self.copy(start, b, 0)
                    start = 0
                part = bytes(views[0 if numbers else 1][start:b]) + part
            parts[m] = part
        return str(b"".join(parts), "utf-8")

    def copy(self, start: int, end: int, at: int) -> int:
        """Token _codes[start:end] written into _out from `at` in the language's number style
        (a point as its decimal mark, an English grouping comma left out, an ordinal's ending
        as the language's: 1ST, 22ND, 3RD=); the end in _out. (_out holds a text and a line:
        room for both.)"""
        views = self.parts
        data = views[4]
        out = views[3]
        # An ordinal (digits, then ST ND RD or TH, then a tie's "=" or nothing), in a language
        # with its own ending: its digits, that ending, then the rest.
        policy = self.policy
        last = end - 1 if data[end - 1] == _EQUALS else end
        pair = data[last - 2] << 8 | data[last - 1] if last - start > 2 else 0
        if policy[1] and pair in (0x5354, 0x4E44, 0x5244, 0x5448):  # ST ND RD TH
            digits = True
            for j in range(start, last - 2):
                if not 47 < data[j] < 58:
                    digits = False
            if digits:
                suffix = policy[1]
                if last - 2 == start + 1 and data[start] == 49:
                    suffix = policy[2]
                out[at : at + last - 2 - start] = views[1][start : last - 2]
                at += last - 2 - start
                out[at : at + len(suffix)] = suffix
                at += len(suffix)
                start = last  # (then the "=" of a tie, if any)
        out[at : at + end - start] = views[1][start:end]  # (copied in C, then its marks)
        comma = out.find(b",", at + 1, at + end - start - 1)
        while comma >= 0:  # 1,210: the English grouping, left out (before the point's mark)
            if 47 < out[comma - 1] < 58 and 47 < out[comma + 1] < 58:
                out[comma : at + end - start - 1] = out[comma + 1 : at + end - start]
                end -= 1
            comma = out.find(b",", comma + 1, at + end - start - 1)
        point = out.find(b".", at, at + end - start)
        if point >= 0:
            out[point] = policy[0]
        return at + end - start


def load(board, code: str):
    """The screen's language `code` (not English) on this unit: its Table, its index read,
    or None when the table is missing or unreadable (the screens stay English). The tables are
    in the flash's "lang" folder, or where the board says (board.lang_fs: the simulator's, the
    web's)."""
    fs = getattr(board, "lang_fs", None)
    if fs is None:
        from store.fs import DeviceFS

        fs = DeviceFS("lang")
    table = Table(fs, code)
    if not table.load():
        return None
    return table
