# Language tables for the lang suite (portable): a table built from entries as
# host_sim/lang_tables.py compiles it, with the firmware's own hash, and a flash that holds it.
import binascii
import io
from struct import pack_into


def key_hash(key: bytes) -> int:
    """The 24-bit hash of a normalized key, as the unit computes it while it reads a line
    (ui.lang.Table.translate) and the compiler does (host_sim.lang_tables.key_hash): the low
    24 bits of its CRC-32."""
    return binascii.crc32(key) & 0xFFFFFF


def table_bytes(entries: dict) -> bytes:
    """The .tbl of {key: translation}: tests/host/test_lang_table.py checks it is the host's.
    (Written into one bytearray: the lang suite's MicroPython heap is small.)"""
    hashed = sorted(
        (key_hash(key.encode()) & 0xFF, key_hash(key.encode()), key) for key in entries
    )
    texts = [entries[key].encode() for _, _, key in hashed]
    buckets = [bucket for bucket, _, _ in hashed]
    size = sum(3 + len(text) for text in texts) + len(set(buckets))
    table = bytearray(8 + 290 + size)
    pack_into(">4sHH", table, 0, b"LTB3", len(hashed), size)
    at = 0  # in the blocks
    n = 0
    for bucket in range(256):
        if not bucket % 16:  # where the group of 16 buckets' blocks starts
            pack_into(">H", table, 8 + bucket // 8, at)
        inside = buckets.count(bucket)
        if inside:
            start = at
            table[8 + 290 + at] = inside  # the entry count
            at += 1
            for m in range(n, n + inside):  # the hashes' high 16 bits
                pack_into(">H", table, 8 + 290 + at, hashed[m][1] >> 8)
                at += 2
            ends = 0
            for m in range(n, n + inside):  # where each text ends, from the first's start
                ends += len(texts[m])
                table[8 + 290 + at] = ends
                at += 1
            for m in range(n, n + inside):
                table[8 + 290 + at : 8 + 290 + at + len(texts[m])] = texts[m]
                at += len(texts[m])
            n += inside
            table[8 + 34 + bucket] = at - start  # the block's size
    pack_into(">H", table, 8 + 32, at)
    return bytes(table)


class _File:
    """A table file open on the flash, its reads counted in its folder's `reads`."""

    def __init__(self, fs, data: bytes) -> None:
        self.fs = fs
        self.data = io.BytesIO(data)

    def read(self, size: int) -> bytes:
        self.fs.reads += 1
        return self.data.read(size)

    def readinto(self, buffer) -> int:
        self.fs.reads += 1
        return self.data.readinto(buffer)

    def seek(self, at: int) -> int:
        return self.data.seek(at)

    def close(self) -> None:
        self.data.close()


class TableFS:
    """A flash folder holding tables in memory: open(name, "rb") of <code>.tbl, counted, and
    the reads from the files it opened."""

    def __init__(self, tables: dict) -> None:
        self.tables = tables  # "fr.tbl" -> bytes
        self.opened = 0
        self.reads = 0

    def open(self, name: str, mode: str):
        if name not in self.tables:
            raise OSError(2)  # ENOENT
        self.opened += 1
        return _File(self, self.tables[name])


def normalized(line: str) -> bytes:
    """`line`'s key as the compiler writes it: each space-separated token with a digit "#"."""
    return " ".join(
        "#" if any("0" <= c <= "9" for c in token) else token for token in line.split(" ")
    ).encode()


def missed(line: str) -> int:
    """The key hash table.missed holds for `line` (looking())."""
    return key_hash(normalized(line))


def looking(table):
    """`table` (a ui.lang.Table) with its lookups recorded: the key hash of each line it looked
    for and found no entry of goes to table.missed (missed(line) gives it). The unit keeps no
    such list: a test wraps entry(), the method that looks a key up."""
    found_by = table.entry
    table.missed = []

    def entry(key, count, numbers):
        found = found_by(key, count, numbers)
        if found is None:
            table.missed.append(key)
        return found

    table.entry = entry
    return table
