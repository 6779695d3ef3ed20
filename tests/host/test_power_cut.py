"""Power cut at every write point of a 200-transaction game: nothing confirmed is ever lost.

The game is played once for real (firmware, board file and virtual parts, in VirtualUnit) and
every call the unit makes on its store is recorded. Then, for each write point n of that game
(each write, flush, close, rename and remove on the flash), the same calls are replayed on a
fresh virtual flash that loses power at point n, the store boots from what is on the flash, and
the rebuilt state must be one the game really passed through: every transaction acknowledged
before the cut, at most the one being written, none twice. The game takes transactions back
with C (undo records) too, so cuts also land on an undo being written. Compaction is made
frequent so cuts also land inside snapshots. A sample of cut points is also run end to end in
the simulator.
"""

import os
import pathlib

import pytest
from editions.electronic_banking.edition import ElectronicBanking

from host_sim import VirtualUnit
from peripherals.flash import PowerCut, VirtualFlash
from peripherals.wiring import card_id
from rules.cards import CardRegistry
from store.store import Store

TRANSACTIONS = 200
COMPACT_EVERY = 40  # five snapshots in the game
ENROLLMENT = [("card", card_id(n), n) for n in range(1, 7)]


def play_game(unit: VirtualUnit) -> None:
    """200 transactions of every kind, as a banker would key them, some taken back with C."""
    done = 0
    while done < TRANSACTIONS:
        payer, payee = (1, 2) if done % 14 == 0 else (2, 1)  # turn about: nobody runs dry
        unit.insert(card=payer, slot="red")
        unit.insert(card=payee, slot="green")
        for amount in ("10K", "20K", "1.5M", "30K"):  # transfers
            unit.type(amount)
            if amount == "1.5M":
                unit.press("C")  # taken back at once: an undo record
        unit.remove("red")
        unit.type("2M")  # a credit from the bank
        unit.remove("green")
        unit.insert(card=3, slot="green")
        unit.press("go")  # GO
        if done % 14 == 7:
            unit.press("C")  # the GO taken back, then collected again
            unit.press("go")
        unit.remove("green")
        unit.insert(card=2, slot="red")
        unit.type("40K")  # a payment to the bank
        unit.remove("red")
        done += 7


def fingerprint(edition: ElectronicBanking) -> tuple:
    return tuple(edition.ledger.balances), tuple(sorted(edition.registry.numbers.items()))


def fresh_edition() -> ElectronicBanking:
    return ElectronicBanking(registry=CardRegistry(6, auto_enroll=False))


@pytest.fixture(scope="session")  # once a worker: the sweep's tests are dealt out apart
def recorded_game(tmp_path_factory):
    """(calls, states): the store calls of the game, and the state after each append."""
    calls: list = []
    with VirtualUnit(flash_dir=str(tmp_path_factory.mktemp("game"))) as unit:
        store = unit.unit.store
        store.compact_every = COMPACT_EVERY
        real_append, real_compact = store.append, store.compact

        def append(records):
            real_append(records)
            calls.append(("append", [tuple(r) for r in records]))

        def compact(state_records):
            calls.append(("compact", [tuple(r) for r in state_records]))
            return real_compact(state_records)

        store.append, store.compact = append, compact
        play_game(unit)
        live = fingerprint(unit.unit.edition)
    edition = fresh_edition()
    for record in ENROLLMENT:
        edition.restore(record)
    states = [fingerprint(edition)]
    for kind, records in calls:
        if kind == "append":
            for record in records:
                edition.restore(record)
            states.append(fingerprint(edition))
    assert states[-1] == live  # the recording is faithful to what the unit did
    appends = sum(1 for kind, _ in calls if kind == "append")
    assert appends >= TRANSACTIONS and sum(1 for kind, _ in calls if kind == "compact") >= 4
    undos = [r for kind, records in calls if kind == "append" for r in records if r[0] == "undo"]
    assert len(undos) >= TRANSACTIONS // 7 + TRANSACTIONS // 14  # every 1.5M and every other GO
    return calls, states


