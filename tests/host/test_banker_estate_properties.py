"""Property tests for the Banker's estate: random sequences of legal and illegal actions keep
the bank's buildings, the money and the evenness rule whole, and replay and snapshots agree."""

from editions.banker import actions as act
from editions.banker import deeds, holdings
from editions.banker.bankruptcy import bankrupt
from editions.banker.estate import HOTELS, HOUSES, Estate, interest, lift_cost
from editions.banker.trade import trade
from estate_checks import apply_records, invariant_holds
from hypothesis import given, settings
from hypothesis import strategies as st
from test_banker_estate import state_of  # the portable suite's (tests/portable)

from rules import endgame
from rules.ledger import BANK, Ledger
from store.journal import decode, encode

PLAYERS = 3
# Squares drawn mostly from few groups, so that whole groups, buildings and shortages happen;
# a few that hold no deed, so that refusals do too.
SQUARES = st.one_of(
    st.sampled_from([1, 3, 37, 39, 6, 8, 9, 5, 15, 12, 28]),
    st.sampled_from([1, 3, 37, 39]),
    st.sampled_from(list(deeds.SQUARES) + [0, 2, 30, 40, -1]),
)
# Mostly the players, sometimes a number that is none (the bank's 0, one past the last).
PLAYER = st.sampled_from([1, 2, 3] * 4 + [0, PLAYERS + 1, -1])
# ...or the deed's owner, whoever that is at the time ("owner": _run puts the number in).
ACTOR = st.one_of(PLAYER, st.just("owner"), st.just("owner"))
AMOUNT = st.one_of(st.integers(min_value=-5, max_value=600), st.sampled_from([0, 1, 5000]))


BUILD = st.tuples(st.just("build"), ACTOR, SQUARES)
ACTIONS = st.one_of(
    st.tuples(st.just("buy"), PLAYER, SQUARES),
    st.tuples(st.just("buy"), PLAYER, SQUARES),
    st.tuples(st.just("auction"), SQUARES, PLAYER, AMOUNT),
    st.tuples(st.just("pay_rent"), PLAYER, SQUARES, st.integers(min_value=0, max_value=13)),
    BUILD,
    BUILD,
    BUILD,
    BUILD,
    BUILD,
    st.tuples(st.just("build"), ACTOR, SQUARES, AMOUNT),
    st.tuples(st.just("sell"), ACTOR, SQUARES),
    st.tuples(st.just("sell"), ACTOR, SQUARES),
    st.tuples(st.just("sell_group"), ACTOR, SQUARES),
    st.tuples(st.just("mortgage"), ACTOR, SQUARES),
    st.tuples(st.just("lift"), ACTOR, SQUARES),
    st.tuples(st.just("trade"), ACTOR, PLAYER, SQUARES, AMOUNT, st.booleans()),
    st.tuples(st.just("gift"), st.integers(min_value=1, max_value=PLAYERS), SQUARES),
    st.tuples(st.just("gift"), st.integers(min_value=1, max_value=PLAYERS), SQUARES),
)
# Rarer: a bankruptcy hands a whole estate back or on.
RARE = st.tuples(st.just("bankrupt"), PLAYER, st.integers(min_value=0, max_value=PLAYERS))
# Whole groups dealt before the game, as the short game deals deeds: buildings from the start.
DEALT = (
    (1, (1, 3, 37, 39, 11, 13, 14)),
    (2, (6, 8, 9, 21, 23, 24, 5, 15)),
    (3, (16, 18, 19, 12, 28)),
)


RULES = {"trade": trade, "bankrupt": bankrupt}


def _check_whole(estate: Estate) -> None:
    """The supply and the board add up, buildings stand evenly on whole unmortgaged groups, and
    the ledger's money adds up: counted here again, apart from estate_checks.invariant_holds."""
    houses, hotels = estate.supply()
    for square in deeds.SQUARES:
        built = estate.buildings_on(square)
        if built == deeds.HOTEL:
            hotels += 1
        else:
            houses += built
        if built:
            owner = estate.owner(square)
            group = deeds.GROUP_SQUARES[deeds.group(square)]
            assert owner is not None and deeds.kind(square) == deeds.LOT
            assert all(estate.owner(other) == owner for other in group)
            assert not any(estate.is_mortgaged(other) for other in group)
            counts = [estate.buildings_on(other) for other in group]
            assert max(counts) - min(counts) <= 1
        if estate.owner(square) is None:
            assert not estate.is_mortgaged(square)
    assert (houses, hotels) == (HOUSES, HOTELS)
    assert invariant_holds(estate) and estate.ledger.invariant_holds()


