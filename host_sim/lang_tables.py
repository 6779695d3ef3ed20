"""Compiles a language's table, lang/<code>.txt, into the lang/<code>.tbl the unit reads
(firmware/ui/lang.py; the layout is in docs/languages.md). Used by tools/lang_table.py (the deploy
tree) and by the simulator, which compiles the tables into its virtual flash.

lang/<code>.txt: "// comment" lines, blank lines, and "ENGLISH = TRANSLATION" lines. ENGLISH is a
line as the screen shows it, every space-separated token that holds a digit written "#" (so a key
may begin with "#": comments are "//"); TRANSLATION has as many "#"s (a "#" takes the line's next
token; "#1".."#9" a given one). A text that holds " = " itself (GO = YES   C = NO) holds as many
in both halves: the separator is the middle " = " of the line."""

import binascii
import io
import pathlib
import re
import struct

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "lang"  # lang/<code>.txt, in the repository
MAGIC = b"LTB3"
BLOCK_MOST = 255  # bytes of a bucket's block (its entries and texts): the unit reads it at once
LINE_MAX = 71  # UTF-8 bytes of a key or a text (firmware/ui/lang.py's _LINE_MAX)
TOKENS = 8  # digit tokens of a line (its _TOKENS)
_DIGIT = re.compile(r"[0-9]")
_MARK = re.compile(r"#([1-9])?")


class TableError(ValueError):
    """A table that cannot be compiled: the message names the line(s) at fault."""


def normalize(line: str) -> str:
    """The table's key for a line as drawn: each space-separated token holding a digit is "#"."""
    return " ".join("#" if _DIGIT.search(token) else token for token in line.split(" "))


def key_hash(key: str) -> int:
    """The key's 24-bit hash, as the unit computes it (firmware/ui/lang.py, a token at a time):
    the low 24 bits of the CRC-32 of its UTF-8."""
    return binascii.crc32(key.encode()) & 0xFFFFFF


def fill(text: str, tokens: list) -> str:
    """A translation's "#"s filled with the line's digit tokens, as the unit fills them."""
    following = iter(range(len(tokens)))

    def one(mark: re.Match) -> str:
        n = int(mark.group(1)) - 1 if mark.group(1) else next(following, len(tokens))
        return tokens[n] if n < len(tokens) else ""

    return _MARK.sub(one, text)


def translate(entries: dict, line: str) -> str:
    """The unit's translation of `line` by `entries` (parse()'s), for tests and tools."""
    text = entries.get(normalize(line))
    if text is None:
        return line
    return fill(text, [t for t in line.split(" ") if _DIGIT.search(t)])


