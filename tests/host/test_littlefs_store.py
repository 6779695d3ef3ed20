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
from editions.electronic_banking.edition import ElectronicBanking

from peripherals.flash import PowerCut, _Xorshift
from peripherals.littlefs_flash import (
    PICO_BLOCKS,
    RP2_CONFIG,
    LittleFSFlash,
    NorChip,
)
from rules.cards import CardRegistry
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


@pytest.fixture(scope="session")  # once a worker: the slow tests run apart from the others
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


def sweep(start: bytes, log: list, states: list, seed: int) -> None:
    """Cuts every operation of the log in turn (see the module's docstring) and checks what
    boots from each cut image."""
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


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(SEEDS))
def test_a_cut_at_every_program_and_erase_loses_nothing(logged_game, seed) -> None:
    start, log, states = logged_game
    erases = sum(1 for op in log if op[0] == "erase")
    print("\n%d programs and %d erases cut, one at a time" % (len(log) - erases, erases))
    assert erases >= TRANSACTIONS // 2 and len(log) > 3 * TRANSACTIONS
    sweep(start, log, states, seed)


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


# ---- a nearly full flash: the history yields to play (issue 28) -----------------------------

ENOSPC = 28
OTHER = "other."  # files that are not the unit's, filling the flash


def fill_up(flash: LittleFSFlash, free_blocks: int) -> None:
    """Files not the unit's until the filesystem has `free_blocks` blocks free."""
    n = 0
    while flash.statvfs()[3] > free_blocks:
        need = flash.statvfs()[3] - free_blocks
        blocks = min(need - 1, 16) if need > 2 else 1  # the last ones one by one
        flash.write_file(OTHER + str(n), b"o" * (blocks * RP2_CONFIG["block_size"] - 64))
        n += 1
    assert flash.statvfs()[3] == free_blocks


def on_flash(flash: LittleFSFlash) -> list:
    """The store's generations on flash, oldest first: (generation, snapshot there, journal
    there)."""
    names = flash.listdir()
    found = []
    for name in names:
        if name.startswith(("snap.", "log.")) and not name.endswith(".tmp"):
            generation = int(name.split(".")[1])
            if generation not in found:
                found.append(generation)
    found.sort()
    return [(g, "snap.%d" % g in names, "log.%d" % g in names) for g in found]


def play_as_the_unit(store: Store, edition, appends: list, check=None) -> tuple:
    """The appends as the shell makes them (app.storage_handoff): append; a refusal changes nothing
    (the screen says FLASH FULL or STORAGE FAILED); applied; a compaction when due (False:
    retried after the next record). Returns (states after each acknowledged append, refusals:
    (index, errno))."""
    states = []
    refused = []
    for i, records in enumerate(appends):
        try:
            store.append(records)
        except OSError as error:
            refused.append((i, error.args[0]))
            continue
        if isinstance(store.fs.chip, LoggingChip):
            store.fs.chip.acknowledged += 1
        for record in records:
            edition.restore(record)
        states.append(fingerprint(edition))
        if store.compact_due():
            store.compact(edition.snapshot_records())
        if check is not None:
            check(store)
    return states, refused


def counting_removals(store: Store) -> list:
    """Wraps store.make_room: the generations each removal for a refused write took."""
    taken: list = []
    real = getattr(store, "make_room", None)
    if real is None:
        return taken  # a store that never removes history for a refused write

    def make_room(error):
        before = on_flash(store.fs)
        done = real(error)
        if done:
            taken.append(sorted(set(before) - set(on_flash(store.fs)))[0][0])
        return done

    store.make_room = make_room
    return taken


def newest_kept_and_oldest_gone(store: Store) -> None:
    """Never the newest snapshot or journal removed; the generations kept, a run of
    consecutive ones ending at the newest: so the removed ones were the oldest."""
    kept = on_flash(store.fs)
    generations = [g for g, _snap, _log in kept]
    assert generations == list(range(generations[0], store.generation + 1)), kept
    assert store.generation == 0 or kept[-1][1], kept  # snap.<newest>
    if store.log_records:
        assert kept[-1][2], kept  # log.<newest>, once it has a record
    for _g, snap, _log in kept[1:]:
        assert snap, kept  # only the oldest may be a journal whose snapshot went first


