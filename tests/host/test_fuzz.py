"""The CI fuzz run (tools/fuzz.py is the long one): seeded random play of every edition through
its rules and through the simulator, a hypothesis property over any play, and proof that each
check of the fuzzer fails on a unit broken on purpose. The Stock Exchange (no cards, no
balances) has its own player, invariants and broken units."""

import collections
import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from app.editions import EDITIONS, make_edition, uses_cards
from rules.ledger import BANK, Ledger
from store.store import Store
from tools import fuzz
from tools.fuzz import (
    TICKS_PERIOD,
    MarketPlayer,
    Player,
    RulesRun,
    Violation,
    card_id,
    edition_keys,
    make_player,
    market_problem,
    replay,
    rules_fuzz,
    setup_enrolled,
    shrink,
    sim_fuzz,
)

SEEDS = (1, 2, 3, 4, 5)
CARD_EDITIONS = tuple(edition for edition in EDITIONS if uses_cards(edition))
MARKET_EDITIONS = tuple(edition for edition in EDITIONS if not uses_cards(edition))


# ---- the short run -----------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_rules_level_random_play(edition: str) -> None:
    total: collections.Counter = collections.Counter()
    for seed in SEEDS:
        total.update(rules_fuzz(edition, seed, 4000))
    assert total["events"] == 4000 * len(SEEDS)
    # The generator does what it claims: money moves, rules refuse, writes fail, time wraps,
    # units reboot, games restart.
    assert total["transactions"] > 200
    assert total["refusals"] > 0
    assert total["storage failures"] > 0
    assert total["wraps"] > 0
    assert total["reboots"] > 0
    assert total["new games"] > 0
    assert total["checkpoints"] >= 8 * len(SEEDS)
    if uses_cards(edition):
        assert total["undos"] > 20  # C right after a transaction takes it back


@pytest.mark.parametrize("edition", EDITIONS)
def test_simulator_level_random_play(edition: str) -> None:
    total: collections.Counter = collections.Counter()
    actions = 120 if uses_cards(edition) else 80  # a Stock Exchange action keys a transaction
    for seed in (1, 2):
        total.update(sim_fuzz(edition, seed, actions, 70.0 if uses_cards(edition) else 320.0))
    assert total["actions"] == 2 * actions
    assert total["moved money"] > 10  # (the Stock Exchange: the market changed)
    assert total["power cycles"] > 0
    assert total["wraps"] == 2  # each unit's ticks_ms went past 2**30 - 1


def test_every_key_of_the_layout_is_played() -> None:
    for edition in EDITIONS:
        keys = edition_keys(edition)
        player = make_player(edition, random.Random(3), 6)
        while len(player.out) < 20000:
            player.act()
        pressed = {step[2] for step in player.out if step[0] == "key_down"}
        assert pressed == set(keys)


def test_the_same_seed_plays_the_same_game() -> None:
    first: list = []
    second: list = []
    rules_fuzz(EDITIONS[0], 9, 800, trace=first)
    rules_fuzz(EDITIONS[0], 9, 800, trace=second)
    assert first == second
    assert replay(EDITIONS[0], setup_enrolled(EDITIONS[0], 9), first) is None


# ---- a property over any play ------------------------------------------------------------------

CARDS = [card_id(n) for n in range(1, 9)] + ["a1b2c3d4", "same"]


# A whole transaction: cards 1 and/or 2 in place, then a valid amount.
DEAL = st.tuples(
    st.just("deal"),
    st.sampled_from(("green", "red", "both")),
    st.integers(1, 2000).map(lambda steps: "C%dK" % (steps * 10)),
)


def action(keys: list):
    return st.one_of(
        st.tuples(st.just("tap"), st.sampled_from(keys)),
        st.tuples(
            st.just("type"),
            st.one_of(
                st.from_regex(r"C?[0-9]{0,4}(\.[0-9]{0,3})?[KM>]?", fullmatch=True),
                st.integers(1, 2000).map(lambda steps: "C%dK" % (steps * 10)),
            ),
        ),
        st.tuples(st.just("hold"), st.sampled_from(keys), st.integers(100, 5000)),
        st.tuples(st.just("down"), st.sampled_from(keys)),
        st.tuples(st.just("up"), st.sampled_from(keys)),
        st.tuples(st.just("insert"), st.sampled_from((0, 1)), st.sampled_from(CARDS)),
        st.tuples(st.just("remove"), st.sampled_from((0, 1))),
        st.tuples(st.just("wait"), st.integers(0, 70000)),
        st.tuples(st.just("storage"), st.sampled_from((0.0, 0.0, 0.3, 1.0))),
        st.tuples(st.just("reboot")),
        DEAL,
    )


