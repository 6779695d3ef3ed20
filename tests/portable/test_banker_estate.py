# The Banker's estate: every rule, refusals changing nothing, replay and snapshot round trips.
# micropython-heap: 96k (the estate, its rules, a ledger and this suite keep about 60 KB live on
# the 64-bit unix port; 88k is the measured floor, the rest is margin for fragmentation)
from editions.banker import actions as act
from editions.banker import deeds
from editions.banker import holdings as hold
from editions.banker.bankruptcy import bankrupt
from editions.banker.estate import HOTELS, HOUSES, Estate, deeds_for_auction, interest
from editions.banker.trade import trade
from estate_checks import apply_records, deeds_of, invariant_holds, net_worth

from rules.ledger import BANK, ERR_NOT_ENOUGH, Ledger
from store.journal import decode, encode

START = 1500


def _estate(players: int = 4, start: int = START) -> Estate:
    return Estate(Ledger(players, start, 999999))


def state_of(estate: Estate) -> tuple:
    """Everything an estate holds, comparable (the host's property suite uses it too)."""
    ledger = estate.ledger
    return (
        list(estate.owners),
        list(estate.buildings),
        list(estate.mortgaged),
        estate.supply(),
        list(ledger.balances),
        ledger.created,
        ledger.destroyed,
    )


def _do(estate: Estate, action, *args) -> list:
    records = action(estate, *args)
    assert act.problem(records) is None, records
    apply_records(estate, records)
    assert invariant_holds(estate) and estate.ledger.invariant_holds()
    return records


def _refused(estate: Estate, message: str, action, *args) -> None:
    """The action answers `message` instead of records, and nothing changes."""
    before = state_of(estate)
    result = action(estate, *args)
    assert result == message and act.problem(result) == message, result
    assert state_of(estate) == before


def _give(estate: Estate, player: int, *squares: int) -> None:
    """Deeds handed over as the short game deals them: free, no money."""
    for square in squares:
        estate.apply(("deed", square, player, 0, 0))


def _set(estate: Estate, player: int, square: int, buildings: int) -> None:
    estate.apply(("deed", square, player, buildings, 0))


def _cash(estate: Estate, player: int) -> int:
    return estate.ledger.balance(player)


# ---- the deeds, the supply ---------------------------------------------------------------


def test_a_new_estate_has_every_deed_with_the_bank():
    estate = _estate()
    for square in deeds.SQUARES:
        assert estate.owner(square) is None
        assert estate.buildings_on(square) == 0 and not estate.is_mortgaged(square)
    assert estate.supply() == (32, 12) == (HOUSES, HOTELS)
    assert invariant_holds(estate)
    assert deeds_of(estate, 1) == []


def test_messages_fit_one_line_in_capitals():
    for name in dir(act):
        if name.startswith("ERR_"):
            text = getattr(act, name)
            assert len(text) <= 21, text
            for code in text.encode():
                assert 32 <= code <= 90, text


# ---- buying, auctions ----------------------------------------------------------------------


def test_buy_pays_the_printed_price_and_owns():
    estate = _estate()
    records = _do(estate, act.buy, 1, 39)
    assert records == [("tx", 1, BANK, 400, "buy", 39), ("deed", 39, 1, 0, 0)]
    assert estate.owner(39) == 1 and _cash(estate, 1) == 1100
    assert deeds_of(estate, 1) == [39]


def test_buying_an_owned_deed_is_refused():
    estate = _estate()
    _do(estate, act.buy, 1, 39)
    _refused(estate, "DEED OWNED", act.buy, 2, 39)
    _refused(estate, "DEED OWNED", act.buy, 1, 39)


def test_buy_refusals():
    estate = _estate(start=300)
    _refused(estate, ERR_NOT_ENOUGH, act.buy, 1, 39)
    _refused(estate, act.ERR_NOT_A_DEED, act.buy, 1, 0)
    _refused(estate, act.ERR_NOT_A_DEED, act.buy, 1, 40)
    _refused(estate, "NO SUCH CARD", act.buy, 5, 1)
    _refused(estate, "NO SUCH CARD", act.buy, BANK, 1)


def test_auction_highest_bid_pays_and_owns():
    estate = _estate()
    records = _do(estate, act.auction, 37, 2, 120)
    assert records == [("tx", 2, BANK, 120, "auction", 37), ("deed", 37, 2, 0, 0)]
    assert estate.owner(37) == 2 and _cash(estate, 2) == 1380


