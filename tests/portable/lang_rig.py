# Language tables for the lang suite (portable): a table built from entries as
# host_sim/lang_tables.py compiles it, with the firmware's own hash, and a flash that holds it.
import io
from struct import pack

from ui.lang import key_hash


def table_bytes(entries: dict) -> bytes:
    """The .tbl of {key: translation}: tests/host/test_lang_table.py checks it is the host's."""
    hashed = sorted((key_hash(key.encode()), key) for key in entries)
    index = b""
    texts = b""
    for h, key in hashed:
        index += pack(">BH", h >> 16, h & 0xFFFF) + pack(">H", len(texts))
        texts += entries[key].encode()
    index += b"\xff\xff\xff" + pack(">H", len(texts))
    return b"LTB1" + pack(">HH", len(entries), len(texts)) + index + texts


class TableFS:
    """A flash folder holding tables in memory: open(name, "rb") of <code>.tbl, counted."""

    def __init__(self, tables: dict) -> None:
        self.tables = tables  # "fr.tbl" -> bytes
        self.opened = 0

    def open(self, name: str, mode: str):
        if name not in self.tables:
            raise OSError(2)  # ENOENT
        self.opened += 1
        return io.BytesIO(self.tables[name])