def play(player: Player, step: tuple) -> None:
    kind = step[0]
    if kind == "tap":
        player.tap(step[1])
    elif kind == "type":
        player.type_text(step[1])
    elif kind == "hold":
        player.hold(step[1], step[2])
    elif kind == "down":
        player.key_down(step[1])
    elif kind == "up":
        player.key_up(step[1])
    elif kind == "insert":
        card = player.slots[1 - step[1]] if step[2] == "same" else step[2]
        player.insert(step[1], card or CARDS[0])
    elif kind == "remove":
        player.remove(step[1])
    elif kind == "wait":
        player.wait(step[1])
    elif kind == "storage":
        player.fail_rate = step[1]
    elif kind == "deal":
        for slot, card, used in ((0, 1, ("green", "both")), (1, 2, ("red", "both"))):
            player.remove(slot)
            if step[1] in used:
                player.insert(slot, card_id(card))
        player.type_text(step[2])
    else:
        player.reboot()


@pytest.mark.parametrize("edition", CARD_EDITIONS)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_play_keeps_money_and_rebuilds_from_the_journal(edition: str, data) -> None:
    keys = edition_keys(edition)
    card_count = make_edition(edition).card_count
    enrolled = data.draw(st.sampled_from((card_count, card_count, 2, 0)), label="enrolled")
    start = data.draw(st.sampled_from((0, TICKS_PERIOD - 3000, TICKS_PERIOD - 61000, 12345)))
    script = [data.draw(DEAL, label="opening")]  # start mid-game, so that most plays move money
    script += data.draw(st.lists(action(keys), max_size=60), label="script")
    player = Player(keys, card_count, enrolled, random.Random(0), start_ticks=start)
    for step in script:
        play(player, step)
    run = RulesRun(edition, enrolled, checkpoint_every=7)
    for step in player.out:
        run.feed(step)  # raises Violation, with what broke
    run.checkpoint()
    event("transactions: %s" % ("none" if not run.stats["transactions"] else "some"))


def market_action(keys: list):
    return st.one_of(
        st.tuples(st.just("transaction"), st.integers(0, 2**32)),
        st.tuples(st.just("tap"), st.sampled_from(keys)),
        st.tuples(st.just("hold"), st.sampled_from(keys), st.integers(100, 5000)),
        st.tuples(st.just("down"), st.sampled_from(keys)),
        st.tuples(st.just("up"), st.sampled_from(keys)),
        st.tuples(st.just("wait"), st.sampled_from((0, 50, 400, 4000, 16000, 299000, 301000))),
        st.tuples(st.just("storage"), st.sampled_from((0.0, 0.0, 0.3, 1.0))),
        st.tuples(st.just("reboot")),
    )