def test_auction_without_a_bid_leaves_the_deed_with_the_bank():
    estate = _estate()
    before = state_of(estate)
    assert act.auction(estate, 37) == [] and act.problem([]) is None
    assert state_of(estate) == before and estate.owner(37) is None


def test_auction_refusals():
    estate = _estate()
    _do(estate, act.buy, 1, 1)
    _refused(estate, "DEED OWNED", act.auction, 1, 2, 10)
    _refused(estate, act.ERR_NO_BID, act.auction, 3, 2, 0)
    _refused(estate, ERR_NOT_ENOUGH, act.auction, 3, 2, 1501)
    _refused(estate, act.ERR_NOT_A_DEED, act.auction, 2, 2, 10)


# ---- rent ------------------------------------------------------------------------------------


def test_rent_of_an_unimproved_lot_and_of_its_whole_group():
    estate = _estate()
    _do(estate, act.buy, 1, 1)
    records = _do(estate, act.pay_rent, 2, 1)
    assert records == [("tx", 2, 1, 2, "rent", 1)]
    assert _cash(estate, 2) == 1498
    _do(estate, act.buy, 1, 3)
    assert act.rent_due(estate, 1) == 4 and act.rent_due(estate, 3) == 8  # doubled


def test_rent_by_the_buildings():
    estate = _estate()
    _give(estate, 1, 6, 8, 9)
    for built in range(1, 6):
        for square in (6, 8, 9):
            _set(estate, 1, square, built)
        assert act.rent_due(estate, 9) == deeds.rent(9, built)
    assert act.rent_due(estate, 9) == 600
    _do(estate, act.pay_rent, 3, 9)
    assert _cash(estate, 3) == 900 and _cash(estate, 1) == 2100


def test_double_rent_stands_with_another_lot_of_the_group_mortgaged():
    estate = _estate()
    _give(estate, 1, 21, 23, 24)
    _do(estate, hold.mortgage, 1, 21)
    assert act.rent_due(estate, 24) == 40  # 20 doubled: the group is still all the owner's
    _refused(estate, "DEED MORTGAGED", act.pay_rent, 2, 21)
    _give(estate, 2, 23)
    assert act.rent_due(estate, 24) == 20


def test_rent_refusals():
    estate = _estate()
    _refused(estate, "BANK HOLDS THIS DEED", act.pay_rent, 2, 39)
    _give(estate, 1, 39)
    _refused(estate, "YOUR OWN DEED", act.pay_rent, 1, 39)
    _refused(estate, act.ERR_NOT_A_DEED, act.pay_rent, 2, 30)
    _refused(estate, "NO SUCH CARD", act.pay_rent, 9, 39)


def test_rent_the_payer_cannot_pay_is_refused():
    estate = _estate()
    _give(estate, 1, 37, 39)
    for square in (37, 39):
        _set(estate, 1, square, 5)
    _refused(estate, ERR_NOT_ENOUGH, act.pay_rent, 2, 39)


def test_railroads_by_the_number_held():
    estate = _estate()
    for count, square in enumerate((5, 15, 25, 35), 1):
        _give(estate, 1, square)
        assert act.rent_due(estate, 5) == (25, 50, 100, 200)[count - 1]
    _do(estate, hold.mortgage, 1, 35)  # still held: it counts, but collects nothing
    assert act.rent_due(estate, 5) == 200 and act.rent_due(estate, 35) == 0
    records = _do(estate, act.pay_rent, 2, 15)
    assert records == [("tx", 2, 1, 200, "rent", 15)]


def test_utilities_by_the_dice_total():
    estate = _estate()
    _give(estate, 1, 12)
    _refused(estate, "DICE TOTAL FIRST", act.pay_rent, 2, 12)
    _refused(estate, "DICE 2 TO 12", act.pay_rent, 2, 12, 13)
    _refused(estate, "DICE 2 TO 12", act.pay_rent, 2, 12, 1)
    assert _do(estate, act.pay_rent, 2, 12, 7) == [("tx", 2, 1, 28, "rent", 12)]
    _give(estate, 1, 28)
    assert _do(estate, act.pay_rent, 2, 28, 7) == [("tx", 2, 1, 70, "rent", 28)]
    assert _cash(estate, 2) == 1500 - 28 - 70


