"""The store on real LittleFS: flash wear measured, and a power cut at every program and erase.

LittleFS is the C library itself (littlefs-python), configured as MicroPython's rp2 port mounts
the Pico's flash (host_sim/peripherals/littlefs_flash.py: 352 blocks of 4 KB, 256-byte
programs, a 1 KB cache, block_cycles 100), on a simulated NOR chip that counts every block
program and erase.

The power-cut sweep plays a game of store calls once and logs every program and erase the
chip receives, with how many appends had been acknowledged before it. A cut at operation k
leaves the chip exactly as operations 1..k-1 left it, plus operation k torn (a seeded prefix
of a program's bytes, or of a block's erase); nothing after it runs. So each cut image is
rebuilt from the log rather than by replaying the game, LittleFS mounts it, the store boots,
and the state must be one the game passed through: every acknowledged append there, at most
the one being written, none twice, no problem reported, and the next append survives the next
mount. Every operation of the game is cut in CI (a few seconds); LITTLEFS_CUT_SEEDS=n runs n
different tearings of every operation (make fuzz runs 8).
"""

import os

import pytest

from peripherals.flash import PowerCut, _Xorshift
from peripherals.littlefs_flash import (
    PICO_BLOCKS,
    RP2_CONFIG,
    LittleFSFlash,
    NorChip,
)
from rules.cards import CardRegistry
from rules.electronic_banking import ElectronicBanking
from store.store import Store

CARDS = [("card", "c%d" % n, n) for n in range(1, 7)]
TRANSACTIONS = 200
COMPACT_EVERY = 40  # five snapshots in the game, as in test_power_cut.py
HISTORY_BYTES = 4000  # two older generations kept: the later compactions remove the oldest
SEEDS = int(os.environ.get("LITTLEFS_CUT_SEEDS", "1"))


def fresh_edition() -> ElectronicBanking:
    return ElectronicBanking(registry=CardRegistry(6, auto_enroll=False))


def fingerprint(edition: ElectronicBanking) -> tuple:
    return tuple(edition.ledger.balances), tuple(sorted(edition.registry.numbers.items()))


def game_appends(count: int) -> list:
    """count appends of a table's game: transfers, credits, payments, now and then a batch."""
    appends = []
    for i in range(count):
        payer, payee = 1 + i % 6, 1 + (i * 5 + 1) % 6
        if i % 9 == 4:
            appends.append([("tx", 0, payee, 2000000)])  # GO
        elif i % 9 == 7:
            appends.append([("tx", payer, 0, 50000), ("tx", 0, payee, 10000)])  # a batch
        else:
            appends.append([("tx", payer, payee, 10000 * (1 + i % 7))])
    return appends


class LoggingChip(NorChip):
    """Logs every program and erase with the appends acknowledged before it."""

    def __init__(self, block_size: int, block_count: int) -> None:
        super().__init__(block_size, block_count)
        self.log: list = []
        self.acknowledged = 0

    def prog(self, cfg, block: int, off: int, data: bytes) -> int:
        self.log.append(("program", block, off, bytes(data), self.acknowledged))
        return super().prog(cfg, block, off, data)

    def erase(self, cfg, block: int) -> int:
        self.log.append(("erase", block, 0, b"", self.acknowledged))
        return super().erase(cfg, block)


def play(flash: LittleFSFlash, appends: list, compact_every: int) -> list:
    """Plays the appends (compacting when due); returns the state after each acknowledged
    append, the enrolment first."""
    edition = fresh_edition()
    store = Store(flash)
    store.load()
    store.compact_every = compact_every
    store.history_bytes = HISTORY_BYTES
    states = []
    for records in [CARDS] + appends:
        store.append(records)
        flash.chip.acknowledged += 1
        for record in records:
            edition.restore(record)
        states.append(fingerprint(edition))
        if store.compact_due():
            assert store.compact(edition.snapshot_records())
    return states


@pytest.fixture(scope="module")
def logged_game():
    chip = LoggingChip(RP2_CONFIG["block_size"], PICO_BLOCKS)
    flash = LittleFSFlash(chip)
    chip.log.clear()  # the format: before the game, never cut
    chip.acknowledged = 0
    start = bytes(chip.buffer)
    states = play(flash, game_appends(TRANSACTIONS), COMPACT_EVERY)
    assert "log.0" not in flash.listdir() and "log.2" in flash.listdir()  # the bound at work
    return start, chip.log, states


def apply(image: bytearray, operation: tuple, block_size: int, keep: int | None = None) -> None:
    kind, block, off, data, _ = operation
    start = block * block_size + off
    if kind == "erase":
        size = block_size if keep is None else keep
        image[start : start + size] = b"\xff" * size
    else:
        size = len(data) if keep is None else keep
        for i in range(size):
            image[start + i] &= data[i]


def torn_length(rng: _Xorshift, size: int) -> int:
    """As NorChip tears: nothing, all but the last byte, or a length between."""
    roll = rng.next() % 4
    if roll == 0 or size < 2:
        return 0
    if roll == 1:
        return size - 1
    return rng.next() % size


def mount(image: bytearray) -> LittleFSFlash:
    chip = NorChip(RP2_CONFIG["block_size"], PICO_BLOCKS)
    chip.buffer[:] = image
    return LittleFSFlash(chip, format=False)