def _run(estate: Estate, step: tuple):
    name, args = step[0], step[1:]
    if args and args[0] == "owner":
        square = args[1]
        owner = estate.owner(square) if deeds.is_deed(square) else None
        args = (owner or 1,) + args[1:]
    if name == "gift":  # a deed dealt free, as the short game starts (only from the bank)
        square = args[1]
        if not deeds.is_deed(square) or estate.owner(square) is not None:
            return "NO GIFT"
        return [("deed", square, args[0], 0, 0)]
    rule = RULES.get(name) or getattr(act, name, None) or getattr(holdings, name)
    return rule(estate, *args)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=200, max_value=4000),
    st.booleans(),
    st.lists(st.one_of(ACTIONS, ACTIONS, ACTIONS, ACTIONS, RARE), min_size=10, max_size=80),
)
def test_random_actions_keep_the_estate_whole(start: int, dealt: bool, steps: list) -> None:
    _play(start, dealt, steps)


# Only the buildings' actions, on the dealt lots, with money enough: hotels and shortages. A
# random walk of many steps, weighted towards building, which shrinking lists seldom reach.
DEALT_LOTS = (1, 3, 37, 39, 11, 13, 14, 6, 8, 9, 21, 23, 24, 16, 18, 19)
WEIGHTS = (("build", 16), ("sell", 3), ("sell_group", 1), ("mortgage", 1), ("lift", 2))


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(min_value=100, max_value=400))
def test_building_walks_keep_the_supply_and_the_evenness(rng, length: int) -> None:
    names = [name for name, weight in WEIGHTS for _ in range(weight)]
    steps = [(rng.choice(names), "owner", rng.choice(DEALT_LOTS)) for _ in range(length)]
    _play(20000, True, steps)


def _play(start: int, dealt: bool, steps: list) -> None:
    estate = Estate(Ledger(PLAYERS, start, 999999))
    journal: list = []
    if dealt:
        journal = [("deed", s, player, 0, 0) for player, squares in DEALT for s in squares]
        apply_records(estate, journal)
    for step in steps:
        before = state_of(estate)
        players_before = sum(estate.ledger.balances[1:])
        result = _run(estate, step)
        if type(result) is str:
            assert len(result) <= 21
            assert state_of(estate) == before  # a refusal changes nothing
            continue
        apply_records(estate, result)
        journal.extend(result)
        # Money moves only between the players and the bank: what the players gained together
        # is exactly what the bank paid out less what it took in.
        bank_out = sum(r[3] for r in result if r[0] == "tx" and r[1] == BANK)
        bank_in = sum(r[3] for r in result if r[0] == "tx" and r[2] == BANK)
        assert sum(estate.ledger.balances[1:]) - players_before == bank_out - bank_in
        _check_whole(estate)
    # a replay of everything journaled, through the store's line format, rebuilds the state
    replayed = Estate(Ledger(PLAYERS, start, 999999))
    for record in journal:
        apply_records(replayed, [decode(encode(record))])
    assert state_of(replayed) == state_of(estate)
    # and the snapshot alone restores the estate, over a fresh one or a different one
    snapshot = [decode(encode(r)) for r in estate.snapshot_records()]
    for other in (Estate(Ledger(PLAYERS, start, 999999)), replayed):
        if other is replayed:
            apply_records(other, [("new", start)])
        for record in snapshot:
            other.apply(record)
        assert state_of(other)[:4] == state_of(estate)[:4]


@given(st.integers(min_value=0, max_value=10000))
def test_the_lift_is_classics(value: int) -> None:
    assert lift_cost(value) == endgame.lift_amount(value, 1)
    assert interest(value) == endgame.lift_amount(value, 1) - value


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(SQUARES, PLAYER, st.integers(-1, 6), st.integers(-1, 2)), max_size=30))
def test_raw_records_are_applied_whole_or_not_at_all(records: list) -> None:
    estate = Estate(Ledger(PLAYERS, 1500, 999999))
    for square, owner, built, mortgaged in records:
        before = state_of(estate)
        try:
            estate.apply(("deed", square, owner, built, mortgaged))
        except ValueError:
            assert state_of(estate) == before
        houses, hotels = estate.supply()
        assert houses >= 0 and hotels >= 0
        on_board = [estate.buildings_on(s) for s in deeds.SQUARES]
        assert houses + sum(b for b in on_board if b < deeds.HOTEL) == HOUSES
        assert hotels + on_board.count(deeds.HOTEL) == HOTELS
