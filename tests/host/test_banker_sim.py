"""The Banker on the simulator (issue 30): the deeds' flows through the keys' public names, deed
tags on the readers, every action shown first and carried out by GO only, refusals that change
nothing, undo, and the journal replayed at power-up."""

import pytest

from host_sim.virtual_unit import VirtualUnit


@pytest.fixture
def unit():
    with VirtualUnit(edition="banker") as made:
        yield made


def typed_deed(unit, square: int) -> None:
    unit.type(str(square))
    unit.press("deed")


def state(unit) -> tuple:
    """Everything an action may change: balances, every deed, the bank's supply."""
    return unit.balances(), unit.deeds(), unit.bank_supply()


def buy(unit, card: int, *squares: int) -> None:
    unit.insert(card=card, slot="red")
    for square in squares:
        typed_deed(unit, square)
        unit.press("buy")
        unit.press("go")
    unit.remove(slot="red")


def refused(unit, message: str, before) -> None:
    assert message in unit.screen_text()
    assert "error" in unit.sounds()
    assert state(unit) == before


def test_a_card_starts_at_1500_and_the_bank_holds_every_deed(unit):
    assert unit.balance(1) == 1500
    assert unit.deed(39) == {"owner": None, "buildings": 0, "mortgaged": False}
    assert unit.bank_supply() == {"houses": 32, "hotels": 12}


def test_buy_by_tag_shows_first_then_go_pays_the_price(unit):
    unit.insert(deed=39, slot="green")
    assert unit.screen_text()[:5] == [
        "DEED 39",
        "BOARDWALK",
        "OWNER: BANK",
        "PRICE $400",
        "MORTGAGE $200",
    ]
    unit.insert(card=1, slot="red")
    unit.press("buy")
    assert unit.screen_text() == ["BUY: CARD 1", "$400", "BOARDWALK"]
    assert unit.deed(39)["owner"] is None and unit.balance(1) == 1500  # shown, not done
    unit.press("go")
    assert unit.deed(39)["owner"] == 1 and unit.balance(1) == 1100
    assert "BUY 39 -$400" in unit.screen_text()


def test_a_tag_swapped_right_after_an_action_is_shown_at_once(unit):
    """A tag swapped for another faster than a poll (no "gone" between them) replaces the last
    action's receipt with the new deed, as a card seated does."""
    unit.insert(card=1, slot="red")
    unit.insert(deed=37, slot="green")
    unit.press("buy")
    unit.press("go")
    assert "BUY 37 -$350" in unit.screen_text()
    unit.parts.remove(0)
    unit.advance(0.1)
    unit.parts.insert(0, 39, deed=True)
    unit.advance(1)
    assert "BOARDWALK" in unit.screen_text() and "BUY 37 -$350" not in unit.screen_text()
    unit.press("buy")
    assert unit.screen_text() == ["BUY: CARD 1", "$400", "BOARDWALK"]


def test_c_on_a_shown_action_does_nothing(unit):
    unit.insert(card=1, slot="red")
    typed_deed(unit, 1)
    before = state(unit)
    unit.press("buy")
    unit.press("c")
    assert state(unit) == before


def test_a_deed_someone_owns_is_refused(unit):
    buy(unit, 1, 39)
    unit.insert(card=2, slot="red")
    typed_deed(unit, 39)
    before = state(unit)
    unit.press("buy")
    refused(unit, "DEED OWNED", before)


def test_c_right_after_an_action_takes_it_back_once(unit):
    unit.insert(card=1, slot="red")
    typed_deed(unit, 39)
    unit.press("buy")
    unit.press("go")
    unit.press("c")
    assert unit.deed(39)["owner"] is None and unit.balance(1) == 1500
    unit.press("c")  # nothing more to take back
    assert unit.balance(1) == 1500


def test_rent_doubles_on_a_whole_group_and_goes_to_the_owner(unit):
    buy(unit, 1, 37, 39)
    unit.insert(card=2, slot="red")
    unit.insert(deed=39, slot="green")
    unit.press("rent")
    assert unit.screen_text() == ["RENT TO CARD 1", "$100", "BOARDWALK"]
    unit.press("go")
    assert unit.balance(2) == 1400 and unit.balance(1) == 1500 - 750 + 100