def boot(flash: VirtualFlash) -> tuple:
    records, problems = Store(flash).load()
    edition = fresh_edition()
    for record in records:
        edition.restore(record)
    assert edition.ledger.invariant_holds()
    return fingerprint(edition), problems


def count_write_points(tmp_path_factory, calls: list) -> int:
    flash = VirtualFlash(str(tmp_path_factory.mktemp("count")))
    Store(flash).append(ENROLLMENT)
    start = flash.write_points
    replay_after_enrollment(flash, calls)
    return flash.write_points - start


# The sweep of each seed in SHARDS tests, every SHARDS-th write point each (shard k: k + 1,
# k + 1 + SHARDS, ...): together every write point, in tests short enough for pytest-xdist's
# workers to share (make test).
SHARDS = 4


@pytest.mark.slow
@pytest.mark.parametrize("shard", range(SHARDS))
@pytest.mark.parametrize("seed", [0, 1])
def test_a_cut_at_every_write_point_loses_nothing(recorded_game, tmp_path_factory, seed, shard):
    calls, states = recorded_game
    total = count_write_points(tmp_path_factory, calls)
    print(
        "\n%d write points, every %dth cut from %d, one at a time (seed %d)"
        % (total, SHARDS, shard + 1, seed)
    )
    assert total >= 3 * TRANSACTIONS
    root = tmp_path_factory.mktemp("cuts")
    for n in range(1 + shard, total + 1, SHARDS):
        folder = root / ("cut%d" % n)
        folder.mkdir()
        flash = VirtualFlash(str(folder), seed=seed * 100003 + n)
        Store(flash).append(ENROLLMENT)
        flash.cut_after(n)
        acknowledged = replay_after_enrollment(flash, calls)
        flash.restore_power()
        state, problems = boot(flash)
        # The screen says "done" only for acknowledged appends; the one being written when the
        # power went may or may not have landed. Nothing else is acceptable.
        assert state in (states[acknowledged], states[min(acknowledged + 1, len(states) - 1)]), (
            n,
            flash.last_cut,
            acknowledged,
            problems,
        )
        assert len(problems) <= 2, (n, problems)
        # The game goes on after the reboot: the next acknowledged record must survive too.
        store = Store(flash)
        records, _ = store.load()
        store.append([("tx", 0, 4, 10000)])
        edition = fresh_edition()
        for record in records + [("tx", 0, 4, 10000)]:
            edition.restore(record)
        assert boot(flash)[0] == fingerprint(edition), (n, flash.last_cut)


def replay_after_enrollment(flash: VirtualFlash, calls: list, history_bytes=None) -> int:
    """Replays the store calls on a flash that holds the enrollment; returns the appends
    acknowledged before the power went (all of them if it never did). history_bytes: the
    store's bound on the older generations it keeps (None: its own)."""
    store = Store(flash)
    store.load()
    store.compact_every = COMPACT_EVERY
    if history_bytes is not None:
        store.history_bytes = history_bytes
    acknowledged = 0
    try:
        for kind, records in calls:
            if kind == "append":
                store.append(records)
                acknowledged += 1
            else:
                store.compact(records)
    except PowerCut:
        pass
    return acknowledged


HISTORY_BYTES = 2500  # one older generation (40 records and a snapshot) fits, two do not
SAMPLE_EVERY = 7  # the write points between compactions cut at in the history test


def compaction_points(flash: VirtualFlash, calls: list) -> set:
    """Replays the store calls (as replay_after_enrollment, with HISTORY_BYTES) and returns the
    flash's write points that fell inside a compaction."""
    store = Store(flash)
    store.load()
    store.compact_every = COMPACT_EVERY
    store.history_bytes = HISTORY_BYTES
    points: set = set()
    for kind, records in calls:
        before = flash.write_points
        if kind == "append":
            store.append(records)
        else:
            store.compact(records)
            points.update(range(before + 1, flash.write_points + 1))
    return points


def history_state(flash: VirtualFlash) -> tuple:
    """(first seq, state) of the history read back from the flash (store.replay)."""
    edition = fresh_edition()
    first = None
    for seq, record in Store(flash).replay():
        first = seq if first is None else first
        edition.restore(record)
    assert edition.ledger.invariant_holds()
    return first, fingerprint(edition)


