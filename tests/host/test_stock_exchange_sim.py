"""The Stock Exchange unit end to end: real firmware, board file and flash in a VirtualUnit, every
flow played through the public API (keys in; screen text, sounds and the market out)."""

import pathlib

import pytest

from host_sim import VirtualUnit, VirtualUnitError
from peripherals.flash import PowerCut
from peripherals.wiring import spi_bytes

TOKEN_KEY = {"hat": "1", "car": "2", "dog": "3", "shoe": "4", "iron": "5", "boat": "6"}


@pytest.fixture
def unit():
    with VirtualUnit(edition="stock_exchange") as made:
        yield made


def keys(unit: VirtualUnit, *names: str) -> None:
    for name in names:
        for key in [name] if len(name) > 1 or not name.isdigit() else list(name):
            unit.press(key)


def code_keys(code: int) -> list:
    return list("%02d" % code)


def introduce(unit: VirtualUnit, token: str, code: int, bid: str | None = None) -> None:
    keys(unit, "bank_purchase", TOKEN_KEY[token], *code_keys(code))
    if bid is not None:
        keys(unit, *bid)
    keys(unit, "confirm")


def buy(unit: VirtualUnit, token: str, code: int, count: int) -> None:
    keys(unit, "bank_purchase", TOKEN_KEY[token], *code_keys(code), str(count), "confirm")


def sell(unit: VirtualUnit, token: str, code: int, count: int) -> None:
    keys(unit, "sell", TOKEN_KEY[token], *code_keys(code), str(count), "confirm")


def trade(unit: VirtualUnit, buyer: str, seller: str, code: int, count: int) -> None:
    keys(unit, "buy_players", TOKEN_KEY[buyer], TOKEN_KEY[seller], *code_keys(code), str(count))
    keys(unit, "confirm")


def last_cue(unit: VirtualUnit) -> str:
    heard = unit.sounds()
    assert heard, "no sound at all"
    return heard[-1]


# ---- the unit itself ----------------------------------------------------------------------------


def test_a_fresh_unit_shows_the_first_market_screen_and_has_no_slots(unit) -> None:
    shown = unit.screen_text()
    assert shown[0] == "01-05" and "H" in shown and "B" in shown
    assert shown.count("--") == 5 and shown.count("9") == 5  # unlisted, the bank holds all 9
    assert unit.unit.slots == [None, None] and unit.unit.notice() == ""
    assert spi_bytes(unit.board) == 0  # the readers are never started
    assert unit.flash.listdir() == []  # no cards enrolled on a card-less unit's flash
    with pytest.raises(VirtualUnitError, match="no card slots"):
        unit.insert(card=1, slot="green")
    with pytest.raises(VirtualUnitError, match="no card slots"):
        unit.remove("red")
    with pytest.raises(VirtualUnitError, match="keeps no balances"):
        unit.balance(1)
    with pytest.raises(VirtualUnitError, match="no key 'go'"):
        unit.press("go")
    with pytest.raises(VirtualUnitError, match="token must be one of"):
        unit.shares("top hat", 1)
    with pytest.raises(VirtualUnitError, match="1..22"):
        unit.price(23)
    named = ("bank_purchase", "sell", "buy_players", "interest", "offices", "start", "review")
    named += ("total", "confirm", "cancel", "on_off", "remove_player", "new_game")
    assert set(unit.keys) == set("0123456789") | set(named)


def test_a_card_edition_has_no_market() -> None:
    with (
        VirtualUnit(edition="electronic_banking") as card_unit,
        pytest.raises(VirtualUnitError, match="no share market"),
    ):
        card_unit.shares("hat", 1)


# ---- BANK PURCHASE: introduction, auction, free, purchases --------------------------------------


def test_introduction_at_list_price_makes_the_president(unit) -> None:
    keys(unit, "bank_purchase", "1", "0", "1")
    # The PRICE value flashes (it can still be replaced by a bid): shown or not at any moment.
    assert unit.screen_text()[:7] == ["INTRODUCTION", "TOKEN", "HAT", "CODE", "01", "-60", "PRICE"]
    keys(unit, "confirm")
    assert last_cue(unit) == "president"
    assert unit.shares("hat", 1) == 5 and unit.bank_shares(1) == 4
    assert unit.president(1) == "hat" and unit.price(1) == 13
    assert unit.screen_text()[:11] == ["01-05", "H", "C", "D", "S", "I", "B", "01", "4", "5", "13"]
    keys(unit, "review")
    assert unit.screen_text()[:8] == ["INTRODUCTION", "TOKEN", "HAT", "CODE", "01", "-60"] + [
        "PRICE",
        "60",
    ]