def test_railroad_rent_by_the_number_held(unit):
    buy(unit, 1, 5, 15, 25)
    unit.insert(card=2, slot="red")
    typed_deed(unit, 5)
    unit.press("rent")
    unit.press("go")
    assert unit.balance(2) == 1400


def test_utility_rent_needs_the_dice_typed_before_rent(unit):
    buy(unit, 1, 12)
    unit.insert(card=2, slot="red")
    unit.insert(deed=12, slot="green")
    before = state(unit)
    unit.press("rent")
    refused(unit, "DICE TOTAL FIRST", before)
    unit.type("8")
    unit.press("rent")
    assert unit.screen_text()[1] == "$32"
    unit.press("go")
    assert unit.balance(2) == 1500 - 32


def test_no_rent_on_a_mortgaged_or_unowned_deed(unit):
    unit.insert(card=2, slot="red")
    typed_deed(unit, 39)
    before = state(unit)
    unit.press("rent")
    refused(unit, "BANK HOLDS THIS DEED", before)
    unit.remove(slot="red")
    buy(unit, 1, 39)
    unit.insert(card=1, slot="green")
    typed_deed(unit, 39)
    unit.press("mortgage")
    unit.press("go")
    assert unit.deed(39)["mortgaged"] and unit.balance(1) == 1100 + 200
    unit.remove(slot="green")
    unit.insert(card=2, slot="red")
    typed_deed(unit, 39)
    before = state(unit)
    unit.press("rent")
    refused(unit, "DEED MORTGAGED", before)


def test_build_evenly_from_the_supply_then_a_hotel_gives_four_houses_back(unit):
    buy(unit, 1, 1, 3)
    unit.insert(card=1, slot="red")
    for square in (1, 3, 1, 3, 1, 3, 1, 3):
        typed_deed(unit, square)
        unit.press("build")
        unit.press("go")
    assert unit.bank_supply() == {"houses": 24, "hotels": 12}
    typed_deed(unit, 1)
    before = state(unit)
    unit.press("build")
    assert unit.screen_text() == ["HOTEL: CARD 1", "$50", "MEDITERRANEAN AVENUE"]
    unit.press("go")
    assert unit.deed(1)["buildings"] == 5
    assert unit.bank_supply() == {"houses": 28, "hotels": 11}
    assert unit.balance(1) == before[0][1] - 50
    typed_deed(unit, 1)
    before = state(unit)
    unit.press("build")
    refused(unit, "HOTEL BUILT ALREADY", before)


def test_build_refusals_change_nothing(unit):
    buy(unit, 1, 1)
    unit.insert(card=1, slot="red")
    typed_deed(unit, 1)
    before = state(unit)
    unit.press("build")
    refused(unit, "OWN THE WHOLE GROUP", before)
    unit.remove(slot="red")
    buy(unit, 1, 3)
    unit.insert(card=1, slot="green")
    typed_deed(unit, 3)
    unit.press("mortgage")
    unit.press("go")
    unit.remove(slot="green")
    unit.insert(card=1, slot="red")
    typed_deed(unit, 1)
    before = state(unit)
    unit.press("build")
    refused(unit, "GROUP MORTGAGED", before)


def test_sell_a_building_back_at_half_and_lift_a_mortgage_at_ten_percent(unit):
    buy(unit, 1, 37, 39)
    unit.insert(card=1, slot="red")
    typed_deed(unit, 39)
    unit.press("build")
    unit.press("go")
    unit.remove(slot="red")
    unit.insert(card=1, slot="green")
    unit.insert(deed=39, slot="red")
    unit.press("sell")
    assert unit.screen_text() == ["SELL A HOUSE", "$100", "BOARDWALK"]
    unit.press("go")
    assert unit.deed(39)["buildings"] == 0 and unit.balance(1) == 750 - 200 + 100
    unit.press("mortgage")  # card in GREEN, deed on RED: the mortgage
    unit.press("go")
    assert unit.deed(39)["mortgaged"] and unit.balance(1) == 650 + 200
    unit.remove(slot="green")
    unit.remove(slot="red")
    unit.insert(card=1, slot="red")
    unit.insert(deed=39, slot="green")
    unit.press("mortgage")  # card in RED: the lift
    assert unit.screen_text() == ["LIFT: CARD 1", "$220", "BOARDWALK"]
    unit.press("go")
    assert not unit.deed(39)["mortgaged"] and unit.balance(1) == 850 - 220