@pytest.mark.parametrize("edition", MARKET_EDITIONS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_play_keeps_the_market_whole_and_rebuilds_it(edition: str, data) -> None:
    """Any sequence of whole transactions (keyed from the market as it stands), stray keys,
    holds, waits past standby, storage failures and reboots: every invariant holds after every
    event, and the market rebuilt from the journal and from snapshots equals the live one."""
    keys = edition_keys(edition)
    start = data.draw(st.sampled_from((0, TICKS_PERIOD - 3000, TICKS_PERIOD - 301000, 12345)))
    script = data.draw(st.lists(market_action(keys), max_size=40), label="script")
    run = RulesRun(edition, 0, checkpoint_every=7)
    player = MarketPlayer(keys, random.Random(0), lambda: run.edition.market, start)
    for step in script:
        kind = step[0]
        if kind == "transaction":  # keyed on the market as it stands now
            player.follow(fuzz.market_plan(run.edition.market, random.Random(step[1])))
        elif kind == "tap":
            player.tap(step[1])
        elif kind == "hold":
            player.hold(step[1], step[2])
        elif kind == "down":
            player.key_down(step[1])
        elif kind == "up":
            player.key_up(step[1])
        elif kind == "wait":
            player.wait(step[1])
        elif kind == "storage":
            player.fail_rate = step[1]
        else:
            player.reboot()
        while player.out:
            run.feed(player.out.popleft())  # raises Violation, with what broke
    run.checkpoint()
    event("transactions: %s" % ("none" if not run.stats["transactions"] else "some"))


def test_the_market_invariants_catch_each_kind_of_damage() -> None:
    edition = make_edition(MARKET_EDITIONS[0])
    for record in (("se_intro", 0, 1, 60), ("se_intro", 0, 2, 60), ("se_buy", 1, 1, 2, 30)):
        edition.restore(record)
    market = edition.market
    assert market_problem(market) is None
    damage = [
        (lambda m: m.holdings[1].__setitem__(0, 9), "are not 9 shares"),
        (lambda m: m.president.__setitem__(1, 1), "president 1"),
        (lambda m: m.president.__setitem__(3, 2), "unlisted but president"),
        (lambda m: m.offices.__setitem__(3, 1), "not a monopoly"),
        (lambda m: m.offices.__setitem__(1, 2), "uneven offices"),
        (lambda m: m.trend.__setitem__(4, 2), "trend"),
    ]
    for breaking, message in damage:
        broken_market = make_edition(MARKET_EDITIONS[0])
        for record in market.state_records():
            broken_market.restore(record)
        breaking(broken_market.market)
        problem = market_problem(broken_market.market)
        assert problem is not None and message in problem, (message, problem)
    supply = make_edition(MARKET_EDITIONS[0]).market
    for code in range(1, 23):
        supply.holdings[code][0] = 9
        supply.president[code] = 0
        supply.offices[code] = 2  # 44 offices: more than the bank's 32
    assert "offices" in (market_problem(supply) or "")


# ---- each check fails on a unit broken on purpose -----------------------------------------------


def broken(edition: str, breaking, rebuilt_only: bool = False):
    """An edition factory whose editions `breaking(edition)` has damaged (with rebuilt_only,
    the first one made, the live unit, is left intact: only those the checks rebuild break)."""
    made = []

    def make():
        unit = make_edition(edition)
        if not rebuilt_only or made:
            breaking(unit)
        made.append(unit)
        return unit

    return make


def wrap(unit, name: str, around) -> None:
    original = getattr(unit, name)
    setattr(unit, name, lambda *args: around(original, *args))


def credit_one_too_many(counted: bool):
    def breaking(unit) -> None:
        ledger = unit.ledger

        def apply(original, record):
            original(record)
            if record[0] == "tx" and record[1] == BANK:
                ledger.balances[record[2]] += 1
                if counted:
                    ledger.created += 1  # so that the ledger's own invariant still holds

        wrap(ledger, "apply", apply)

    return breaking


def overdraft(unit) -> None:
    wrap(unit.ledger, "transfer_problem", lambda original, payer, payee, amount: None)


def refusal_applies(unit) -> None:
    def acknowledge(original, durable, problem="STORAGE FAILED"):
        if not durable:
            for record in unit.outbox:
                unit.restore(record)
        original(durable, problem)

    wrap(unit, "acknowledge", acknowledge)


def outbox_kept(unit) -> None:
    def acknowledge(original, durable, problem="STORAGE FAILED"):
        records = list(unit.outbox)
        original(durable, problem)
        unit.outbox.extend(records)

    wrap(unit, "acknowledge", acknowledge)


def snapshot_forgets_a_card(unit) -> None:
    def snapshot_records(original):
        records = original()
        cards = [record for record in records if record[0] == "card"]
        return [record for record in records if not cards or record is not cards[0]]

    wrap(unit, "snapshot_records", snapshot_records)


def replay_forgets_transactions(unit) -> None:
    def restore(original, record):
        if record[0] != "tx":
            original(record)

    wrap(unit, "restore", restore)


def crashes_on_a_key(unit) -> None:
    presses = []

    def key_down(original, key, now):
        presses.append(key)
        if len(presses) == 50:
            raise RuntimeError("broken on purpose")
        original(key, now)

    wrap(unit, "key_down", key_down)


def unjournalable_record(unit) -> None:
    def key_down(original, key, now):
        original(key, now)
        if unit.outbox:
            unit.outbox[-1] = tuple(unit.outbox[-1]) + ({1, 2},)

    wrap(unit, "key_down", key_down)


def seed_with_cards(edition: str) -> int:
    """The first seed whose unit starts with every card enrolled: with none, no money can move
    in 3000 events and no broken money rule could show (seed 1 for Electronic Banking)."""
    card_count = make_edition(edition).card_count
    return next(s for s in range(1, 100) if setup_enrolled(edition, s) == card_count)


MUTANTS = [
    ("credit adds 1", credit_one_too_many(False), False, "ledger invariant"),
    ("credit adds 1, counted", credit_one_too_many(True), False, "money not conserved"),
    ("payments may overdraw", overdraft, False, "bad record"),
    ("a refused record is applied", refusal_applies, False, "refused record applied"),
    ("the outbox is never emptied", outbox_kept, False, "outbox kept"),
    ("the snapshot forgets a card", snapshot_forgets_a_card, False, "rebuild from new snapshot"),
    ("replay drops transactions", replay_forgets_transactions, True, "rebuild from journal"),
    ("a key raises", crashes_on_a_key, False, "exception RuntimeError"),
    ("a record JSON cannot hold", unjournalable_record, False, "bad record"),
]


def market_grows_a_share(unit) -> None:
    """A confirmed purchase hands over one share more than the bank had to give."""

    def acknowledge(original, durable, problem="STORAGE FAILED"):
        records = list(unit.outbox)
        original(durable, problem)
        if durable and records and records[0][0] == "se_buy":
            unit.market.holdings[records[0][2]][records[0][1]] += (
                unit.market.bank_shares(records[0][2]) + 1
            )

    wrap(unit, "acknowledge", acknowledge)


def market_keeps_a_president(unit) -> None:
    """A sale that unlists a company leaves its President in place."""

    def acknowledge(original, durable, problem="STORAGE FAILED"):
        records = list(unit.outbox)
        before = list(unit.market.president)
        original(durable, problem)
        if durable and records and records[0][0] in ("se_sell", "se_remove", "se_trade"):
            for code in range(1, 23):
                if before[code] >= 0 and unit.market.president[code] < 0:
                    unit.market.president[code] = before[code]

    wrap(unit, "acknowledge", acknowledge)


def market_applies_unrecorded(unit) -> None:
    """A START also changes the market without a record saying so."""

    def acknowledge(original, durable, problem="STORAGE FAILED"):
        records = list(unit.outbox)
        original(durable, problem)
        if durable and records and records[0][0] == "se_start":
            unit.market.pending[(records[0][1] + 1) % 6] += 10

    wrap(unit, "acknowledge", acknowledge)


def snapshot_forgets_the_review(unit) -> None:
    def snapshot_records(original):
        return [record for record in original() if record[0] != "se_review"]

    wrap(unit, "snapshot_records", snapshot_records)


def replay_forgets_purchases(unit) -> None:
    def restore(original, record):
        if record[0] != "se_buy":
            original(record)

    wrap(unit, "restore", restore)


MARKET_MUTANTS = [
    ("a purchase adds a share", market_grows_a_share, False, "market invariant"),
    ("unlisted, still presided", market_keeps_a_president, False, "market invariant"),
    ("a change with no record", market_applies_unrecorded, False, "market not what the"
     " records give"),
    ("a refused record is applied", refusal_applies, False, "refused record applied"),
    ("the outbox is never emptied", outbox_kept, False, "outbox kept"),
    ("the snapshot forgets REVIEW", snapshot_forgets_the_review, False, "rebuild from new"
     " snapshot"),
    ("replay drops purchases", replay_forgets_purchases, True, "rebuild from journal"),
    ("a key raises", crashes_on_a_key, False, "exception RuntimeError"),
    ("a record JSON cannot hold", unjournalable_record, False, "bad record"),
]  # fmt: skip


@pytest.mark.parametrize("edition", MARKET_EDITIONS)
@pytest.mark.parametrize(
    ("breaking", "rebuilt_only", "kind"),
    [mutant[1:] for mutant in MARKET_MUTANTS],
    ids=[mutant[0] for mutant in MARKET_MUTANTS],
)
def test_the_rules_fuzz_catches_a_broken_market(edition, breaking, rebuilt_only, kind) -> None:
    with pytest.raises(Violation) as caught:
        rules_fuzz(
            edition, 1, 4000, make=broken(edition, breaking, rebuilt_only), checkpoint_every=100
        )
    assert caught.value.kind == kind
    assert -1 <= caught.value.index < 4000


@pytest.mark.parametrize("edition", CARD_EDITIONS)
@pytest.mark.parametrize(
    ("breaking", "rebuilt_only", "kind"),
    [mutant[1:] for mutant in MUTANTS],
    ids=[mutant[0] for mutant in MUTANTS],
)
def test_the_rules_fuzz_catches_a_broken_unit(edition, breaking, rebuilt_only, kind) -> None:
    seed = seed_with_cards(edition)
    with pytest.raises(Violation) as caught:
        rules_fuzz(
            edition, seed, 3000, make=broken(edition, breaking, rebuilt_only), checkpoint_every=100
        )
    assert caught.value.kind == kind
    assert -1 <= caught.value.index < 3000  # -1: the start (a snapshot is taken there)


def test_a_negative_balance_is_caught() -> None:
    run = RulesRun(EDITIONS[0], 2)
    run.edition.ledger.balances[1] = -5  # no rule can do this: the check must still see it
    with pytest.raises(Violation) as caught:
        run.feed(("tick", 100, None, None, None))
    assert caught.value.kind == "negative balance"


def test_a_failure_shrinks_to_a_few_events() -> None:
    edition = EDITIONS[0]
    make = broken(edition, credit_one_too_many(True))
    trace: list = []
    with pytest.raises(Violation) as caught:
        rules_fuzz(edition, 2, 5000, make=make, trace=trace)
    enrolled = setup_enrolled(edition, 2)
    steps = trace[: caught.value.index + 1]
    small = shrink(edition, enrolled, steps, caught.value.kind, 20.0, make=make)
    assert len(small) <= 8 < len(steps)
    found = replay(edition, enrolled, small, make=make)
    assert found is not None and found.kind == caught.value.kind


def test_the_simulator_fuzz_catches_a_miscounting_ledger(monkeypatch) -> None:
    original = Ledger.apply

    def apply(ledger, record):
        original(ledger, record)
        if record[0] == "tx" and record[1] == BANK:
            ledger.balances[record[2]] += 1
            ledger.created += 1  # the invariant holds: only the stored records tell

    monkeypatch.setattr(Ledger, "apply", apply)
    with pytest.raises(Violation) as caught:
        sim_fuzz(EDITIONS[0], 1, 200)
    assert caught.value.kind == "money not conserved"


def test_the_simulator_fuzz_catches_a_state_lost_at_power_cycle(monkeypatch) -> None:
    original = Store.load

    def load(store):
        records, problems = original(store)
        return [r for r in records if r[0] != "tx"], problems  # "forgets" every transaction

    monkeypatch.setattr(Store, "load", load)
    with pytest.raises(Violation) as caught:
        sim_fuzz(EDITIONS[0], 1, 300)
    assert caught.value.kind == "power cycle"


# ---- the command line --------------------------------------------------------------------------


def test_command_line_reports_each_edition(capsys) -> None:
    args = ["--events", "3000", "--sim-actions", "20", "--seeds", "1", "--jobs", "1"]
    assert fuzz.main(args) == 0
    out = capsys.readouterr().out
    for edition in EDITIONS:
        assert "%s rules seed 1: 3000 events" % edition in " ".join(out.split())
        assert "%s sim seed 1: 20 actions" % edition in " ".join(out.split())
    assert "transactions committed" in out and "checkpoints verified" in out


def test_command_line_fails_with_the_seed_and_a_shrunk_sequence(monkeypatch, capsys) -> None:
    edition = EDITIONS[0]
    make = broken(edition, credit_one_too_many(False))
    monkeypatch.setattr(fuzz, "make_edition", lambda name: make())
    args = ["--edition", edition, "--events", "3000", "--sim-actions", "0"]
    assert fuzz.main(args + ["--seed", "4", "--seeds", "1", "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert "VIOLATION in %s (rules level), seed 4, event " % edition in out
    assert "reproduce: python tools/fuzz.py --edition %s --seed 4 --seeds 1" % edition in out
    assert "shrunk to " in out