def test_introduction_at_an_auction_bid_and_for_free(unit) -> None:
    keys(unit, "bank_purchase", "2", "0", "3", "1", "5", "0")
    shown = unit.screen_text()
    assert "-150" in shown and "LIST PRICE 100" in shown
    keys(unit, "confirm")
    assert unit.president(3) == "car" and unit.shares("car", 3) == 5
    keys(unit, "review")
    assert "-150" in unit.screen_text()
    keys(unit, "cancel")
    keys(unit, "bank_purchase", "3", "0", "4", "0")  # nobody bid: free
    assert "LIST PRICE 100" in unit.screen_text()
    keys(unit, "confirm")
    assert unit.president(4) == "dog"
    keys(unit, "review")
    assert "PRICE" in unit.screen_text() and "0" in unit.screen_text()
    assert unit.unit.edition.last == ("se_intro", 2, 4, 0)


def test_buying_one_and_two_shares_and_the_bank_running_short(unit) -> None:
    introduce(unit, "hat", 1)
    buy(unit, "car", 1, 2)
    assert unit.shares("car", 1) == 2 and unit.bank_shares(1) == 2
    assert last_cue(unit) == "done"
    buy(unit, "dog", 1, 1)
    assert unit.shares("dog", 1) == 1 and unit.bank_shares(1) == 1
    keys(unit, "bank_purchase", "4", "0", "1", "2")  # the bank holds one share only
    assert "BANK HAS 1 SHARE" in unit.screen_text()
    assert last_cue(unit) == "error"
    keys(unit, "confirm")  # the count is still to be typed: nothing happens
    assert unit.shares("shoe", 1) == 0
    keys(unit, "1", "confirm")
    assert unit.shares("shoe", 1) == 1 and unit.bank_shares(1) == 0
    keys(unit, "bank_purchase", "5", "0", "1")
    assert "BANK HAS NO SHARES" in unit.screen_text()
    keys(unit, "cancel")
    assert last_cue(unit) == "cancel"
    keys(unit, "bank_purchase", "1", "0", "2", "3")  # three shares at once: refused
    assert "BUY 1 OR 2 SHARES" in unit.screen_text() or unit.president(2) is None


def test_buying_into_a_company_nobody_introduced_is_an_introduction(unit) -> None:
    keys(unit, "bank_purchase", "1", "2", "2")
    assert unit.screen_text()[0] == "INTRODUCTION" and "-400" in unit.screen_text()


# ---- SELL, BUY PLAYERS --------------------------------------------------------------------------


def test_selling_pays_the_price_before_the_sale_and_the_last_share_unlists(unit) -> None:
    introduce(unit, "hat", 6)
    buy(unit, "car", 6, 2)
    price = unit.price(6)
    keys(unit, "sell", "2", "0", "6", "1")
    assert "+%d" % price in unit.screen_text()
    keys(unit, "confirm")
    assert unit.shares("car", 6) == 1 and last_cue(unit) == "done"
    keys(unit, "sell", "2", "0", "6", "3")
    assert "ONLY 1 SHARE HELD" in unit.screen_text() and last_cue(unit) == "error"
    keys(unit, "cancel")
    sell(unit, "car", 6, 1)
    sell(unit, "hat", 6, 5)  # the last player shares go back: the company is unlisted
    assert unit.president(6) is None and unit.price(6) == 0 and unit.bank_shares(6) == 9
    row = unit.market_rows()[5]
    assert row["code"] == 6 and row["president"] is None and row["trend"] == 0
    keys(unit, "sell", "1", "0", "6")
    assert "NOT LISTED" in unit.screen_text()