def credit(unit, card: int, amount: int) -> None:
    """The bank pays the card (card alone in GREEN, the amount, GO)."""
    unit.insert(card=card, slot="green")
    unit.type(str(amount))
    unit.press("go")
    unit.remove(slot="green")


def build(unit, card: int, *squares: int) -> None:
    """The card in RED builds on each square in turn (BUILD, GO)."""
    unit.insert(card=card, slot="red")
    for square in squares:
        typed_deed(unit, square)
        unit.press("build")
        unit.press("go")
    unit.remove(slot="red")


def sell(unit, card: int, square: int) -> None:
    unit.insert(card=card, slot="green")
    typed_deed(unit, square)
    unit.press("sell")


def short_of_houses(unit) -> None:
    """Card 1 holds the light blues and pinks at four houses, the dark blues at hotels and the
    oranges at 3, 3, 2: the bank has no house left (and 10 hotels)."""
    credit(unit, 1, 9000)
    buy(unit, 1, 6, 8, 9, 11, 13, 14, 16, 18, 19, 37, 39)
    build(unit, 1, *((6, 8, 9, 11, 13, 14) * 4))
    build(unit, 1, *((37, 39) * 5))
    build(unit, 1, 16, 18, 19, 16, 18, 19, 16, 18)
    assert unit.bank_supply() == {"houses": 0, "hotels": 10}


def test_a_hotel_the_bank_cannot_break_into_four_houses_is_sold_with_the_houses_it_lacks(unit):
    """SELL on a hotel with fewer than four houses in the bank: the offer says which
    buildings go back (the group's hotels and the houses the supply cannot cover) and what
    each lot keeps; C changes nothing; GO sells them together at half their cost."""
    short_of_houses(unit)
    sell(unit, 1, 16)  # a house of the oranges: one in the bank
    unit.press("go")
    unit.remove(slot="green")
    assert unit.bank_supply() == {"houses": 1, "hotels": 10}
    sell(unit, 1, 39)
    assert unit.screen_text() == ["SELL 2 HOTELS", "$900", "+7 HOUSES, TO 1 0"]
    before = state(unit)
    unit.press("c")
    assert state(unit) == before
    typed_deed(unit, 39)
    unit.press("sell")
    unit.press("go")
    assert unit.deed(37)["buildings"] == 1 and unit.deed(39)["buildings"] == 0
    assert unit.bank_supply() == {"houses": 0, "hotels": 12}
    assert unit.balance(1) == before[0][1] + 900
    assert "SELL 39 +$900" in unit.screen_text()
    unit.press("c")  # taken back at once: every lot as it was
    assert state(unit) == before
    typed_deed(unit, 39)
    unit.press("sell")
    unit.press("go")
    unit.power_cycle()
    assert state(unit)[1:] == (unit.deeds(), {"houses": 0, "hotels": 12})
    assert unit.deed(37)["buildings"] == 1 and unit.balance(1) == before[0][1] + 900


def test_a_hotel_with_four_houses_in_the_bank_comes_down_to_them(unit):
    short_of_houses(unit)
    unit.insert(card=1, slot="green")
    for square in (16, 18, 19, 16):  # four houses back: 2, 2, 1 on the oranges
        typed_deed(unit, square)
        unit.press("sell")
        unit.press("go")
    assert unit.bank_supply() == {"houses": 4, "hotels": 10}
    typed_deed(unit, 39)
    unit.press("sell")
    assert unit.screen_text() == ["SELL THE HOTEL", "$100", "BOARDWALK"]
    unit.press("go")
    assert unit.deed(39)["buildings"] == 4
    assert unit.bank_supply() == {"houses": 0, "hotels": 11}
    typed_deed(unit, 37)  # the other hotel now: none in the bank, four on Boardwalk
    unit.press("sell")
    assert unit.screen_text() == ["SELL THE HOTEL", "$500", "+4 HOUSES, TO 2 2"]
    unit.press("go")
    assert (unit.deed(37)["buildings"], unit.deed(39)["buildings"]) == (2, 2)
    assert unit.bank_supply() == {"houses": 0, "hotels": 12}