def parse(source: str, name: str = "table") -> dict:
    """{key: translation} of a table's text; TableError naming the line at fault."""
    entries: dict = {}
    where: dict = {}
    for number, raw in enumerate(source.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        parts = line.split(" = ")
        at = "%s:%d" % (name, number)
        if len(parts) % 2:  # no " = ", or not as many in both halves
            raise TableError("%s: not ENGLISH = TRANSLATION: %r" % (at, raw))
        half = len(parts) // 2
        english = " = ".join(parts[:half]).strip()
        text = " = ".join(parts[half:]).strip()
        if not english or not text:
            raise TableError("%s: not ENGLISH = TRANSLATION: %r" % (at, raw))
        key = normalize(english)
        if key != english:
            raise TableError(
                "%s: write a token with a digit as #: %r, not %r" % (at, key, english)
            )
        if not english.isupper() or english.upper() != english:
            # ui.lang.Table looks up only a line with a capital and none in lower case (the
            # screens' texts are in capitals): another would never be found
            raise TableError("%s: %r is not in capitals" % (at, english))
        wanted = key.split(" ").count("#")
        marks = _MARK.findall(text)
        plain = [m for m in marks if not m]
        numbered = [int(m) for m in marks if m]
        if plain and numbered:
            raise TableError("%s: %r mixes # and #N" % (at, text))
        if len(marks) != wanted or (numbered and sorted(numbered) != list(range(1, wanted + 1))):
            raise TableError(
                "%s: %r has %d # but %r has %s" % (at, english, wanted, text, len(marks) or "no")
            )
        if wanted > TOKENS:
            raise TableError("%s: more than %d numbers in %r" % (at, TOKENS, english))
        for part in (english, text):
            if len(part.encode()) > LINE_MAX:
                raise TableError("%s: %r is over %d bytes" % (at, part, LINE_MAX))
        if key in entries:
            raise TableError("%s: %r is also %s" % (at, english, where[key]))
        entries[key] = text
        where[key] = at
    return entries


def compile_entries(entries: dict) -> bytes:
    """The .tbl of {key: translation} (docs/languages.md): a block a bucket (a hash's low byte),
    its entries by hash, the blocks' group starts and sizes before them. TableError naming both
    keys on a hash collision, or the keys of a bucket whose block is over the unit's read."""
    hashed: dict = {}
    for key in entries:
        h = key_hash(key)
        if h in hashed:
            raise TableError("hash collision: %r and %r (0x%06x)" % (hashed[h], key, h))
        hashed[h] = key
    blocks = bytearray()
    sizes = bytearray()
    starts = []  # where each group of 16 buckets' blocks starts
    for bucket in range(256):
        if not bucket % 16:
            starts.append(len(blocks))
        inside = sorted(h for h in hashed if h & 0xFF == bucket)
        if not inside:
            sizes.append(0)
            continue
        texts = [entries[hashed[h]].encode() for h in inside]
        # its entry count; their hashes' high 16 bits (the unit finds one in C); where each text
        # ends, counted from the first's start (a byte); the texts
        ends = [sum(len(t) for t in texts[: n + 1]) for n in range(len(texts))]
        block = bytes([len(inside)])
        block += b"".join(struct.pack(">H", h >> 8) for h in inside)
        block += bytes(end & 0xFF for end in ends)
        block += b"".join(texts)
        if len(block) > BLOCK_MOST:
            crowded = [hashed[h] for h in inside]
            raise TableError("over %d bytes in one bucket: %r" % (BLOCK_MOST, crowded))
        sizes.append(len(block))
        blocks += block
    starts.append(len(blocks))
    if len(blocks) > 0xFFFF:
        raise TableError("the texts are over 64 KB")
    head = MAGIC + struct.pack(">HH", len(entries), len(blocks))
    return head + b"".join(struct.pack(">H", start) for start in starts) + sizes + bytes(blocks)


def compile_file(source: pathlib.Path) -> bytes:
    """The .tbl of a lang/<code>.txt file."""
    return compile_entries(parse(source.read_text(encoding="utf-8"), source.name))


def codes() -> list:
    """The languages with a table in the repository (besides English, which needs none)."""
    return sorted(path.stem for path in SOURCES.glob("*.txt"))


def write_tables(folder: pathlib.Path) -> list:
    """Compile every lang/*.txt into folder/<code>.tbl; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for code in codes():
        target = folder / (code + ".tbl")
        target.write_bytes(compile_file(SOURCES / (code + ".txt")))
        written.append(target)
    return written


class TablesFS:
    """The flash's folder of language tables for the simulator: open(<code>.tbl, "rb") gives
    lang/<code>.txt compiled (once a process), as make deploy-tree puts it on a unit."""

    _compiled: dict = {}

    def open(self, name: str, mode: str):
        code = name.removesuffix(".tbl")
        source = SOURCES / (code + ".txt")
        if "w" in mode or "a" in mode or not name.endswith(".tbl") or not source.exists():
            raise OSError(2, "no table " + name)
        if code not in self._compiled:
            self._compiled[code] = compile_file(source)
        return io.BytesIO(self._compiled[code])