# ---- buildings ------------------------------------------------------------------------------


def test_build_a_house_at_its_cost_on_a_whole_group():
    estate = _estate()
    _refused(estate, "BANK HOLDS THIS DEED", hold.build, 1, 39)
    _give(estate, 1, 39)
    _refused(estate, "OWN THE WHOLE GROUP", hold.build, 1, 39)
    _give(estate, 2, 37)
    _refused(estate, "NOT YOUR DEED", hold.build, 1, 37)
    _give(estate, 1, 37)
    records = _do(estate, hold.build, 1, 39)
    assert records == [("tx", 1, BANK, 200, "build", 39), ("deed", 39, 1, 1, 0)]
    assert estate.buildings_on(39) == 1 and estate.supply() == (31, 12)


def test_no_buildings_on_railroads_or_utilities():
    estate = _estate()
    _give(estate, 1, 5, 15, 25, 35, 12, 28)
    _refused(estate, "NO BUILDINGS HERE", hold.build, 1, 5)
    _refused(estate, "NO BUILDINGS HERE", hold.build, 1, 28)


def test_build_evenly():
    estate = _estate()
    _give(estate, 1, 11, 13, 14)
    _do(estate, hold.build, 1, 11)
    _refused(estate, "BUILD EVENLY", hold.build, 1, 11)
    _do(estate, hold.build, 1, 13)
    _do(estate, hold.build, 1, 14)
    _do(estate, hold.build, 1, 11)
    assert [estate.buildings_on(s) for s in (11, 13, 14)] == [2, 1, 1]


def test_no_building_on_a_group_with_a_mortgage():
    estate = _estate()
    _give(estate, 1, 1, 3)
    _do(estate, hold.mortgage, 1, 3)
    _refused(estate, "GROUP MORTGAGED", hold.build, 1, 1)


def test_a_hotel_after_four_houses_gives_them_back():
    estate = _estate(start=5000)
    _give(estate, 1, 37, 39)
    for _ in range(4):
        _do(estate, hold.build, 1, 37)
        _do(estate, hold.build, 1, 39)
    assert estate.supply() == (24, 12)
    records = _do(estate, hold.build, 1, 39)
    assert records == [("tx", 1, BANK, 200, "build", 39), ("deed", 39, 1, 5, 0)]
    assert estate.supply() == (28, 11)
    _refused(estate, "HOTEL BUILT ALREADY", hold.build, 1, 39)
    assert act.rent_due(estate, 39) == 2000


def test_the_bank_runs_out_of_houses():
    estate = _estate(start=5000)
    _give(estate, 1, 6, 8, 9, 11, 13, 14, 16, 18, 19)
    for square in (6, 8, 9, 11, 13, 14):
        _set(estate, 1, square, 4)
    for square, built in ((16, 3), (18, 3), (19, 2)):
        _set(estate, 1, square, built)
    assert estate.supply() == (0, 12)
    _refused(estate, "NO HOUSES LEFT", hold.build, 1, 19)
    _do(estate, hold.build, 1, 6)  # a hotel still: its four houses go back
    assert estate.supply() == (4, 11)
    _do(estate, hold.build, 1, 19)
    assert estate.supply() == (3, 11)


def test_the_bank_runs_out_of_hotels():
    estate = _estate(start=5000)
    squares = (6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24)
    _give(estate, 1, *squares)
    for square in squares:
        _set(estate, 1, square, 5)
    assert estate.supply() == (32, 0)
    _give(estate, 2, 37, 39)
    for square in (37, 39):
        _set(estate, 2, square, 4)
    _refused(estate, "NO HOTELS LEFT", hold.build, 2, 39)


def test_an_auctioned_building_costs_the_winning_bid():
    estate = _estate()
    _give(estate, 1, 1, 3)
    records = _do(estate, hold.build, 1, 1, 80)
    assert records == [("tx", 1, BANK, 80, "build", 1), ("deed", 1, 1, 1, 0)]
    _refused(estate, act.ERR_NO_BID, hold.build, 1, 3, -5)


def test_build_needs_the_money():
    estate = _estate(start=150)
    _give(estate, 1, 37, 39)
    _refused(estate, ERR_NOT_ENOUGH, hold.build, 1, 39)