def test_the_bank_s_last_house_goes_to_auction_among_the_builders(unit):
    """One house left and two players who want it: AUCTION with no deed in play puts it under
    the hammer; each bid names the bidder's lot (laid on GREEN, or typed, then DEED), where
    that house must be the next to go; the highest bid builds it there at the bid."""
    credit(unit, 1, 9000)
    buy(unit, 1, 6, 8, 9, 11, 13, 14, 16, 18, 19)
    build(unit, 1, *((6, 8, 9, 11, 13, 14) * 4))
    build(unit, 1, 16, 18, 19, 16, 18, 19, 16, 18)
    buy(unit, 2, 37, 39)
    sell(unit, 1, 16)
    unit.press("go")
    unit.remove(slot="green")
    assert unit.bank_supply() == {"houses": 1, "hotels": 12}
    before = state(unit)
    unit.press("auction")
    assert unit.screen_text() == ["A HOUSE 15 S", "$0", "CARD, LOT, BID, GO"]
    unit.press("auction")  # before the first bid: a hotel instead, and back
    assert unit.screen_text()[0] == "A HOTEL 15 S"
    unit.insert(card=2, slot="red")
    unit.insert(deed=39, slot="green")
    unit.type("60")
    unit.press("go")
    refused(unit, "HOTEL NEEDS 4 HOUSES", before)  # Boardwalk's next building is a house
    unit.press("c")
    unit.remove(slot="green")
    unit.press("auction")
    assert unit.screen_text()[0].startswith("A HOUSE ")  # (the countdown runs)
    unit.type("60")
    unit.press("go")
    refused(unit, "LAY OR TYPE A DEED", before)  # no lot named
    unit.press("c")
    typed_deed(unit, 19)
    unit.type("60")
    unit.press("go")
    refused(unit, "NOT YOUR DEED", before)
    unit.press("c")
    unit.insert(deed=39, slot="green")
    assert unit.screen_text()[2] == "BOARDWALK"
    unit.type("60")
    unit.press("go")
    assert unit.screen_text() == ["CARD 2 BID 15 S", "$60", "BOARDWALK"]
    unit.remove(slot="red")
    unit.remove(slot="green")
    unit.insert(card=1, slot="red")
    typed_deed(unit, 6)  # four houses there: a hotel would go next
    unit.type("70")
    unit.press("go")
    refused(unit, "4 HOUSES: HOTEL NEXT", before)
    unit.press("c")
    typed_deed(unit, 19)
    unit.type("50")
    unit.press("go")
    refused(unit, "BID MORE THAN $60", before)
    unit.press("c")
    unit.press("auction")
    refused(unit, "BID, GO  C: STOP", before)  # a bid made: no switching now
    unit.type("100")
    unit.press("go")
    assert unit.screen_text()[:2] == ["CARD 1 BID 15 S", "$100"]
    unit.remove(slot="red")
    unit.advance(16)
    assert unit.screen_text() == ["HOUSE TO CARD 1", "$100", "NEW YORK AVENUE"]  # not the deed
    assert state(unit) == before  # shown, not done
    unit.press("go")
    assert unit.deed(19)["buildings"] == 3 and unit.balance(1) == before[0][1] - 100
    assert unit.bank_supply() == {"houses": 0, "hotels": 12}
    history = unit.history(card=1)
    assert history[0]["amount"] == -100


def test_a_hotel_auction_takes_only_lots_with_four_houses(unit):
    short_of_houses(unit)
    buy(unit, 2, 1, 3)
    build(unit, 2, 1, 3)  # (the bank has no house: refused, nothing built)
    assert unit.deed(1)["buildings"] == 0
    before = state(unit)
    unit.press("auction")
    assert unit.screen_text()[0] == "A HOTEL 15 S"  # no house left: a hotel
    unit.press("auction")
    refused(unit, "NO HOUSES LEFT", before)
    unit.insert(card=1, slot="red")
    typed_deed(unit, 18)  # 3 houses there, 2 on New York Avenue
    unit.type("80")
    unit.press("go")
    refused(unit, "BUILD EVENLY", before)
    unit.press("c")
    typed_deed(unit, 19)  # its next building is a house, and the bank has none
    unit.type("80")
    unit.press("go")
    refused(unit, "NO HOUSES LEFT", before)
    unit.press("c")
    typed_deed(unit, 6)  # four houses: the hotel goes there
    unit.type("80")
    unit.press("go")
    assert unit.screen_text() == ["CARD 1 BID 15 S", "$80", "ORIENTAL AVENUE"]
    unit.advance(16)
    assert unit.screen_text() == ["HOTEL TO CARD 1", "$80", "ORIENTAL AVENUE"]  # not the deed
    unit.press("go")
    assert unit.deed(6)["buildings"] == 5 and unit.balance(1) == before[0][1] - 80
    assert unit.bank_supply() == {"houses": 4, "hotels": 9}


