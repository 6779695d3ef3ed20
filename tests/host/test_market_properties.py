"""Stock Exchange market: the integer price formula against float and exact references, and
random operation sequences that must keep every market invariant (hypothesis)."""

import math
from fractions import Fraction

from editions.stock_exchange.market import (
    Market,
    MarketError,
)
from editions.stock_exchange.prices import (
    F_MONOPOLY,
    F_PLAIN,
    GROUP_FIRSTS,
    LIST_PRICE,
    OFFICE_COST,
    level_factor,
    price_formula,
)
from hypothesis import given, settings
from hypothesis import strategies as st

# The model notes' L table as printed: rows are distinct holders 1..6, columns shares 1..9,
# None where the notes leave the cell blank.
MEASURED_L = [
    [6, 7, 8, 9, 10, 10, 10, 10, 10],
    [None, 8, 9, 10, 11, 12, 12, 12, 12],
    [None, None, 10, 11, 12, 13, 14, 14, 15],
    [None, None, None, 12, 13, 14, 15, 16, 17],
    [None, None, None, None, 14, 15, 16, 18, 20],
    [None, None, None, None, None, 16, 18, 20, 23],
]
ALL_F = (F_PLAIN,) + tuple(F_MONOPOLY)


def test_level_table_matches_the_notes_and_fills_blanks_with_the_diagonal():
    for holders in range(1, 7):
        for shares in range(1, 10):
            measured = MEASURED_L[holders - 1][shares - 1]
            expected = measured if measured is not None else MEASURED_L[shares - 1][shares - 1]
            assert level_factor(holders, shares) == expected
    assert ALL_F == (7, 12, 14, 17, 20, 22, 28)


def test_integer_price_equals_the_float_formula_for_every_company_l_and_f():
    checked = 0
    for code in range(1, 23):
        for level in sorted({v for row in MEASURED_L for v in row if v is not None}):
            for factor in ALL_F:
                reference = math.floor(round(LIST_PRICE[code] / 320 * level * factor, 2))
                assert price_formula(LIST_PRICE[code], level, factor) == reference
                checked += 1
    assert checked == 22 * 15 * 7


def exact_reference(list_price: int, level: int, factor: int) -> int:
    """floor(round(x, 2)) with x exact and round half to even, as Python rounds."""
    hundredths = round(Fraction(list_price * level * factor, 320) * 100)  # half to even
    return math.floor(Fraction(hundredths, 100))


@given(st.integers(1, 2000), st.integers(1, 40), st.integers(1, 40))
def test_integer_price_equals_exact_rounding_for_any_inputs(list_price, level, factor):
    assert price_formula(list_price, level, factor) == exact_reference(list_price, level, factor)


tokens = st.integers(0, 5)
bumps = st.lists(st.booleans(), min_size=3, max_size=3)  # which companies get one level more
# Mostly five groups (13 companies: offices and head offices can run short), so monopolies,
# offices and forced sales come up often; now and then any company.
FOCUS = (1, 2, 6, 7, 8, 9, 10, 11, 12, 13, 14, 21, 22)
codes = st.one_of(st.sampled_from(FOCUS), st.integers(1, 22))
operations = st.one_of(
    st.tuples(st.just("intro"), tokens, codes, st.one_of(st.none(), st.integers(0, 500))),
    st.tuples(st.just("buy"), tokens, codes, st.integers(0, 3)),
    st.tuples(st.just("sell"), tokens, codes, st.integers(0, 6)),
    st.tuples(st.just("trade"), tokens, tokens, codes, st.integers(1, 5)),
    st.tuples(st.just("interest"), tokens, codes),
    st.tuples(st.just("start"), tokens),
    st.tuples(st.just("offices"), codes, st.integers(0, 5), bumps),
    st.tuples(st.just("remove"), tokens),
)