def test_buying_from_a_player_moves_shares_and_can_change_the_president(unit) -> None:
    introduce(unit, "hat", 9)
    buy(unit, "car", 9, 2)
    buy(unit, "car", 9, 2)
    keys(unit, "buy_players", "2", "1", "0", "9", "2")
    shown = unit.screen_text()
    assert shown[0] == "BUY PLAYERS" and "BUYER" in shown and "SELLER" in shown
    keys(unit, "confirm")  # car 6, hat 3: car presides
    assert unit.shares("car", 9) == 6 and unit.shares("hat", 9) == 3
    assert unit.president(9) == "car" and last_cue(unit) == "president"
    keys(unit, "buy_players", "2", "2")
    assert "BUYER IS THE SELLER" in unit.screen_text() and last_cue(unit) == "error"


def test_a_tie_keeps_the_president_and_a_split_goes_round_the_table(unit) -> None:
    introduce(unit, "dog", 12)  # dog 5
    buy(unit, "hat", 12, 2)
    buy(unit, "car", 12, 2)  # hat 2, car 2, bank 0
    trade(unit, "hat", "dog", 12, 1)  # dog 4, hat 3
    assert unit.president(12) == "dog"
    trade(unit, "car", "dog", 12, 1)  # dog 3, hat 3, car 3: a tie keeps dog
    assert unit.president(12) == "dog"
    sell(unit, "dog", 12, 1)  # dog 2: hat and car tie at 3; after dog comes shoe .. boat, hat
    assert unit.president(12) == "hat"


# ---- INTEREST, START ----------------------------------------------------------------------------


def test_interest_is_refused_to_the_president_and_paid_into_the_next_dividend(unit) -> None:
    introduce(unit, "hat", 1)
    keys(unit, "interest", "1", "0", "1")
    assert "PRESIDENT PAYS NONE" in unit.screen_text() and last_cue(unit) == "error"
    keys(unit, "cancel", "interest", "2", "0", "1")
    shown = unit.screen_text()
    amount = int(shown[-1].lstrip("-"))
    assert shown[0] == "INTEREST" and shown[-1].startswith("-") and amount > 0
    keys(unit, "confirm")
    assert last_cue(unit) == "done"
    keys(unit, "start", "1")
    assert unit.screen_text() == ["START", "TOKEN", "HAT", "+%d" % (200 + amount)]
    keys(unit, "confirm")
    keys(unit, "start", "1")
    assert unit.screen_text()[-1] == "+200"  # the dividends were paid once
    keys(unit, "cancel", "interest", "3", "0", "2")
    assert "NOT LISTED" in unit.screen_text()


# ---- OFFICES ------------------------------------------------------------------------------------


def build_monopolies(unit: VirtualUnit, token: str, codes) -> None:
    for code in codes:
        introduce(unit, token, code)


def test_offices_need_a_monopoly_even_building_and_the_banks_stock(unit) -> None:
    keys(unit, "offices", "0", "1")
    assert "NOT A MONOPOLY" in unit.screen_text() and last_cue(unit) == "error"
    keys(unit, "cancel")
    introduce(unit, "hat", 1)
    introduce(unit, "hat", 2)
    assert last_cue(unit) == "monopoly"
    keys(unit, "offices", "0", "2")
    assert unit.screen_text() == ["OFFICES", "01", "0", "02", "0"]
    keys(unit, "2", "0", "confirm")
    assert "BUILD EVENLY" in unit.screen_text() and last_cue(unit) == "error"
    assert unit.offices(1) == 0
    keys(unit, "1", "1")
    assert "-100" in unit.screen_text()  # two offices at 50
    keys(unit, "confirm")
    assert (unit.offices(1), unit.offices(2)) == (1, 1) and last_cue(unit) == "done"
    keys(unit, "offices", "0", "1", "0", "0")
    assert "+50" in unit.screen_text()  # sold back at half cost
    keys(unit, "cancel")
    keys(unit, "offices", "0", "1", "5", "5", "confirm")  # two head offices
    assert (unit.offices(1), unit.offices(2)) == (5, 5)