def test_trade_a_mortgaged_deed_costs_the_buyer_the_interest(unit):
    buy(unit, 1, 12)
    unit.insert(card=1, slot="green")
    typed_deed(unit, 12)
    unit.press("mortgage")
    unit.press("go")
    unit.insert(card=2, slot="red")
    typed_deed(unit, 12)
    unit.type("100")
    unit.press("sell")
    assert unit.screen_text() == ["TRADE 1>2 +10%", "$108", "ELECTRIC COMPANY"]
    unit.press("go")
    assert unit.deed(12) == {"owner": 2, "buildings": 0, "mortgaged": True}
    assert unit.balance(2) == 1500 - 108 and unit.balance(1) == 1350 + 75 + 100


def test_bad_tags_and_misplaced_deeds_are_refused(unit):
    unit.insert(deed=39, slot="green")
    before = state(unit)
    unit.insert(deed=1, slot="red")
    unit.press("buy")
    refused(unit, "DEED IN CARD'S SLOT", before)
    unit.remove(slot="red")
    unit.insert(card=7, slot="red")  # never enrolled
    refused(unit, "UNKNOWN CARD", before)
    unit.remove(slot="red")
    unit.insert(card=1, slot="red")
    unit.remove(slot="green")
    unit.insert(card=2, slot="green")
    unit.press("buy")
    refused(unit, "CARD IN DEED'S SLOT", before)
    unit.remove(slot="green")
    unit.type("4")
    unit.press("deed")
    refused(unit, "NOT A DEED", before)


def test_the_same_deed_on_both_readers_is_refused(unit):
    with VirtualUnit(edition="banker") as other:
        other.insert(deed=39, slot="green")
        other.parts.insert(1, 39, deed=True)  # (a second tag with the same UID)
        other.advance(0.4)
        assert "SAME DEED TWICE" in other.screen_text()


def test_every_action_and_the_estate_survive_a_power_cut(unit):
    buy(unit, 1, 37, 39)
    unit.insert(card=1, slot="red")
    typed_deed(unit, 39)
    unit.press("build")
    unit.press("go")
    before = state(unit)
    unit.power_cycle()
    assert state(unit) == before
    assert unit.deed(39) == {"owner": 1, "buildings": 1, "mortgaged": False}
    history = unit.history(card=1)
    assert [entry["amount"] for entry in history[:3]] == [-200, -400, -350]


def test_auction_the_highest_bid_pays_and_owns_after_the_countdown(unit):
    unit.insert(deed=39, slot="green")
    unit.press("auction")
    assert unit.screen_text()[0] == "AUCTION 15 S"
    unit.insert(card=1, slot="red")
    unit.type("100")
    unit.press("go")
    unit.remove(slot="red")
    unit.insert(card=2, slot="red")
    before = state(unit)
    unit.type("90")
    unit.press("go")
    refused(unit, "BID MORE THAN $100", before)
    unit.press("c")
    unit.type("150")
    unit.press("go")
    assert unit.screen_text()[:2] == ["CARD 2 BID 15 S", "$150"]
    assert "auction_tick" in unit.sounds() or True
    unit.advance(16)
    assert unit.screen_text() == ["SOLD TO CARD 2", "$150", "BOARDWALK"]
    assert unit.deed(39)["owner"] is None  # shown, not done
    unit.press("go")
    assert unit.deed(39)["owner"] == 2 and unit.balance(2) == 1350 and unit.balance(1) == 1500


def test_auction_with_no_bid_leaves_the_deed_with_the_bank(unit):
    unit.insert(deed=39, slot="green")
    before = state(unit)
    unit.press("auction")
    unit.advance(16)
    assert "NO BID: BANK KEEPS IT" in unit.screen_text()
    assert state(unit) == before


def test_auction_of_an_owned_deed_is_refused(unit):
    buy(unit, 1, 39)
    unit.insert(deed=39, slot="green")
    before = state(unit)
    unit.press("auction")
    refused(unit, "DEED OWNED", before)


