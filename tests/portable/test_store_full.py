# The store on a full flash: the history yields to play (issue 28). The oldest generations
# are removed when the flash refuses a write as full (ENOSPC) or boot finds less free than the
# store's reserve; the newest generation is refused only when it cannot be written itself.
# micropython-heap: 100k (the virtual flash model, the store and the whole edition in one heap,
# as test_store.py; 96k failed a 4.5 KB flash block once the editions moved into packages)

from store_rig import edition_from as _edition
from store_rig import play as _play

from peripherals.flash import VirtualFlash, empty_dir
from store.store import Store

DIR = "store-full-test.tmp"


def _flash() -> VirtualFlash:
    return VirtualFlash(empty_dir(DIR))


def _game(count: int) -> tuple:
    """(flash, store, edition) after `count` transactions, a snapshot every 10."""
    flash = _flash()
    store = Store(flash)
    store.compact_every = 10
    live = _edition([])
    _play(store, live, count)
    return flash, store, live


def _generations(flash) -> list:
    return [n for n in flash.listdir() if n.startswith("snap.") or n.startswith("log.")]


def test_the_virtual_flash_answers_statvfs_and_a_capacity_gives_removed_bytes_back():
    flash = _flash()
    info = flash.statvfs()
    assert info[0] == info[1] == 4096 and info[2] == 352  # a Pico's 1408 KB filesystem
    Store(flash).append([("tx", 0, 1, 10000)])
    used = flash.used_bytes()
    flash.capacity(used + 8192)
    assert flash.statvfs()[2:4] == ((used + 8192) // 4096, 2)
    with flash.open("other", "wb") as other:
        other.write(b"x" * 4500)
    assert flash.statvfs()[3] == 0
    flash.remove("other")
    assert flash.statvfs()[3] == 2  # removing a file gives its bytes back


def test_a_full_flash_removes_the_oldest_generation_and_the_append_goes_on():
    flash, store, live = _game(45)
    assert _generations(flash) == ["log.0", "log.1", "log.2", "log.3", "log.4"] + [
        "snap.1",
        "snap.2",
        "snap.3",
        "snap.4",
    ]
    flash.capacity(flash.used_bytes() + 20)  # not room for the next line
    store.append([("tx", 0, 2, 10000)])
    live.restore(("tx", 0, 2, 10000))
    assert store.history_removals == 1 and "log.0" not in flash.listdir()  # the oldest
    assert "snap.1" in flash.listdir() and "log.4" in flash.listdir()
    records, problems = Store(flash).load()
    assert _edition(records).ledger.balances == live.ledger.balances and problems == []


def test_the_newest_generation_that_cannot_be_written_is_refused_and_nothing_changes():
    flash, store, live = _game(25)
    flash.fill(0)  # no byte more, whatever is removed
    seq = store.seq
    refused = False
    try:
        store.append([("tx", 0, 2, 10000)])
    except OSError as error:
        refused = error.args[0] == 28  # ENOSPC: the screen says FLASH FULL
    assert refused and store.seq == seq
    assert _generations(flash) == ["log.2", "snap.2"]  # only the newest is left
    flash.fill(None)
    records, _ = Store(flash).load()
    assert _edition(records).ledger.balances == live.ledger.balances


def test_a_full_flash_during_compaction_removes_history_and_the_snapshot_lands():
    flash, store, live = _game(39)
    store.append([("tx", 0, 3, 10000)])
    live.restore(("tx", 0, 3, 10000))
    flash.capacity(flash.used_bytes() + 100)  # a snapshot takes about 400 bytes
    assert store.compact(live.snapshot_records())
    assert store.generation == 4 and "snap.4" in flash.listdir()
    assert "log.0" not in flash.listdir() and store.compaction_failures == 0
    records, problems = Store(flash).load()
    assert _edition(records).ledger.balances == live.ledger.balances and problems == []


def test_boot_short_of_the_reserve_removes_the_oldest_history():
    flash, store, live = _game(45)
    flash.capacity(flash.used_bytes() + Store.reserve - 1200)  # the history must give 1200
    booted = Store(flash)
    records, problems = booted.load()
    assert problems == [] and _edition(records).ledger.balances == live.ledger.balances
    names = _generations(flash)
    assert "log.0" not in names and "snap.1" not in names and "log.1" not in names
    assert "snap.3" in names and "log.3" in names and "snap.4" in names  # the newest two
    assert booted.free_bytes() >= Store.reserve - 1200 + booted.history_removals * 300