def test_sell_back_at_half_evenly():
    estate = _estate()
    _give(estate, 1, 26, 27, 29)
    for square in (26, 27, 29, 26):
        _do(estate, hold.build, 1, square)
    _refused(estate, "SELL EVENLY", hold.sell, 1, 27)
    records = _do(estate, hold.sell, 1, 26)
    assert records == [("tx", BANK, 1, 75, "sell", 26), ("deed", 26, 1, 1, 0)]
    assert estate.supply() == (29, 12)
    assert _cash(estate, 1) == 1500 - 4 * 150 + 75
    for square in (26, 27, 29):
        _do(estate, hold.sell, 1, square)
    _refused(estate, "NO BUILDINGS", hold.sell, 1, 26)
    _give(estate, 1, 5)
    _refused(estate, "NO BUILDINGS", hold.sell, 1, 5)


def _built(estate: Estate, player: int, *lots: tuple) -> None:
    """(square, buildings) pairs set as they stand (whole groups given to the player first)."""
    for square, _ in lots:
        _give(estate, player, square)
    for square, buildings in lots:
        _set(estate, player, square, buildings)


# Thirty houses on the light blues, the pinks and the oranges, evenly: two left in the supply.
THIRTY = ((6, 4), (8, 4), (9, 4), (11, 4), (13, 4), (14, 4), (16, 2), (18, 2), (19, 2))


def test_a_hotel_comes_down_to_four_houses_from_the_supply():
    estate = _estate()
    _built(estate, 1, (37, 5), (39, 5))
    assert estate.supply() == (32, 10)
    records = _do(estate, hold.sell, 1, 39)
    assert records == [("tx", BANK, 1, 100, "sell", 39), ("deed", 39, 1, 4, 0)]
    assert estate.supply() == (28, 11)


def test_a_hotel_the_supply_cannot_break_goes_with_the_houses_it_cannot_cover():
    """Two houses in the supply, the dark blues both hotels: while one hotel stands the other
    lot must keep four houses, which the supply has not; so both hotels go and the group keeps
    the supply's two houses, one a lot. Sold: two hotels and six houses (half of 8 x $200)."""
    estate = _estate()
    _built(estate, 1, *THIRTY)
    _built(estate, 1, (37, 5), (39, 5))
    assert estate.supply() == (2, 10)
    records = _do(estate, hold.sell, 1, 39)
    assert records == [
        ("tx", BANK, 1, 800, "sell", 39),
        ("deed", 37, 1, 1, 0),
        ("deed", 39, 1, 1, 0),
    ]
    assert estate.supply() == (0, 12)
    assert _cash(estate, 1) == START + 800


def test_one_hotel_short_of_houses_goes_with_the_houses_the_supply_cannot_cover():
    """The yellows at 4, 4 and a hotel, two houses in the supply: the group can hold ten
    houses, so 4, 3, 3 (the lots that had houses keep theirs first): the hotel and the two
    houses the supply lacked are sold, half of 3 x $150."""
    estate = _estate()
    _built(estate, 1, (6, 4), (8, 4), (9, 4), (11, 4), (13, 3), (14, 3))
    _built(estate, 1, (26, 4), (27, 4), (29, 5))
    assert estate.supply() == (2, 11)
    records = _do(estate, hold.sell, 1, 29)
    assert records == [
        ("tx", BANK, 1, 225, "sell", 29),
        ("deed", 27, 1, 3, 0),
        ("deed", 29, 1, 3, 0),
    ]
    assert estate.supply() == (0, 12)
    assert [estate.buildings_on(square) for square in (26, 27, 29)] == [4, 3, 3]


def test_the_hotel_with_no_house_in_the_supply_takes_the_group_down_evenly():
    """No house in the supply, the greens at 4, a hotel, 4: eight houses for three lots,
    3, 3, 2 (the hotel's lot last): the hotel and four houses go."""
    estate = _estate()
    _built(estate, 1, (6, 4), (8, 4), (9, 4), (11, 4), (13, 4), (14, 4))
    _built(estate, 1, (31, 4), (32, 5), (34, 4))
    assert estate.supply() == (0, 11)
    records = _do(estate, hold.sell, 1, 32)
    assert records == [
        ("tx", BANK, 1, 500, "sell", 32),
        ("deed", 31, 1, 3, 0),
        ("deed", 34, 1, 3, 0),
        ("deed", 32, 1, 2, 0),
    ]
    assert estate.supply() == (0, 12)
    _refused(estate, "NO BUILDINGS", hold.sell_group, 1, 32)  # no hotel there now