def test_bankrupt_to_a_player_hands_over_cash_deeds_and_half_the_buildings(unit):
    buy(unit, 1, 1, 3, 12)
    unit.insert(card=1, slot="red")
    typed_deed(unit, 1)
    unit.press("build")
    unit.press("go")
    unit.remove(slot="red")
    unit.insert(card=1, slot="green")
    typed_deed(unit, 12)
    unit.press("mortgage")
    unit.press("go")
    unit.remove(slot="green")
    cash = unit.balance(1)
    unit.insert(card=1, slot="red")
    unit.insert(card=2, slot="green")
    unit.press("bankrupt")
    assert unit.screen_text()[:2] == ["BANKRUPT 1>2", "$%d" % cash]
    unit.press("go")
    assert unit.balance(1) == 0
    assert unit.balance(2) == 1500 + cash + 25 - 8  # half the house, the 10 % on the mortgage
    assert unit.deed(1) == {"owner": 2, "buildings": 0, "mortgaged": False}
    assert unit.deed(12) == {"owner": 2, "buildings": 0, "mortgaged": True}
    assert unit.bank_supply() == {"houses": 32, "hotels": 12}


def test_bankrupt_to_the_bank_returns_the_deeds_and_offers_their_auction(unit):
    buy(unit, 1, 1, 3)
    unit.insert(card=1, slot="green")
    typed_deed(unit, 3)
    unit.press("mortgage")
    unit.press("go")
    unit.remove(slot="green")
    unit.insert(card=1, slot="red")
    unit.press("bankrupt")
    assert unit.screen_text()[0] == "BANKRUPT 1>BANK"
    unit.press("go")
    assert unit.balance(1) == 0
    assert unit.deed(3) == {"owner": None, "buildings": 0, "mortgaged": False}
    unit.remove(slot="red")
    assert "2 DEEDS: AUCTION" in unit.screen_text()
    unit.press("auction")
    assert unit.screen_text()[2] == "MEDITERRANEAN AVENUE"


def test_the_deeds_handed_back_stay_offered_until_their_auction_ends(unit):
    """The deeds a bankruptcy to the bank hands back are journaled with it: a power cut keeps
    them; an auction stopped with C leaves its deed offered; one that ends with no bid, or
    a sale, takes it off the list (journaled too); a sale taken back with C puts it back."""
    buy(unit, 1, 1, 3, 5)
    unit.insert(card=1, slot="red")
    unit.press("bankrupt")
    unit.press("go")
    unit.remove(slot="red")
    unit.power_cycle()
    assert "3 DEEDS: AUCTION" in unit.screen_text()
    unit.press("auction")
    assert unit.screen_text()[2] == "MEDITERRANEAN AVENUE"
    unit.press("c")  # stopped: still offered
    assert "AUCTION STOPPED" in unit.screen_text()
    unit.advance(3)
    assert "3 DEEDS: AUCTION" in unit.screen_text()
    unit.press("auction")
    unit.advance(16)  # no bid
    assert "NO BID: BANK KEEPS IT" in unit.screen_text()
    unit.power_cycle()
    assert "2 DEEDS: AUCTION" in unit.screen_text()
    unit.press("auction")
    assert unit.screen_text()[2] == "BALTIC AVENUE"
    unit.insert(card=2, slot="red")
    unit.type("40")
    unit.press("go")
    unit.advance(16)
    unit.press("go")
    assert unit.deed(3)["owner"] == 2
    unit.press("c")  # the sale taken back: Baltic Avenue is offered again
    assert unit.deed(3)["owner"] is None and unit.balance(2) == 1500
    unit.remove(slot="red")
    unit.power_cycle()
    assert "2 DEEDS: AUCTION" in unit.screen_text()
    assert unit.deed(1) == {"owner": None, "buildings": 0, "mortgaged": False}


def test_bankrupt_with_nothing_is_refused(unit):
    unit.insert(card=1, slot="red")
    unit.press("bankrupt")
    unit.press("go")
    unit.remove(slot="red")
    unit.insert(card=1, slot="red")
    before = state(unit)
    unit.press("bankrupt")
    refused(unit, "NOTHING TO HAND OVER", before)