def boot(flash: LittleFSFlash) -> tuple:
    store = Store(flash)
    records, problems = store.load()
    edition = fresh_edition()
    for record in records:
        edition.restore(record)
    assert edition.ledger.invariant_holds()
    return store, edition, problems


@pytest.mark.parametrize("seed", range(SEEDS))
def test_a_cut_at_every_program_and_erase_loses_nothing(logged_game, seed) -> None:
    start, log, states = logged_game
    erases = sum(1 for op in log if op[0] == "erase")
    print("\n%d programs and %d erases cut, one at a time" % (len(log) - erases, erases))
    assert erases >= TRANSACTIONS // 2 and len(log) > 3 * TRANSACTIONS
    block_size = RP2_CONFIG["block_size"]
    image = bytearray(start)  # operations 1..k-1 applied
    for k, operation in enumerate(log):
        rng = _Xorshift(seed * 100003 + k)
        size = block_size if operation[0] == "erase" else len(operation[3])
        cut = bytearray(image)
        apply(cut, operation, block_size, torn_length(rng, size))
        apply(image, operation, block_size)
        acknowledged = operation[4]
        flash = mount(cut)
        store, edition, problems = boot(flash)
        # LittleFS commits a file at sync and close: a cut write vanishes whole, so no torn
        # line and no notice, ever.
        assert problems == [], (k, operation[:3], problems)
        before = states[acknowledged - 1] if acknowledged else (None,)
        after = states[min(acknowledged, len(states) - 1)]
        if acknowledged == 0:
            assert store.seq in (0, 1), k  # the enrolment: there or not, whole
        else:
            assert fingerprint(edition) in (before, after), (k, operation[:3], acknowledged)
        # The history read back across the generations left is whole: it ends in that state.
        history = fresh_edition()
        for _seq, record in store.replay():
            history.restore(record)
        assert fingerprint(history) == fingerprint(edition), (k, operation[:3])
        # The game goes on after the reboot, and its next record survives the next mount.
        store.append([("tx", 0, 4, 10000)])
        edition.restore(("tx", 0, 4, 10000))
        again = boot(mount(flash.chip.buffer))
        assert fingerprint(again[1]) == fingerprint(edition) and again[2] == [], k


def test_the_cut_is_torn_in_the_chip_and_the_adapter_raises_power_cut() -> None:
    flash = LittleFSFlash.pico(seed=3)
    store = Store(flash)
    store.append([("tx", 0, 1, 10000)])
    chip = flash.chip
    chip.cut_at(chip.operations + 1)
    with pytest.raises(PowerCut):
        store.append([("tx", 0, 1, 20000)])
    assert chip.last_cut is not None and not chip.powered
    with pytest.raises(PowerCut):
        flash.listdir()  # nothing runs after a cut
    records, problems = Store(flash.remount()).load()
    assert records in ([("tx", 0, 1, 10000)], [("tx", 0, 1, 10000), ("tx", 0, 1, 20000)])
    assert problems == []


# ---- wear -----------------------------------------------------------------------------------


def erases_per_append(appends: int, compact_every: int, marks: bool = True) -> tuple:
    """(erases per append, the most erases of any one block) over a game on a Pico's flash."""
    flash = LittleFSFlash.pico()
    store = Store(flash)
    store.compact_every = compact_every
    if not marks:
        store._write_mark = lambda: None  # the store as it was before the mark
    edition = fresh_edition()
    store.append(CARDS)
    for record in CARDS:
        edition.restore(record)
    chip = flash.chip
    erases = chip.erases
    for records in game_appends(appends):
        store.append(records)
        for record in records:
            edition.restore(record)
        if store.compact_due():
            assert store.compact(edition.snapshot_records())
    return (chip.erases - erases) / appends, max(chip.erases_by_block)


def test_the_issue_figure_reproduced_without_the_mark() -> None:
    """Issue 15 measured 149 erases for 203 appends and 5 snapshots (0.72 per append): the
    store without its mark, snapshots every 40, gives the same figure."""
    per_append, _ = erases_per_append(203, 40, marks=False)
    print("\nwithout the mark, snapshots every 40: %.2f erases per append" % per_append)
    assert 0.65 <= per_append <= 0.8


def test_erases_per_transaction_at_the_real_compaction_interval() -> None:
    """Past LittleFS's inline size (512 bytes here) every append copies the file's last block
    into a freshly erased one: about one erase per append. The mark (an inline file of 13-16
    bytes, one metadata commit) adds under a tenth of an erase. docs/storage.md's wear
    arithmetic uses these figures."""
    bare, _ = erases_per_append(600, Store.compact_every, marks=False)
    marked, hottest = erases_per_append(600, Store.compact_every)
    print(
        "\nsnapshots every %d: %.3f erases per append without the mark, %.3f with it"
        % (Store.compact_every, bare, marked)
    )
    assert 0.95 <= bare <= 1.05
    assert bare < marked <= bare + 0.12
    # The hottest blocks are the directory's metadata pair, erased each time its log of
    # commits fills; LittleFS moves the pair after block_cycles (100) erases, so no block
    # takes more than that in one stint: the wear is spread, not piled on two blocks.
    assert hottest <= RP2_CONFIG["block_cycles"] + 1