def test_sell_group_refusals():
    estate = _estate()
    _give(estate, 1, 1, 3)
    _refused(estate, "NO BUILDINGS", hold.sell_group, 1, 1)
    _refused(estate, "NOT YOUR DEED", hold.sell_group, 2, 1)


# ---- mortgages ----------------------------------------------------------------------------


def test_mortgage_pays_the_value_and_lift_the_value_plus_10_percent():
    estate = _estate()
    _give(estate, 1, 37)
    records = _do(estate, hold.mortgage, 1, 37)
    assert records == [("tx", BANK, 1, 175, "mortgage", 37), ("deed", 37, 1, 0, 1)]
    assert estate.is_mortgaged(37)
    _refused(estate, "DEED MORTGAGED", hold.mortgage, 1, 37)
    records = _do(estate, hold.lift, 1, 37)
    assert records == [("tx", 1, BANK, 193, "lift", 37), ("deed", 37, 1, 0, 0)]  # 192.5 up
    assert not estate.is_mortgaged(37)
    _refused(estate, hold.ERR_NOT_MORTGAGED, hold.lift, 1, 37)


def test_the_lift_rounds_up_to_a_whole_dollar_as_classic():
    # (tests/host/test_banker_estate_properties.py holds it against rules.endgame's own)
    lifts = [hold.lift_cost(deeds.mortgage_value(square)) for square in deeds.SQUARES]
    assert lifts[:6] == [33, 33, 110, 55, 55, 66]  # 30, 30, 100, 50, 50, 60
    assert hold.lift_cost(75) == 83 and hold.lift_cost(175) == 193 and hold.lift_cost(200) == 220
    for square in deeds.SQUARES:
        value = deeds.mortgage_value(square)
        assert interest(value) == hold.lift_cost(value) - value
        assert value * 11 <= hold.lift_cost(value) * 10 < value * 11 + 10
    assert interest(175) == 18 and interest(75) == 8


def test_no_mortgage_while_the_group_has_buildings():
    estate = _estate()
    _give(estate, 1, 1, 3)
    _do(estate, hold.build, 1, 1)
    _refused(estate, "SELL BUILDINGS FIRST", hold.mortgage, 1, 3)
    _refused(estate, "SELL BUILDINGS FIRST", hold.mortgage, 1, 1)
    _refused(estate, "NOT YOUR DEED", hold.mortgage, 2, 1)


def test_a_lift_needs_the_money():
    estate = _estate(start=100)
    _give(estate, 1, 39)
    _do(estate, hold.mortgage, 1, 39)
    _do(estate, act.buy, 1, 1)  # 300 - 60: 240 left, the lift is 220
    _do(estate, act.buy, 1, 3)
    _refused(estate, ERR_NOT_ENOUGH, hold.lift, 1, 39)


# ---- trades ---------------------------------------------------------------------------------


def test_trade_the_deed_for_the_price():
    estate = _estate()
    _give(estate, 1, 24)
    records = _do(estate, trade, 1, 2, 24, 300)
    assert records == [("tx", 2, 1, 300, "trade", 24), ("deed", 24, 2, 0, 0)]
    assert estate.owner(24) == 2 and _cash(estate, 1) == 1800 and _cash(estate, 2) == 1200
    assert _do(estate, trade, 2, 3, 24, 0) == [("deed", 24, 3, 0, 0)]  # a gift


def test_trade_refusals():
    estate = _estate()
    _give(estate, 1, 1, 3)
    _do(estate, hold.build, 1, 3)
    _refused(estate, "SELL BUILDINGS FIRST", trade, 1, 2, 1, 50)
    _refused(estate, "NOT YOUR DEED", trade, 2, 1, 1, 50)
    _refused(estate, "SAME CARD TWICE", trade, 1, 1, 1, 50)
    _refused(estate, "PRICE 0 OR MORE", trade, 1, 2, 1, -1)
    _refused(estate, "BANK HOLDS THIS DEED", trade, 1, 2, 5, 50)
    _give(estate, 1, 5)
    _refused(estate, ERR_NOT_ENOUGH, trade, 1, 2, 5, 1501)
    _refused(estate, hold.ERR_NOT_MORTGAGED, trade, 1, 2, 5, 10, True)