def quote_and_record(market: Market, op: tuple):
    kind = op[0]
    if kind == "intro":
        quote = market.quote_introduce(op[1], op[2], op[3])
        return quote, ("se_intro", op[1], op[2], quote.amount)
    if kind == "buy":
        quote = market.quote_buy(op[1], op[2], op[3])
        return quote, ("se_buy", op[1], op[2], op[3], quote.amount)
    if kind == "sell":
        quote = market.quote_sell(op[1], op[2], op[3])
        return quote, ("se_sell", op[1], op[2], op[3], quote.amount, quote.refund)
    if kind == "trade":
        quote = market.quote_trade(op[1], op[2], op[3], op[4])
        return quote, ("se_trade", op[1], op[2], op[3], op[4], quote.refund)
    if kind == "interest":
        quote = market.quote_interest(op[1], op[2])
        return quote, ("se_interest", op[1], op[2], quote.amount)
    if kind == "start":
        quote = market.quote_dividend(op[1])
        return quote, ("se_start", op[1], quote.amount)
    if kind == "offices":
        group = market.group_of(op[1])
        levels = tuple(min(5, op[2] + bump) for bump in op[3][: len(group)])
        quote = market.quote_offices(op[1], levels)
        return quote, ("se_offices", op[1], levels, quote.amount)
    quote = market.quote_remove(op[1])
    return quote, ("se_remove", op[1], quote.refund)


def check_invariants(market: Market) -> None:
    for code in range(1, 23):
        row = market.holdings[code]
        assert all(shares >= 0 for shares in row)
        assert sum(row) + market.bank_shares(code) == 9 and market.bank_shares(code) >= 0
        president = market.president[code]
        if sum(row) == 0:
            assert president == -1 and market.share_price(code) == 0
            assert market.trend[code] == 0 and not market.is_listed(code)
        else:
            assert president >= 0 and row[president] == max(row)
            assert market.share_price(code) > 0
        if market.offices[code]:
            assert market.has_monopoly(code)
    for first in (1, 3, 6, 9, 12, 15, 18, 21):
        levels = [market.offices[code] for code in market.group_of(first)]
        assert max(levels) - min(levels) <= 1
    used_offices = sum(level for level in market.offices if level < 5)
    used_heads = market.offices.count(5)
    assert used_offices <= 32 and used_heads <= 12
    assert market.bank_offices() == 32 - used_offices
    assert market.bank_head_offices() == 12 - used_heads
    assert all(value >= 0 for value in market.pending)
    assert market.state_problem() is None


def check_transition(before: Market, after: Market, op: tuple, quote, effects: tuple) -> None:
    """What one confirmed operation may change, given the market before it."""
    assert effects == quote.effects
    # A President who is still a top holder keeps the company; a new one had to be the first
    # top holder after the former President in token order.
    for code in range(1, 23):
        former, row = before.president[code], after.holdings[code]
        now = after.president[code]
        if former >= 0 and row[former] == max(row) and max(row) > 0:
            assert now == former
        elif now >= 0 and former >= 0:
            ahead = [(former + step) % 6 for step in range(1, 7)]
            assert now == next(t for t in ahead if row[t] == max(row))
    # Forced sales refund half the cost of every office removed by them.
    removed = 0
    for code in range(1, 23):
        if op[0] != "offices" and after.offices[code] != before.offices[code]:
            assert after.offices[code] == 0 and before.monopoly_owner(code) >= 0
            assert after.monopoly_owner(code) != before.monopoly_owner(code)
            assert quote.refund_to == before.monopoly_owner(code)
            removed += before.offices[code] * OFFICE_COST[code] // 2
    assert quote.refund == removed and (quote.refund_to >= 0) == (removed > 0)
    # Interest goes, in full, to the pending dividends of the other holders.
    if op[0] == "interest":
        assert sum(after.pending) - sum(before.pending) == quote.amount
        assert after.pending[op[1]] == before.pending[op[1]]
        if before.president[op[2]] == op[1]:
            assert quote.amount == 0
        else:
            assert quote.amount <= before.interest_base(op[2])
    if op[0] == "start":
        assert quote.amount == 200 + before.pending[op[1]] and after.pending[op[1]] == 0
    # Only one colour group's prices and trends move, unless a player leaves: the market
    # prices and marks trends within the group of the company a record names.
    if op[0] != "remove":
        at = CODE_AT.get(op[0])
        group = before.group_of(op[at]) if at is not None else ()  # dividends: no company
        for code in range(1, 23):
            if code not in group:
                assert after.share_price(code) == before.share_price(code), (op, code)
                assert after.trend[code] == before.trend[code], (op, code)


