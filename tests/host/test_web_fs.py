"""boards/web.py's WebFS, the web page's flash: every write reaches the key-value storage (the
page's localStorage) before it returns, and a power-up lays the same bytes out again. Runs on
CPython with a dict standing in for localStorage (the page's own runs: tests/host/test_web.py).
"""

import errno

import pytest

import host_sim  # noqa: F401  (puts boards/, firmware/ and the parts on sys.path)
from boards.web import FLASH_KEY, WebFS
from store.store import Store


class Storage:
    """localStorage's calls: length, key(i), getItem, setItem, removeItem."""

    def __init__(self) -> None:
        self.items: dict = {}

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, i: int):
        return list(self.items)[i] if i < len(self.items) else None

    def getItem(self, key: str):  # noqa: N802 - the browser's name
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


def power_up(storage: Storage, folder) -> WebFS:
    fs = WebFS(storage, str(folder))
    fs.load()
    return fs


def test_a_write_is_stored_before_it_returns(tmp_path) -> None:
    storage = Storage()
    fs = power_up(storage, tmp_path / "a")
    handle = fs.open("log.0", "ab")
    handle.write(b'["tx", 0, 2, 50000] 1234abcd\n')
    # Not closed, not flushed by the caller: a reload now must still find the line.
    after_cut = power_up(storage, tmp_path / "b")
    with after_cut.open("log.0", "rb") as again:
        assert again.read() == b'["tx", 0, 2, 50000] 1234abcd\n'
    handle.close()


def test_any_bytes_survive_a_power_up(tmp_path) -> None:
    storage = Storage()
    fs = power_up(storage, tmp_path / "a")
    files = {"text": b"abc\x00\n", "binary": bytes(range(256)), "empty": b""}
    for name, data in files.items():
        with fs.open(name, "wb") as handle:
            handle.write(data)
    assert storage.items[FLASH_KEY + "text"] == "tabc\x00\n"  # ASCII kept as text
    assert storage.items[FLASH_KEY + "binary"].startswith("b")  # the rest as base64
    again = power_up(storage, tmp_path / "b")
    assert sorted(again.listdir()) == sorted(files)
    for name, data in files.items():
        with again.open(name, "rb") as handle:
            assert handle.read() == data


def test_rename_and_remove_reach_the_storage(tmp_path) -> None:
    storage = Storage()
    fs = power_up(storage, tmp_path / "a")
    with fs.open("snap.tmp", "wb") as handle:
        handle.write(b"state\n")
    fs.rename("snap.tmp", "snap.1")
    assert set(storage.items) == {FLASH_KEY + "snap.1"}
    fs.remove("snap.1")
    assert storage.items == {}
    assert power_up(storage, tmp_path / "b").listdir() == []


def test_a_missing_file_is_enoent_as_the_store_expects(tmp_path) -> None:
    fs = power_up(Storage(), tmp_path / "a")
    with pytest.raises(OSError) as raised:
        fs.open("nothing", "rb")
    assert raised.value.args[0] == errno.ENOENT


def test_the_store_reads_back_what_it_acknowledged(tmp_path) -> None:
    storage = Storage()
    records = [("card", "044d42414e4b01", 1), ("tx", 0, 1, 2000000), ("tx", 1, 0, 50000)]
    Store(power_up(storage, tmp_path / "a")).append(records)
    loaded = Store(power_up(storage, tmp_path / "b")).load()
    assert [tuple(r) for r in loaded[0]] == records