def test_totals_count_cash_deeds_and_buildings_and_name_the_winner(unit):
    buy(unit, 1, 12, 37, 39)
    unit.insert(card=1, slot="red")
    typed_deed(unit, 39)
    unit.press("build")
    unit.press("go")
    unit.remove(slot="red")
    unit.insert(card=1, slot="green")
    typed_deed(unit, 12)
    unit.press("mortgage")
    unit.press("go")
    unit.remove(slot="green")
    unit.insert(card=2, slot="red")
    typed_deed(unit, 39)
    unit.press("rent")
    unit.press("go")  # one house on Boardwalk: $200
    unit.remove(slot="red")
    assert unit.balance(1) == 1500 - 150 - 350 - 400 - 200 + 75 + 200
    unit.hold("bankrupt", 2.5)
    unit.press("go")
    worth = unit.balance(1) + 75 + 350 + 400 + 200  # the mortgaged deed at half its price
    assert unit.screen_text()[:2] == ["TOTALS: CARD 1", "$%d" % worth]
    for _ in range(6):
        unit.press("go")
    assert unit.screen_text()[:3] == ["WINNER", "CARD 1", "TOTAL $1700"]


def test_a_deed_tag_is_enrolled_in_the_enrolling_mode_like_a_card(unit):
    unit.hold("mortgage", 3.5)
    unit.press("go")  # ENROLL CARDS? yes
    unit.insert(spare=1, slot="green")
    unit.type("40")
    unit.press("deed")
    assert "NOT A DEED" in unit.screen_text()
    unit.press("c")
    unit.type("24")
    unit.press("deed")
    assert "DEED 24 ENROLLED" in unit.screen_text()
    unit.remove(slot="green")
    unit.press("c")  # enrolling done
    unit.insert(spare=1, slot="green")
    assert "ILLINOIS AVENUE" in unit.screen_text()
    unit.power_cycle()
    assert "ILLINOIS AVENUE" in unit.screen_text()


def test_the_modes_are_composed_from_the_mode_contract():
    """Offer and Auction are rules.modes.Mode: each says only where it differs from the
    contract's defaults, and takes the rest (hold_ms, held, card ...) from it."""
    from editions.banker.auction import Auction
    from editions.banker.modes import Offer

    from rules.modes import Mode

    for mode in (Offer, Auction):
        assert issubclass(mode, Mode)
        for name, value in vars(mode).items():
            if name in vars(Mode) and not callable(value):
                assert value != vars(Mode)[name], (mode.__name__, name)
        for name in ("hold_ms", "held", "card"):
            assert name not in vars(mode), (mode.__name__, name)


SELDOM = ("editions.banker.auction", "editions.banker.trade", "editions.banker.bankruptcy")
COMMON = ("editions.banker.flows", "editions.banker.actions", "editions.banker.modes")


def seldom_loaded() -> set:
    """The Banker's seldom modules loaded now: in sys.modules, and their package's attribute."""
    import sys

    import editions.banker as package

    found = {name for name in SELDOM if name in sys.modules}
    named = {name for name in SELDOM if hasattr(package, name.rpartition(".")[2])}
    assert found == named
    return found