# Where each operation names its company.
CODE_AT = {"intro": 2, "buy": 2, "sell": 2, "interest": 2, "trade": 3, "offices": 1}


def copy_of(market: Market) -> Market:
    copy = Market()
    copy.apply(market.state_records()[0])
    return copy


KINDS = ("intro",) * 3 + ("buy",) * 4 + ("sell",) * 3 + ("trade", "trade", "interest")
KINDS += ("interest", "start") + ("offices",) * 3 + ("remove",)


def draw_operation(data, market: Market) -> tuple:
    """One operation, mostly with parameters the current market makes plausible (a listed code,
    a token holding shares, levels around the current ones) so most of them are accepted."""
    kind = data.draw(st.sampled_from(KINDS))
    if kind == "intro":
        wanted = [c for c in FOCUS if not market.is_listed(c)]
    elif kind == "offices":
        wanted = [c for c in range(1, 23) if market.has_monopoly(c)]
    else:
        wanted = [c for c in range(1, 23) if market.is_listed(c)]
    code = data.draw(st.sampled_from(wanted) if wanted and data.draw(st.integers(0, 9)) else codes)
    token = data.draw(tokens)
    holders = [t for t in range(6) if market.holdings[code][t]]
    if kind == "intro":
        # Often by the President of another company of the group: monopolies form.
        presidents = [market.president[c] for c in market.group_of(code) if market.is_listed(c)]
        if presidents and data.draw(st.booleans()):
            token = presidents[0]
        return ("intro", token, code, data.draw(st.one_of(st.none(), st.integers(0, 500))))
    if kind == "buy":
        return ("buy", token, code, data.draw(st.integers(0, 3)))
    if kind in ("sell", "trade"):
        seller = data.draw(st.sampled_from(holders)) if holders else token
        count = data.draw(st.integers(0, market.holdings[code][seller] + 1))
        if kind == "sell":
            return ("sell", seller, code, count)
        return ("trade", token, seller, code, count)
    if kind == "interest":
        return ("interest", token, code)
    if kind == "start":
        return ("start", token)
    if kind == "offices":
        low = min(market.offices[c] for c in market.group_of(code))
        level = data.draw(st.one_of(st.integers(low - 1, low + 2), st.integers(0, 5)))
        return ("offices", code, min(5, max(0, level)), data.draw(bumps))
    return ("remove", token)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_random_operations_keep_the_market_invariants(data):
    market = Market()
    for _ in range(data.draw(st.integers(0, 100))):
        op = draw_operation(data, market)
        before = copy_of(market)
        try:
            quote, record = quote_and_record(market, op)
        except MarketError as error:
            assert len(error.args[0]) <= 21 and error.args[0] == error.args[0].upper()
            assert market.state_records() == before.state_records()
            continue
        assert market.state_records() == before.state_records()  # quoting changed nothing
        effects = market.apply(record)
        check_invariants(market)
        check_transition(before, market, op, quote, effects)
    rebuilt = copy_of(market)
    assert rebuilt.state_records() == market.state_records()
    assert rebuilt.totals() == market.totals()