def test_a_long_game_on_a_nearly_full_pico_records_every_transaction() -> None:
    """Issue 28: other files leave 20 free blocks on a Pico's flash. Before, the history kept
    (96 KB at most) filled them: from transaction 1,268 on every one was refused, reboots or
    not. Now the oldest generations yield: all 3,000 are recorded, and a reboot has every
    balance right, with no problem reported."""
    flash = LittleFSFlash.pico()
    fill_up(flash, 20)
    store = Store(flash)
    store.load()
    taken = counting_removals(store)
    edition = fresh_edition()
    states, refused = play_as_the_unit(
        store, edition, [CARDS] + game_appends(3000), newest_kept_and_oldest_gone
    )
    assert refused == [] and len(states) == 3001 and store.seq == 3001
    assert store.history_removals > 0 and store.generation >= 14
    # The bound followed the free space at each compaction: the reserve kept, history left.
    assert flash.statvfs()[3] * RP2_CONFIG["block_size"] >= store.reserve
    assert len(on_flash(flash)) >= 3  # history beyond the newest two, as the room allows
    assert taken == sorted(taken)  # any removal for a refused write took the oldest
    again = Store(flash.remount())
    records, problems = again.load()
    booted = fresh_edition()
    for record in records:
        booted.restore(record)
    assert problems == [] and fingerprint(booted) == fingerprint(edition)
    assert booted.ledger.invariant_holds() and again.seq == 3001
    assert [n for n in flash.listdir() if n.startswith(OTHER)] != []  # never the owner's


def test_the_removal_and_retry_path_when_no_reserve_is_kept() -> None:
    """With no reserve the history grows until the flash refuses an append, a mark or a
    snapshot (ENOSPC): each time the oldest generation goes and the write is tried again."""
    flash = LittleFSFlash.pico()
    fill_up(flash, 12)
    store = Store(flash)
    store.load()
    store.reserve = 0
    store.compact_every = 40
    taken = counting_removals(store)
    edition = fresh_edition()
    states, refused = play_as_the_unit(
        store, edition, [CARDS] + game_appends(1500), newest_kept_and_oldest_gone
    )
    assert refused == [] and len(states) == 1501
    assert len(taken) >= 5 and taken == sorted(taken), taken
    records, problems = Store(flash.remount()).load()
    booted = fresh_edition()
    for record in records:
        booted.restore(record)
    assert problems == [] and fingerprint(booted) == fingerprint(edition)


def test_flash_full_when_the_newest_generation_itself_cannot_be_written() -> None:
    """The owner's files take every block the unit frees: the history goes, and then the
    journal cannot grow. Only then is an append refused (ENOSPC: the screen's FLASH FULL);
    nothing changes, every acknowledged transaction survives, and the newest snapshot and
    journal stay."""
    flash = LittleFSFlash.pico()
    fill_up(flash, 20)
    store = Store(flash)
    store.load()
    edition = fresh_edition()
    states, refused = play_as_the_unit(store, edition, [CARDS] + game_appends(500))
    assert refused == []
    n = 0
    for _ in range(20):  # the owner's files grow into whatever the unit leaves free
        try:
            while True:
                flash.write_file(OTHER + "late%d" % n, b"o" * 1000)
                n += 1
        except OSError as error:
            assert error.args[0] == ENOSPC
        seq = store.seq
        more, refused = play_as_the_unit(store, edition, game_appends(50))
        assert store.seq == seq + len(more)  # a refused append took no number
        if refused:
            break
    assert refused and all(errno == ENOSPC for _i, errno in refused)
    assert [g for g, _s, _l in on_flash(flash)] == [store.generation]  # all history yielded
    records, problems = Store(flash.remount()).load()
    booted = fresh_edition()
    for record in records:
        booted.restore(record)
    assert problems == [] and fingerprint(booted) == fingerprint(edition)


def logged_full_game(free_blocks: int, reserve: int | None) -> tuple:
    """The sweep's game (200 transactions, a snapshot every 40) on a flash that other files
    fill to `free_blocks` free blocks before the log starts; reserve None: the store's own."""
    chip = LoggingChip(RP2_CONFIG["block_size"], PICO_BLOCKS)
    flash = LittleFSFlash(chip)
    fill_up(flash, free_blocks)
    chip.log.clear()  # the format and the owner's files: before the game, never cut
    chip.acknowledged = 0
    start = bytes(chip.buffer)
    store = Store(flash)
    store.load()
    store.compact_every = COMPACT_EVERY
    if reserve is not None:
        store.reserve = reserve
    taken = counting_removals(store)
    states, refused = play_as_the_unit(store, fresh_edition(), [CARDS] + game_appends(200))
    assert refused == []
    return start, chip.log, states, taken, store.history_removals


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(SEEDS))
def test_a_cut_at_every_operation_of_the_removal_and_retry_path_loses_nothing(seed) -> None:
    """5 blocks free and no reserve: the flash refuses appends and snapshots (ENOSPC) four
    times in the game, each time the oldest generation is removed and the write tried again.
    Every program and erase of it is cut; each boot (which, short of the store's reserve,
    removes history too) finds every acknowledged transaction."""
    start, log, states, taken, _removals = logged_full_game(5, 0)
    assert len(taken) >= 3 and taken == sorted(taken), taken
    sweep(start, log, states, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(SEEDS))
def test_a_cut_at_every_operation_of_the_bound_following_free_space_loses_nothing(seed) -> None:
    """12 blocks free and the store's reserve (32 KB): the compactions remove the history the
    free space cannot hold beside the reserve. Every program and erase of it is cut."""
    start, log, states, taken, removals = logged_full_game(12, None)
    assert taken == [] and removals >= 3
    sweep(start, log, states, seed)