def test_the_seldom_actions_are_loaded_on_use_and_let_go_after_it(unit):
    """Issue 30: an auction, a trade and a bankruptcy are modules of their own, loaded by their
    key and let go (app.memory.forget_module) when their mode closes, or at once when refused
    or when nothing of them is needed any more; the common path (flows, actions, modes) stays.
    Each works as before, loaded again when used again."""
    import sys

    from app.memory import forget_module

    for name in SELDOM:
        forget_module(name)  # (imported by another test in this interpreter)
    buy(unit, 1, 12)
    assert all(name in sys.modules for name in COMMON)
    assert seldom_loaded() == set()
    unit.insert(deed=12, slot="green")
    unit.press("auction")
    assert "DEED OWNED" in unit.screen_text() and seldom_loaded() == set()
    unit.remove(slot="green")
    # an auction: loaded while it runs, let go as it ends (its sale's offer needs none of it)
    unit.insert(deed=39, slot="green")
    unit.press("auction")
    assert seldom_loaded() == {"editions.banker.auction"}
    unit.insert(card=2, slot="red")
    unit.type("100")
    unit.press("go")
    unit.advance(16)
    assert unit.screen_text()[0] == "SOLD TO CARD 2" and seldom_loaded() == set()
    unit.press("go")
    assert unit.deed(39)["owner"] == 2 and unit.balance(2) == 1400
    unit.remove(slot="red")
    unit.remove(slot="green")
    # stopped with C: let go too; AUCTION again loads it again
    unit.insert(deed=37, slot="green")
    unit.press("auction")
    unit.press("c")
    assert "AUCTION STOPPED" in unit.screen_text() and seldom_loaded() == set()
    unit.press("auction")
    assert unit.screen_text()[0] == "AUCTION 15 S"
    assert seldom_loaded() == {"editions.banker.auction"}
    unit.press("c")
    unit.remove(slot="green")
    # a trade: loaded while its offer is open (MORTGAGE switches the lift), let go after GO
    unit.insert(card=1, slot="green")
    typed_deed(unit, 12)
    unit.press("mortgage")
    unit.press("go")
    unit.insert(card=3, slot="red")
    typed_deed(unit, 12)
    unit.type("50")
    unit.press("sell")
    assert unit.screen_text() == ["TRADE 1>3 +10%", "$58", "ELECTRIC COMPANY"]
    assert seldom_loaded() == {"editions.banker.trade"}
    unit.press("mortgage")
    assert unit.screen_text() == ["TRADE 1>3 LIFT", "$133", "ELECTRIC COMPANY"]
    unit.press("mortgage")
    assert unit.screen_text() == ["TRADE 1>3 +10%", "$58", "ELECTRIC COMPANY"]
    unit.press("mortgage")
    unit.press("go")
    assert unit.deed(12) == {"owner": 3, "buildings": 0, "mortgaged": False}
    assert unit.balance(3) == 1500 - 50 - 83 and seldom_loaded() == set()
    # a trade refused (the seller's deed no more), or one left with C: let go
    before = state(unit)
    typed_deed(unit, 12)
    unit.press("sell")
    refused(unit, "NOT YOUR DEED", before)
    assert seldom_loaded() == set()
    unit.remove(slot="green")
    unit.remove(slot="red")
    unit.insert(card=3, slot="green")
    unit.insert(card=1, slot="red")
    typed_deed(unit, 12)
    unit.press("sell")
    assert unit.screen_text()[0] == "TRADE: 3 TO 1"
    unit.press("c")
    assert state(unit) == before and seldom_loaded() == set()
    unit.remove(slot="green")
    unit.remove(slot="red")
    # a bankruptcy: let go once its offer is shown (refused or not); GO carries it out
    unit.insert(card=3, slot="red")
    unit.insert(deed=39, slot="green")
    unit.press("bankrupt")
    refused(unit, "DEED IN CARD'S SLOT", before)
    assert seldom_loaded() == set()
    unit.remove(slot="green")
    unit.press("bankrupt")
    assert unit.screen_text()[0] == "BANKRUPT 3>BANK" and seldom_loaded() == set()
    unit.press("go")
    assert unit.balance(3) == 0 and unit.deed(12)["owner"] is None
    assert all(name in sys.modules for name in COMMON)


def test_the_deeds_flows_load_at_the_first_quiet_moment_not_by_the_first_deed():
    """Issue 30: the deeds' common flows (editions.banker.flows, its actions and Offer) are
    imported once the unit has been a second without a key or card in the game (after the boot
    summary), not by the first deed's key, which would wait for them on the chip; a deed's key
    before that moment still loads them."""
    with VirtualUnit(edition="banker", boot_summary=True) as unit:
        part = unit.unit.edition.part
        while unit.unit.overlay is not None:  # the summary: its pages, no game yet
            assert part.flows is None
            unit.advance(0.5)
        unit.advance(0.5)
        assert part.flows is None  # the summary just closed
        for _ in range(6):  # keys and cards keep the unit busy
            unit.press("5")
            unit.advance(0.5)
        unit.press("c")
        unit.insert(card=1, slot="red")
        unit.advance(0.5)
        assert part.flows is None
        unit.advance(0.7)
        assert part.flows is not None and part.flows.__name__ == "editions.banker.flows"
        typed_deed(unit, 39)
        unit.press("buy")
        unit.press("go")
        assert unit.deed(39)["owner"] == 1
    with VirtualUnit(edition="banker") as unit:  # a deed at once: its key loads them
        unit.insert(card=1, slot="red")
        typed_deed(unit, 37)
        unit.press("buy")
        assert unit.screen_text() == ["BUY: CARD 1", "$350", "PARK PLACE"]
        unit.press("go")
        assert unit.deed(37)["owner"] == 1