def offices_needed(market: Market, code: int, levels: tuple) -> tuple:
    """(offices, head offices) the bank must hand out for this change (negative: takes back)."""
    offices = heads = 0
    for old, new in zip([market.offices[c] for c in market.group_of(code)], levels, strict=True):
        offices += (new if new < 5 else 0) - (old if old < 5 else 0)
        heads += (new == 5) - (old == 5)
    return offices, heads


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 22), st.sampled_from((0, 2, 4, 5, 5)), bumps), max_size=80)
)
def test_office_supply_is_never_exceeded(changes):
    market = Market()
    for code in range(1, 23):  # every group a monopoly: of the hat, car, dog ... in turn
        market.apply(("se_intro", GROUP_FIRSTS.index(market.group_of(code)[0]) % 6, code, 0))
    for code, level, bump in changes:
        levels = tuple(min(5, level + b) for b in bump[: len(market.group_of(code))])
        offices, heads = offices_needed(market, code, levels)
        try:
            quote = market.quote_offices(code, levels)
        except MarketError as error:
            text = error.args[0]
            if text == "NO OFFICES LEFT":
                assert offices > market.bank_offices()
            elif text == "NO HEAD OFFICES LEFT":
                assert offices <= market.bank_offices() and heads > market.bank_head_offices()
            else:
                assert text == "NO CHANGE"
            continue
        assert offices <= market.bank_offices() and heads <= market.bank_head_offices()
        market.apply(("se_offices", code, levels, quote.amount))
        check_invariants(market)


@settings(max_examples=200, deadline=None)
@given(st.lists(operations, max_size=60), st.integers(0, 5), st.integers(1, 22))
def test_interest_never_rises_with_the_payers_own_shares(ops, token, code):
    market = Market()
    for op in ops:
        try:
            _, record = quote_and_record(market, op)
        except MarketError:
            continue
        market.apply(record)
    if not market.is_listed(code):
        return
    due = market.quote_interest(token, code).amount
    base = market.interest_base(code)
    if market.president[code] == token:
        assert due == 0
    elif market.holdings[code][token] == 0:
        assert due == base
    else:
        assert due < base


@settings(max_examples=100, deadline=None)
@given(codes, st.integers(0, 4), st.integers(0, 4))
def test_interest_doubles_for_a_bare_monopoly_and_grows_with_each_office(code, others, bought):
    market = Market()
    market.apply(("se_intro", 0, code, 0))
    # Other holders with one share each, and shares the hat buys back: it stays President.
    for token in range(1, 1 + others):
        market.apply(("se_trade", token, 0, code, 1, 0))
    for _ in range(min(bought, market.bank_shares(code))):
        market.apply(("se_buy", 0, code, 1, 0))
    outside = market.interest_base(code)
    assert outside == market.share_price(code)
    group = market.group_of(code)
    for member in group:
        if member != code:
            market.apply(("se_intro", 0, member, 0))
    assert market.interest_base(code) == 2 * outside
    dues = [2 * outside]
    for level in range(1, 6):
        levels = (level,) * len(group)
        net = market.quote_offices(code, levels).amount
        market.apply(("se_offices", code, levels, net))
        dues.append(market.interest_base(code))
    assert dues == sorted(set(dues))  # strictly rising
    assert dues[-1] == market.share_price(code) * 3 // 2


def test_every_invalid_record_changes_nothing():
    market = Market()
    for op in [("intro", 1, 14, None), ("buy", 2, 14, 2), ("intro", 1, 12, None)]:
        market.apply(quote_and_record(market, op)[1])
    snapshot = market.state_records()
    for record in [
        ("se_buy", 2, 14, 1, -1),
        ("se_buy", 2, 14, 1, True),
        ("se_intro", 1, 13, None),
        ("se_interest", 2, 14, 100000),
        ("se_offices", 12, [1, 1], 0),
        ("se_state", *snapshot[0][1:6], (1, 1, 1, 1, 1, 2)),
        ("se_state", *snapshot[0][1:6]),
        ("se_trade", 2, 2, 14, 1, 0),
        ("se_sell", 2, 14, 1, 10),
    ]:
        try:
            market.apply(record)
        except ValueError:
            pass
        else:
            raise AssertionError(record)
        assert market.state_records() == snapshot


def test_the_design_docs_interest_ladder_for_company_14():
    from test_market import example_14  # the portable suite's state: 5 holders, 8 shares

    market = example_14()
    ladder = [price_formula(240, 18, 7)]
    for level in range(6):
        levels = (max(0, level - 1), max(0, level - 1), level) if level < 5 else (4, 4, 5)
        market.apply(("se_offices", 12, levels, market.quote_offices(12, levels).amount))
        ladder.append(market.interest_base(14))
    assert ladder == [94, 188, 283, 343, 405, 445, 567]
