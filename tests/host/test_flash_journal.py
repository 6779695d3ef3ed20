"""The real store.journal on the virtual flash, cut at every write point of a short game.

The journal reaches the flash through its `fs` seam: Journal(path, fs=flash).
"""

import pytest

from peripherals.flash import PowerCut, VirtualFlash
from store.journal import Journal

BATCHES = (
    [("card", "04a1b2c3", 1), ("card", "04a1b2c4", 2)],
    [("tx", 0, 1, 2000000)],
    [("tx", 1, 2, 500000)],
    [("set", "sound", 0)],
    [("tx", 2, 0, 10000)],
)
AFTER_REBOOT = [("tx", 0, 2, 30000)]
SEEDS = (0, 1, 2, 3)


@pytest.fixture
def flash(tmp_path):
    return VirtualFlash(str(tmp_path))


def _play(journal: Journal) -> list:
    """Append every batch; returns the records of the batches that were acknowledged."""
    acknowledged: list = []
    for batch in BATCHES:
        journal.append(batch)
        acknowledged.extend(batch)
    return acknowledged


def _cut_game(flash: VirtualFlash, n: int) -> tuple:
    """Play the game with the n-th write point cut; (acknowledged, interrupted batch)."""
    journal = Journal("journal.log", fs=flash)
    acknowledged: list = []
    flash.cut_after(n)
    for batch in BATCHES:
        try:
            journal.append(batch)
        except PowerCut:
            flash.restore_power()
            return acknowledged, batch
        acknowledged.extend(batch)
    flash.cut_after(None)
    flash.restore_power()
    return acknowledged, None


def test_a_clean_game_counts_three_write_points_per_append(flash) -> None:
    records = _play(Journal("journal.log", fs=flash))
    assert flash.write_points == 3 * len(BATCHES)  # write, flush, close
    assert Journal("journal.log", fs=flash).load() == (records, [])


def _write_points_of_a_game(tmp_path_factory) -> int:
    flash = VirtualFlash(str(tmp_path_factory.mktemp("count")))
    _play(Journal("journal.log", fs=flash))
    return flash.write_points


@pytest.mark.parametrize("seed", SEEDS)
def test_a_cut_anywhere_loses_nothing_acknowledged(seed, tmp_path_factory) -> None:
    total = _write_points_of_a_game(tmp_path_factory)
    for n in range(1, total + 1):
        flash = VirtualFlash(str(tmp_path_factory.mktemp("cut")), seed=seed * 1000 + n)
        acknowledged, interrupted = _cut_game(flash, n)
        assert interrupted is not None, "write point %d was never reached" % n
        records, problems = Journal("journal.log", fs=flash).load()
        # Everything acknowledged is back; of the interrupted batch at most its first whole
        # records (a batch is not atomic; the firmware proposes one record at a time), and a
        # torn line is dropped and reported, never replayed as something else.
        assert records[: len(acknowledged)] == acknowledged, (n, flash.last_cut)
        assert records[len(acknowledged) :] in (
            [],
            interrupted[: len(records) - len(acknowledged)],
        )
        assert len(problems) <= 1, (n, problems)


@pytest.mark.parametrize("seed", SEEDS)
def test_records_appended_after_a_torn_line_survive(seed, tmp_path_factory) -> None:
    total = _write_points_of_a_game(tmp_path_factory)
    for n in range(1, total + 1):
        flash = VirtualFlash(str(tmp_path_factory.mktemp("reboot")), seed=seed * 1000 + n)
        _cut_game(flash, n)
        journal = Journal("journal.log", fs=flash)
        journal.load()  # the next boot
        journal.append(AFTER_REBOOT)
        records, _problems = Journal("journal.log", fs=flash).load()
        assert records[-1:] == AFTER_REBOOT, (n, flash.last_cut)


def test_a_full_flash_refuses_the_append_with_enospc(flash) -> None:
    journal = Journal("journal.log", fs=flash)
    journal.append(BATCHES[0])
    flash.fill(10)
    with pytest.raises(OSError) as refused:
        journal.append(BATCHES[1])
    assert refused.value.args[0] == 28
    records, problems = Journal("journal.log", fs=flash).load()
    assert records == BATCHES[0]
    assert problems == ["line 3 torn"]  # the 10 bytes that fitted are a torn line