def test_the_banks_32_offices_and_12_head_offices_run_out(unit) -> None:
    build_monopolies(unit, "hat", range(1, 15))  # brown, light blue, pink, orange, red
    for first, size in ((1, 2), (3, 3), (6, 3)):
        keys(unit, "offices", *code_keys(first), *("4" * size), "confirm")
    assert unit.offices(8) == 4  # 8 + 12 + 12 = 32 offices stand
    keys(unit, "offices", "0", "9", "2", "0", "0", "confirm")
    assert "BUILD EVENLY" in unit.screen_text()
    keys(unit, "1", "1", "1", "confirm")
    assert "NO OFFICES LEFT" in unit.screen_text() and last_cue(unit) == "error"
    assert unit.offices(9) == 0
    keys(unit, "cancel")
    for first, size in ((1, 2), (3, 3), (6, 3)):  # head offices give their offices back
        keys(unit, "offices", *code_keys(first), *("5" * size), "confirm")
    keys(unit, "offices", "0", "9", "4", "4", "4", "confirm")
    keys(unit, "offices", "0", "9", "5", "5", "5", "confirm")
    assert [unit.offices(code) for code in range(1, 12)] == [5] * 11
    keys(unit, "offices", "1", "2", "4", "4", "4", "confirm")
    assert unit.offices(12) == 4
    keys(unit, "offices", "1", "2", "5", "5", "5", "confirm")  # 14 head offices: only 12
    assert "NO HEAD OFFICES LEFT" in unit.screen_text() and last_cue(unit) == "error"
    assert unit.offices(12) == 4


def test_a_presidency_lost_with_offices_standing_liquidates_them(unit) -> None:
    introduce(unit, "hat", 1)
    introduce(unit, "hat", 2)
    keys(unit, "offices", "0", "1", "1", "1", "confirm")
    trade(unit, "car", "hat", 1, 2)  # hat 3, car 2
    keys(unit, "bank_purchase", "2", "0", "1", "2")  # car 4: the monopoly breaks
    assert "REFUND TO HAT 50" in unit.screen_text()  # two offices at half of 50
    keys(unit, "confirm")
    assert last_cue(unit) == "liquidated"
    assert unit.president(1) == "car" and (unit.offices(1), unit.offices(2)) == (0, 0)
    keys(unit, "review")
    assert unit.screen_text()[:5] == ["BANK PURCHASE", "TOKEN", "CAR", "CODE", "01"]


# ---- TOTAL, REVIEW ------------------------------------------------------------------------------


def test_total_shows_every_token_in_play(unit) -> None:
    introduce(unit, "hat", 1)
    buy(unit, "car", 1, 2)
    keys(unit, "total")
    price = unit.price(1)
    assert unit.screen_text() == ["TOTAL", "HAT", str(5 * price), "CAR", str(2 * price)]
    assert unit.totals() == {"hat": 5 * price, "car": 2 * price}
    keys(unit, "sell")
    assert "CONFIRM OR CANCEL" in unit.screen_text() and last_cue(unit) == "error"
    keys(unit, "cancel")
    assert unit.screen_text()[0] == "01-05"


def test_review_shows_the_last_transaction_also_after_a_power_cycle(unit) -> None:
    keys(unit, "review")
    assert "NO TRANSACTION YET" in unit.screen_text() and last_cue(unit) == "error"
    introduce(unit, "iron", 15)
    sell(unit, "iron", 15, 2)
    keys(unit, "review")
    before = unit.screen_text()
    assert before[0] == "SELL" and "IRON" in before and "REVIEW" in before
    unit.power_cycle()
    keys(unit, "review")
    assert unit.screen_text() == before
    keys(unit, "1")  # the review cannot be changed
    assert "CONFIRM OR CANCEL" in unit.screen_text()
    assert unit.shares("iron", 15) == 3


def test_review_after_a_snapshot_and_a_power_cycle(unit) -> None:
    unit.unit.store.compact_every = 3  # snapshots every few records
    for code in (1, 2, 3, 4, 5, 6, 7):
        introduce(unit, "boat", code)
    buy(unit, "hat", 7, 1)
    assert unit.unit.store.compactions >= 2
    rows = unit.market_rows()
    unit.power_cycle()
    assert unit.market_rows() == rows
    keys(unit, "review")
    assert unit.screen_text()[:5] == ["BANK PURCHASE", "TOKEN", "HAT", "CODE", "07"]


# ---- REMOVE A PLAYER, NEW GAME ------------------------------------------------------------------