def test_a_cut_while_old_generations_go_leaves_a_readable_history(recorded_game, tmp_path):
    """Every write point again, with a bound that removes the oldest generation at the later
    compactions: the state after the reboot is as above, and the history read back from the
    flash is whole: replayed from its start it ends in exactly that state."""
    calls, states = recorded_game
    (tmp_path / "count").mkdir()
    counting = VirtualFlash(str(tmp_path / "count"))
    Store(counting).append(ENROLLMENT)
    start = counting.write_points
    compacting = compaction_points(counting, calls)
    total = counting.write_points - start
    removals = sorted(name for name in os.listdir(tmp_path / "count") if name[:4] == "log.")
    assert removals[0] != "log.0"  # the bound removed old journals in this game
    # Every point of every compaction (snapshot, rename, removals: where the history's files
    # change), and every SAMPLE_EVERY-th point between them (appends: the test above cuts at
    # each of those already, and a torn journal line reads back the same in both).
    cuts = sorted({n - start for n in compacting} | set(range(1, total + 1, SAMPLE_EVERY)))
    assert len(compacting) > 5 * 2  # five compactions, each a snapshot, a rename, removals
    for n in cuts:
        folder = tmp_path / ("cut%d" % n)
        folder.mkdir()
        flash = VirtualFlash(str(folder), seed=n)
        Store(flash).append(ENROLLMENT)
        flash.cut_after(n)
        acknowledged = replay_after_enrollment(flash, calls, HISTORY_BYTES)
        flash.restore_power()
        state, problems = boot(flash)
        assert state in (states[acknowledged], states[min(acknowledged + 1, len(states) - 1)])
        assert len(problems) <= 2, (n, problems)
        first, history_end = history_state(flash)
        assert history_end == state, (n, flash.last_cut, first)
        assert first is not None and first <= max(1, store_seq(flash) - 2 * COMPACT_EVERY), n


def store_seq(flash: VirtualFlash) -> int:
    store = Store(flash)
    store.load()
    return store.seq


def test_after_a_cut_the_game_goes_on_and_survives_the_next_boot(recorded_game, tmp_path):
    calls, states = recorded_game
    flash = VirtualFlash(str(tmp_path), seed=7)
    Store(flash).append(ENROLLMENT)
    flash.cut_after(100)
    acknowledged = replay_after_enrollment(flash, calls)
    flash.restore_power()
    store = Store(flash)
    records, _ = store.load()
    edition = fresh_edition()
    for record in records:
        edition.restore(record)
    before = fingerprint(edition)
    assert before in (states[acknowledged], states[acknowledged + 1])
    store.append([("tx", 0, 4, 10000)])  # the first transaction after the reboot
    edition.restore(("tx", 0, 4, 10000))
    assert boot(flash)[0] == fingerprint(edition)


SAMPLED_CUTS = (5, 121, 242, 400, 547)


@pytest.mark.parametrize("cut", SAMPLED_CUTS)
def test_end_to_end_in_the_simulator(cut: int, tmp_path: pathlib.Path, recorded_game) -> None:
    """The real firmware, cut mid-game: after the reboot every transaction whose success cue
    played (the unit shows done at the same moment) is there, and at most one more."""
    with VirtualUnit(flash_dir=str(tmp_path), seed=cut) as unit:
        unit.unit.store.compact_every = COMPACT_EVERY
        unit.flash.cut_after(cut)
        with pytest.raises(PowerCut):
            play_game(unit)
        done_cues = ("credit", "debit", "transfer", "go", "undo")
        confirmed = sum(1 for cue in unit.sounds() if cue in done_cues)
        unit.flash.restore_power()
        unit.power_cycle()  # the cards stay in their slots, as on a real table
        edition = unit.unit.edition
        assert edition.ledger.invariant_holds()
        states = recorded_game[1]  # the same deterministic game, state after k transactions
        assert fingerprint(edition) in (states[confirmed], states[confirmed + 1]), (cut, confirmed)