def test_a_mortgaged_deed_costs_its_buyer_the_10_percent_or_the_lift():
    estate = _estate()
    _give(estate, 1, 12, 28)
    _do(estate, hold.mortgage, 1, 12)
    _do(estate, hold.mortgage, 1, 28)
    records = _do(estate, trade, 1, 2, 12, 50)
    assert records == [
        ("tx", 2, 1, 50, "trade", 12),
        ("tx", 2, BANK, 8, "interest", 12),  # 7.5 rounded up
        ("deed", 12, 2, 0, 1),
    ]
    assert estate.is_mortgaged(12) and estate.owner(12) == 2
    records = _do(estate, trade, 1, 3, 28, 50, True)
    assert records == [
        ("tx", 3, 1, 50, "trade", 28),
        ("tx", 3, BANK, 83, "lift", 28),
        ("deed", 28, 3, 0, 0),
    ]
    assert not estate.is_mortgaged(28) and _cash(estate, 3) == 1500 - 133


# ---- bankruptcy -----------------------------------------------------------------------------


def test_bankrupt_to_a_player():
    estate = _estate()
    _give(estate, 1, 1, 3, 5)
    _do(estate, hold.build, 1, 1)
    _do(estate, hold.build, 1, 3)
    _do(estate, hold.mortgage, 1, 5)
    cash = _cash(estate, 1)
    assert cash == 1500 - 100 + 100
    records = _do(estate, bankrupt, 1, 2)
    assert records == [
        ("tx", 1, 2, cash, "bankrupt"),
        ("tx", BANK, 2, 25, "bankrupt", 1),
        ("deed", 1, 2, 0, 0),
        ("tx", BANK, 2, 25, "bankrupt", 3),
        ("deed", 3, 2, 0, 0),
        ("deed", 5, 2, 0, 1),
        ("tx", 2, BANK, 10, "interest", 5),
    ]
    assert deeds_of(estate, 1) == [] and deeds_of(estate, 2) == [1, 3, 5]
    assert estate.is_mortgaged(5) and estate.supply() == (32, 12)
    assert _cash(estate, 1) == 0 and _cash(estate, 2) == 1500 + cash + 50 - 10


def test_bankrupt_to_the_bank():
    estate = _estate()
    _give(estate, 1, 37, 39, 12)
    for square in (37, 39):
        _set(estate, 1, square, 5)
    _give(estate, 1, 28)
    _do(estate, hold.mortgage, 1, 28)
    records = _do(estate, bankrupt, 1)
    assert records[0] == ("tx", 1, BANK, 1575, "bankrupt")
    assert deeds_for_auction(records) == [12, 28, 37, 39]
    for square in (12, 28, 37, 39):
        assert estate.owner(square) is None and not estate.is_mortgaged(square)
        assert estate.buildings_on(square) == 0
    assert estate.supply() == (32, 12) and _cash(estate, 1) == 0


def test_bankrupt_refusals():
    estate = _estate()
    _refused(estate, "SAME CARD TWICE", bankrupt, 1, 1)
    _refused(estate, "NO SUCH CARD", bankrupt, 7, 1)
    _do(estate, bankrupt, 1)
    _refused(estate, "NOTHING TO HAND OVER", bankrupt, 1, 2)


# ---- net worth ------------------------------------------------------------------------------


def test_net_worth_counts_cash_deeds_and_buildings():
    estate = _estate()
    _give(estate, 1, 37, 39, 5)
    _do(estate, hold.build, 1, 39)
    _do(estate, hold.mortgage, 1, 5)
    # cash 1500 - 200 + 100; Park Place 350, Boardwalk 400, a house 200, Reading mortgaged 100
    assert estate.property_value(1) == 350 + 400 + 200 + 100
    assert net_worth(estate, 1) == 1400 + 1050
    _set(estate, 1, 39, 5)
    assert estate.property_value(1) == 350 + 400 + 5 * 200 + 100


def test_deeds_of_equal_price_count_alike():
    estate = _estate(players=3)
    assert [estate.property_value(n) for n in (1, 2, 3)] == [0, 0, 0]
    _give(estate, 2, 1)
    _give(estate, 3, 3)  # Mediterranean and Baltic: 60 each, a tie between 2 and 3
    assert [net_worth(estate, n) for n in (1, 2, 3)] == [1500, 1560, 1560]