def test_remove_a_player_needs_a_hold_and_returns_the_shares(unit) -> None:
    introduce(unit, "hat", 1)
    buy(unit, "car", 1, 2)
    unit.press("remove_player")
    assert "HOLD 2 SECONDS" in unit.screen_text() and last_cue(unit) == "error"
    assert unit.shares("car", 1) == 2
    unit.hold("remove_player", 2.5)
    assert unit.screen_text() == ["REMOVE A PLAYER", "TOKEN"]
    keys(unit, "2")
    assert unit.screen_text() == ["REMOVE", "CAR?", "CONFIRM / CANCEL"]
    keys(unit, "cancel")
    assert unit.shares("car", 1) == 2 and last_cue(unit) == "cancel"
    unit.hold("remove_player", 2.5)
    keys(unit, "2", "confirm")
    assert "CAR REMOVED" in unit.screen_text()
    assert unit.shares("car", 1) == 0 and unit.bank_shares(1) == 4
    assert unit.totals() == {"hat": 5 * unit.price(1)}


def test_new_game_needs_a_hold_and_a_confirm(unit) -> None:
    introduce(unit, "hat", 1)
    unit.press("new_game")
    assert "HOLD 2 SECONDS" in unit.screen_text()
    unit.hold("new_game", 1.0)
    assert unit.president(1) == "hat"
    unit.hold("new_game", 2.5)
    assert unit.screen_text() == ["NEW GAME?", "CONFIRM / CANCEL"]
    assert last_cue(unit) == "confirm"
    keys(unit, "confirm")
    assert last_cue(unit) == "new_game"
    assert "NEW GAME" in unit.screen_text() and unit.president(1) is None
    assert unit.totals() == {}
    unit.power_cycle()
    assert unit.president(1) is None
    keys(unit, "review")
    assert "NO TRANSACTION YET" in unit.screen_text()


# ---- ON/OFF, standby, market screens, sounds ----------------------------------------------------


def test_on_off_and_the_wake_key_does_nothing_else(unit) -> None:
    keys(unit, "bank_purchase", "1", "0")
    form = unit.screen_text()
    keys(unit, "on_off")
    assert unit.screen_text() == []
    keys(unit, "5")  # wakes the unit only
    assert unit.screen_text() == form
    keys(unit, "5")  # code 05
    assert unit.screen_text()[:5] == ["INTRODUCTION", "TOKEN", "HAT", "CODE", "05"]


def test_standby_after_five_minutes_resumes_exactly(unit) -> None:
    introduce(unit, "hat", 14)
    keys(unit, "sell", "1", "1")
    form = unit.screen_text()
    unit.advance(290)
    assert unit.screen_text() != []  # a form does not time out
    unit.advance(15)
    assert unit.screen_text() == [] and not any(any(row) for row in unit.screen_pixels())
    unit.advance(600)
    keys(unit, "cancel")  # wakes it: the form is still there, untouched
    assert unit.screen_text() == form
    keys(unit, "4", "2", "confirm")
    assert unit.shares("hat", 14) == 3


def test_the_market_screens_scroll_by_themselves_and_jump(unit) -> None:
    assert unit.screen_text()[0] == "01-05"
    unit.advance(4.2)
    assert unit.screen_text()[0] == "06-11"
    unit.advance(4.0)
    assert unit.screen_text()[0] == "12-17"
    keys(unit, "0", "3")  # a typed code jumps to its screen and holds it
    assert unit.screen_text()[0] == "01-05"
    unit.advance(10)
    assert unit.screen_text()[0] == "01-05"
    keys(unit, "confirm")  # next screen at once
    assert unit.screen_text()[0] == "06-11"
    keys(unit, "1", "9")
    assert unit.screen_text()[0] == "18-22"
    keys(unit, "3")
    assert "CODE: 01 TO 22" in unit.screen_text() and last_cue(unit) == "error"
    unit.advance(20)  # the jump wears off: scrolling again
    first = unit.screen_text()[0]
    unit.advance(4.1)
    assert unit.screen_text()[0] != first


def test_after_a_transaction_the_market_shows_the_company(unit) -> None:
    introduce(unit, "shoe", 20)
    assert unit.screen_text()[0] == "18-22"