# ---- records ------------------------------------------------------------------------------


def test_records_that_cannot_be_valid_change_nothing():
    estate = _estate()
    _give(estate, 1, 1, 3)
    _set(estate, 1, 1, 1)
    before = state_of(estate)
    bad = (
        ("deed", 0, 1, 0, 0),  # no deed on GO
        ("deed", 39, 5, 0, 0),  # no card 5
        ("deed", 5, 1, 1, 0),  # a house on a railroad
        ("deed", 39, 1, 1, 1),  # a house on a mortgaged lot
        ("deed", 39, BANK, 1, 0),  # the bank builds nothing
        ("deed", 39, BANK, 0, 1),  # nor holds a mortgage
        ("deed", 39, 1, 6, 0),
        ("deed", 39, 1, 0, 2),
        ("deed", 39, 1, 0),
        ("estate", [0] * 27, [0] * 28, [0] * 28),
        ("estate", [1] * 28, [5] * 28, [0] * 28),  # hotels everywhere
        ("estate", [0] * 28, [0] * 28),
        ("estate", "0" * 28, [0] * 28, [0] * 28),
        ("tx", 1, 2, 5),  # the ledger's
        ("chance", 1),
    )
    for record in bad:
        try:
            estate.apply(record)
        except ValueError:
            pass
        else:
            raise AssertionError("applied %r" % (record,))
        assert state_of(estate) == before


def test_buildings_beyond_the_supply_are_refused():
    estate = _estate()
    squares = (6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24)
    _give(estate, 1, *squares, 37)
    for square in squares:
        _set(estate, 1, square, 5)
    try:
        estate.apply(("deed", 37, 1, 5, 0))
    except ValueError:
        pass
    else:
        raise AssertionError("a 13th hotel")
    assert estate.supply() == (32, 0) and estate.buildings_on(37) == 0


def _play(estate: Estate) -> list:
    """A game's worth of actions; every record they journaled, in order."""
    journal: list = []
    steps = (
        (act.buy, 1, 37),
        (act.buy, 1, 39),
        (act.auction, 5, 2, 150),
        (act.buy, 2, 15),
        (act.pay_rent, 1, 15),
        (hold.build, 1, 37),
        (hold.build, 1, 39),
        (act.pay_rent, 2, 39),
        (act.buy, 3, 12),
        (act.pay_rent, 1, 12, 9),
        (hold.mortgage, 2, 5),
        (trade, 2, 3, 5, 80),
        (hold.sell, 1, 39),
        (act.buy, 4, 1),
        (bankrupt, 4, 1),
        (hold.mortgage, 1, 1),
    )
    for step in steps:
        journal.extend(_do(estate, step[0], *step[1:]))
    return journal


def test_a_replay_of_the_journal_rebuilds_the_state():
    estate = _estate()
    journal = _play(estate)
    fresh = _estate()
    for record in journal:  # as the store keeps them: JSON lines, read back
        apply_records(fresh, [decode(encode(record))])
    assert state_of(fresh) == state_of(estate)


def test_a_snapshot_restores_the_whole_estate():
    estate = _estate()
    _play(estate)
    snapshot = estate.snapshot_records()
    assert len(snapshot) == 1 and snapshot[0][0] == "estate"
    fresh = _estate()
    fresh.apply(decode(encode(snapshot[0])))
    assert state_of(fresh)[:4] == state_of(estate)[:4]
    other = _estate()  # over a state of its own: replaced whole
    _give(other, 2, 6, 8, 9)
    _set(other, 2, 6, 3)
    other.apply(snapshot[0])
    assert state_of(other)[:4] == state_of(estate)[:4] and invariant_holds(other)


def test_a_new_game_hands_every_deed_back():
    estate = _estate()
    _play(estate)
    apply_records(estate, [("new", START)])
    assert state_of(estate)[:4] == state_of(_estate())[:4]
    assert estate.ledger.balances[1:] == [START] * 4


def test_deed_record_is_the_way_back():
    estate = _estate()
    _give(estate, 1, 1, 3)
    before = [estate.deed_record(1), estate.deed_record(3)]
    _do(estate, hold.build, 1, 1)
    for record in before:
        estate.apply(record)
    assert estate.buildings_on(1) == 0 and estate.supply() == (32, 12)