def test_wrong_keys_sound_the_error_and_cancel_its_own_sound(unit) -> None:
    keys(unit, "sell", "7")
    assert "TOKEN: KEYS 1 TO 6" in unit.screen_text() and last_cue(unit) == "error"
    keys(unit, "total")
    assert "CANCEL FIRST" in unit.screen_text() and last_cue(unit) == "error"
    keys(unit, "confirm")
    assert "ENTER TOKEN" in unit.screen_text() and last_cue(unit) == "error"
    keys(unit, "cancel")
    assert last_cue(unit) == "cancel" and unit.screen_text()[0] in ("01-05", "06-11")
    keys(unit, "7")
    assert "CODE: 01 TO 22" in unit.screen_text() and last_cue(unit) == "error"
    keys(unit, "bank_purchase")
    assert last_cue(unit) == "key"
    assert unit.tones()  # the piezo really sounded


# ---- power cut during a confirm -----------------------------------------------------------------


def play_opening(unit: VirtualUnit) -> None:
    introduce(unit, "hat", 1)
    introduce(unit, "hat", 2)
    keys(unit, "offices", "0", "1", "1", "1", "confirm")
    trade(unit, "car", "hat", 1, 2)  # hat 3, car 2
    unit.sounds()


def test_a_power_cut_during_a_confirm_loses_nothing_acknowledged(tmp_path: pathlib.Path) -> None:
    """The opening is on flash; then the power goes at each write point of the next CONFIRM
    in turn. After the reboot the opening is all there, and the transaction is there exactly
    when its sound played (or it was being written when the power went)."""
    base = tmp_path / "base"
    with VirtualUnit(edition="stock_exchange", flash_dir=str(base)) as unit:
        unit.unit.store.compact_every = 6  # a snapshot falls inside some confirms too
        play_opening(unit)
        opening = unit.market_rows()
        keys(unit, "bank_purchase", "2", "0", "1", "2")  # car takes the presidency: refund
        points = unit.flash.write_points
        keys(unit, "confirm")
        written = unit.flash.write_points - points
        after = unit.market_rows()
        assert last_cue(unit) == "liquidated" and after != opening
    assert written >= 2
    print("\n%d write points in the confirm, each cut in turn" % written)
    for cut in range(1, written + 1):
        folder = tmp_path / ("cut%d" % cut)
        # The same game up to the confirm, then the power goes at this write point.
        with VirtualUnit(edition="stock_exchange", flash_dir=str(folder), seed=cut) as unit:
            unit.unit.store.compact_every = 6
            play_opening(unit)
            keys(unit, "bank_purchase", "2", "0", "1", "2")
            unit.flash.cut_after(cut)
            with pytest.raises(PowerCut):
                keys(unit, "confirm")
            heard = unit.sounds()
            unit.flash.restore_power()
            unit.power_cycle()
            state = unit.market_rows()
            assert state in (opening, after), cut
            if "liquidated" in heard or "done" in heard:
                assert state == after, cut
            keys(unit, "review")
            assert unit.screen_text()[0] == ("BANK PURCHASE" if state == after else "BUY PLAYERS")


def test_a_full_flash_refuses_the_confirm_and_keeps_the_form(unit) -> None:
    introduce(unit, "hat", 1)
    keys(unit, "bank_purchase", "2", "0", "1", "2")
    unit.flash.fill(0)
    keys(unit, "confirm")
    assert "FLASH FULL: SEE GUIDE" in unit.screen_text() and last_cue(unit) == "error"
    assert unit.shares("car", 1) == 0
    unit.flash.fill(None)
    keys(unit, "confirm")  # the form stayed: CONFIRM again
    assert unit.shares("car", 1) == 2 and last_cue(unit) == "done"


def test_review_of_a_purchase_that_broke_a_monopoly_names_the_refund() -> None:
    """A bank purchase can take a presidency and break a monopoly; REVIEW shows the forced
    sale's refund as the form did, also after a power cycle (it is in the snapshot)."""
    with VirtualUnit(edition="stock_exchange") as unit:
        play_opening(unit)
        keys(unit, "bank_purchase", "2", "0", "1", "2")  # car takes 01 from hat
        form = unit.screen_text()
        assert form[-1] == "REFUND TO HAT 50"
        keys(unit, "confirm")
        keys(unit, "review")
        assert unit.screen_text() == form + ["REVIEW"]
        unit.unit.store.compact(unit.unit.edition.snapshot_records())
        unit.power_cycle()
        keys(unit, "review")
        assert unit.screen_text() == form + ["REVIEW"]
