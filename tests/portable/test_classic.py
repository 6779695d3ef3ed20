# Classic banker: every flow and refusal in whole currency units, played through a Table.
# micropython-heap: 112k (Classic rides on Electronic Banking and loads rules.endgame for its
# helpers; the floor of this suite on the 64-bit unix port is 108k since the asked payment and
# the admin question became modes (rules.endgame and rules.admin, loaded on use, grew by 1 KB of
# code), 98k since issue 14's view memos and key-path constants, 96k before)
from editions.classic.edition import BANKRUPT, FINE, MORTGAGE, Classic
from table import GREEN, RED, Table

from rules import card_bank, card_view, endgame, machine
from rules.cards import CardRegistry
from rules.ledger import ERR_BALANCE_LIMIT, ERR_NOT_ENOUGH

START = 1500


def _table(**options) -> Table:
    registry = CardRegistry(options.get("card_count", 6))
    return Table(unit=Classic(registry=registry, **options))


def _enter(table: Table, digits: str, key: str = "GO") -> None:
    for ch in digits:
        table.press(ch)
    table.press(key)


def _refused(table: Table, message: str, before: list, journal: int = -1) -> None:
    view = table.view()
    assert view["message"] == message, view["message"]
    assert view["error"] is True
    assert table.last_cue() == "error", table.cues
    assert table.balances() == before
    if journal >= 0:
        assert len(table.journal) == journal
    assert table.unit.ledger.invariant_holds()


def test_cards_start_at_1500_shown_with_the_currency():
    table = _table()
    assert table.balances() == [START] * 6
    table.insert(GREEN, 2)
    assert table.view()["big"] == "CARD 2"
    table.advance(1000)
    assert table.view()["big"] == "$1500"
    assert table.view()["title"] == "CARD 2 RECEIVES"


def test_settings_are_configurable_and_validated():
    unit = Classic(card_count=4, start_balance=2000, go_amount=400, fine=100, currency="M")
    assert unit.ledger.balances[1:] == [2000] * 4
    assert unit.go_amount == 400 and unit.part.fine == 100
    assert unit.money(2000) == "M2000"
    assert Classic(currency="\xa3").money(1500) == "\xa31500"
    assert Classic(currency="\u20ac").money(-50) == "-\u20ac50"
    bad = (
        {"card_count": 1},
        {"card_count": 9},
        {"start_balance": 0},
        {"start_balance": 100000},
        {"go_amount": 0},
        {"fine": 0},
        {"fine": "50"},
        {"currency": "X"},
    )
    for options in bad:
        try:
            Classic(**options)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % (options,))


def test_green_alone_receives_a_plain_number_carried_out_by_go():
    table = _table()
    table.insert(GREEN, 1)
    table.type("260")
    assert table.view()["big"] == "$260"
    assert table.balance(1) == START  # nothing until GO
    table.press("GO")
    assert table.balance(1) == START + 260
    assert table.journal[-1] == ("tx", 0, 1, 260)
    assert table.last_cue() == "credit"
    assert table.view()["detail"] == "+$260"


def test_red_alone_pays_the_bank_and_both_transfer():
    table = _table()
    table.insert(RED, 3)
    _enter(table, "75")
    assert table.balance(3) == START - 75
    assert table.journal[-1] == ("tx", 3, 0, 75)
    assert table.last_cue() == "debit"
    table.insert(GREEN, 4)
    _enter(table, "1200")
    assert table.journal[-1] == ("tx", 3, 4, 1200)
    assert table.balance(3) == START - 1275 and table.balance(4) == START + 1200
    assert table.last_cue() == "transfer"
    assert table.view()["detail"] == "CARD 4: $2700"


def test_go_pays_the_salary_once_per_insertion():
    table = _table(go_amount=200)
    table.insert(GREEN, 2)
    table.press("GO")
    assert table.balance(2) == START + 200
    assert table.last_cue() == "go"
    table.press("GO")
    _refused(table, card_bank.MSG_GO_ONCE, table.balances())
    table.remove(GREEN)
    table.insert(GREEN, 2)
    table.press("GO")
    assert table.balance(2) == START + 400


def test_go_without_an_amount_needs_a_card_alone_in_green():
    table = _table()
    table.press("GO")
    _refused(table, card_view.MSG_INSERT_CARD, [START] * 6, 0)
    table.insert(RED, 1)
    table.press("GO")
    _refused(table, card_bank.MSG_GO_GREEN_ONLY, [START] * 6, 0)


def test_bad_entries_are_refused_and_lock_until_c():
    table = _table()
    table.insert(GREEN, 1)
    table.type("123456")
    _refused(table, "MAX 5 DIGITS", [START] * 6, 0)
    table.type("7")
    _refused(table, card_bank.MSG_PRESS_C, [START] * 6, 0)
    table.press("GO")
    _refused(table, card_bank.MSG_PRESS_C, [START] * 6, 0)
    table.press("C")
    assert table.view()["mode"] != "entry"
    _enter(table, "0")
    _refused(table, "MORE THAN 0", [START] * 6, 0)
    table.press("C")
    _enter(table, "99999")
    assert table.balance(1) == START + 99999


def test_paying_more_than_the_balance_is_refused():
    table = _table()
    table.insert(RED, 1)
    _enter(table, "1501")
    _refused(table, ERR_NOT_ENOUGH, [START] * 6, 0)


def test_a_balance_over_the_maximum_is_refused():
    table = _table()
    table.insert(GREEN, 1)
    for _ in range(9):
        _enter(table, "99999")
    assert table.balance(1) == START + 9 * 99999
    before = table.balances()
    _enter(table, "99999")
    _refused(table, ERR_BALANCE_LIMIT, before, 9)


def test_mortgage_lift_is_value_plus_ten_percent_rounded_up_to_a_whole_unit():
    cases = ((100, 110), (75, 83), (30, 33), (200, 220), (1, 2), (55, 61), (10, 11), (99, 109))
    for value, lift in cases:
        table = _table()
        table.insert(RED, 2)
        _enter(table, str(value), MORTGAGE)
        view = table.view()
        assert view["mode"] == "ask_pay" and view["big"] == "$%d" % lift, (value, view)
        assert view["title"] == "LIFT $%d +10%%" % value
        assert table.last_cue() == "confirm"
        assert table.balance(2) == START  # nothing before GO
        table.press("GO")
        assert table.journal == [("tx", 2, 0, lift, "lift")]  # tagged: rules.history names it
        assert table.balance(2) == START - lift
        assert table.last_cue() == "debit"
        assert table.view()["detail"] == "MORTGAGE -$%d" % lift


def test_mortgage_key_first_asks_for_the_value():
    table = _table()
    table.insert(RED, 2)
    table.press(MORTGAGE)
    assert table.view()["mode"] == "lift"
    assert table.view()["detail"] == "MORTGAGE VALUE, GO"
    table.press("GO")
    _refused(table, "MORTGAGE VALUE, GO", [START] * 6, 0)
    table.type("150")
    assert table.view()["big"] == "$150"
    table.press("C")  # clears the typed value, stays in the helper
    assert table.view()["mode"] == "lift" and table.view()["big"] == "$0"
    table.type("150")
    table.press("GO")
    assert table.view()["big"] == "$165"  # 150 plus 10 %: a whole number already
    table.press("C")
    assert table.view()["message"] == machine.MSG_CANCELLED
    assert table.journal == [] and table.balances() == [START] * 6
    table.press(MORTGAGE)
    table.press("C")  # nothing typed: leaves the helper
    assert table.view()["mode"] == "pay"


def test_mortgage_refusals_change_nothing():
    table = _table()
    table.press(MORTGAGE)
    _refused(table, card_view.MSG_INSERT_CARD, [START] * 6, 0)
    table.insert(GREEN, 1)
    _enter(table, "100", MORTGAGE)
    _refused(table, endgame.MSG_RED_ALONE, [START] * 6, 0)
    table.press("C")
    table.insert(RED, 2)
    _enter(table, "100", MORTGAGE)
    _refused(table, endgame.MSG_RED_ALONE, [START] * 6, 0)
    table.remove(GREEN)
    table.press("C")
    _enter(table, "1400", MORTGAGE)  # 1540 to pay
    _refused(table, ERR_NOT_ENOUGH, [START] * 6, 0)
    table.press("C")
    table.press(MORTGAGE)
    table.press(FINE)
    _refused(table, "MORTGAGE VALUE, GO", [START] * 6, 0)


def test_a_payment_asked_first_is_cancelled_by_a_card_or_time():
    table = _table()
    table.insert(RED, 2)
    _enter(table, "100", MORTGAGE)
    table.remove(RED)
    assert table.view()["message"] == machine.MSG_CANCELLED
    table.insert(RED, 2)
    _enter(table, "100", MORTGAGE)
    table.insert(GREEN, 3)
    assert table.unit.paying() is None
    table.remove(GREEN)
    _enter(table, "100", MORTGAGE)
    table.advance(table.unit.confirm_ms + 200)
    assert table.unit.paying() is None
    table.press("GO")  # GO now is GO, not a late yes
    assert table.journal == [] and table.balances() == [START] * 6


def test_prison_fine_is_one_key_then_go():
    table = _table(fine=50)
    table.insert(RED, 4)
    table.press(FINE)
    view = table.view()
    assert view["title"] == "CARD 4 FINE" and view["big"] == "$50"
    assert view["detail"] == machine.MSG_CONFIRM_KEYS
    table.press("5")
    _refused(table, machine.MSG_CONFIRM_KEYS, [START] * 6, 0)
    table.press("GO")
    assert table.journal == [("tx", 4, 0, 50, "fine")]
    assert table.view()["detail"] == "FINE -$50"
    assert table.last_cue() == "debit"
    table.press(FINE)
    table.press("C")
    assert table.journal == [("tx", 4, 0, 50, "fine")]


def test_fine_refusals():
    table = _table(fine=2000)
    table.insert(GREEN, 1)
    table.press(FINE)
    _refused(table, endgame.MSG_RED_ALONE, [START] * 6, 0)
    table.remove(GREEN)
    table.insert(RED, 1)
    table.press(FINE)
    _refused(table, ERR_NOT_ENOUGH, [START] * 6, 0)
    table.type("5")
    table.press(FINE)
    _refused(table, machine.MSG_FINISH_ENTRY, [START] * 6, 0)


def test_fine_with_no_card_toggles_sound():
    table = _table()
    table.press(FINE)
    assert table.journal == [("set", "sound", 0)]
    assert table.unit.sound_on is False
    table.press(FINE)
    assert table.unit.sound_on is True


def test_bankrupt_to_a_creditor_card_moves_the_whole_balance_in_one_record():
    table = _table()
    table.insert(RED, 2)
    _enter(table, "340")  # card 2 holds 1160
    table.insert(GREEN, 5)
    table.press(BANKRUPT)
    view = table.view()
    assert view["title"] == "BANKRUPT 2>5" and view["big"] == "$1160"
    assert table.journal == [("tx", 2, 0, 340)]
    table.press("GO")
    assert table.journal[-1] == ("tx", 2, 5, 1160, "bankrupt")
    assert len(table.journal) == 2
    assert table.balance(2) == 0 and table.balance(5) == START + 1160
    assert table.last_cue() == "bankrupt"


def test_bankrupt_to_the_bank():
    table = _table()
    table.insert(RED, 3)
    table.press(BANKRUPT)
    assert table.view()["title"] == "BANKRUPT 3>BANK"
    table.press("GO")
    assert table.journal == [("tx", 3, 0, START, "bankrupt")]
    assert table.balance(3) == 0
    assert table.unit.ledger.destroyed == START
    table.press(BANKRUPT)
    _refused(table, "BALANCE IS 0", table.balances(), 1)


def test_bankrupt_refusals_and_cancel():
    table = _table()
    table.press(BANKRUPT)
    _refused(table, card_view.MSG_INSERT_CARD, [START] * 6, 0)
    table.insert(GREEN, 1)
    table.press(BANKRUPT)
    _refused(table, "BANKRUPT CARD IN RED", [START] * 6, 0)
    table.insert(RED, 2)
    table.type("9")
    table.press(BANKRUPT)
    _refused(table, machine.MSG_FINISH_ENTRY, [START] * 6, 0)
    table.press("C")
    table.press(BANKRUPT)
    table.press("C")
    assert table.view()["message"] == machine.MSG_CANCELLED
    assert table.journal == [] and table.balances() == [START] * 6


def test_k_m_and_point_are_not_classic_keys():
    table = _table()
    table.insert(GREEN, 1)
    for key in ("K", "M", "."):
        table.press(key)
        _refused(table, "KEY NOT USED HERE", [START] * 6, 0)


def test_mortgage_held_with_no_card_enrolls_and_bankrupt_held_asks_for_totals():
    table = _table()
    table.hold(MORTGAGE, 3100)
    assert table.view()["title"] == "ENROLL CARDS?"
    table.press("C")
    table.press(MORTGAGE)  # a tap with no card in
    _refused(table, card_view.MSG_INSERT_CARD, [START] * 6, 0)
    table.hold(BANKRUPT, 2100)
    assert table.view()["title"] == "GAME TOTALS?"
    table.press("GO")
    assert table.view()["mode"] == "totals"


def _totals(table: Table) -> None:
    table.hold(BANKRUPT, 2100)
    table.press("GO")


def test_totals_list_cash_add_typed_values_and_rank_the_players():
    table = _table()
    table.insert(RED, 1)
    _enter(table, "500")  # card 1: 1000 cash
    table.remove(RED)
    _totals(table)
    view = table.view()
    assert view["title"] == "TOTALS: CARD 1" and view["big"] == "$1000"
    assert view["detail"] == "CASH $1000 + $0"
    _enter(table, "1200")
    _enter(table, "300")  # values add up: property by property
    assert table.journal[-2:] == [("set", "assets", 1, 1200), ("set", "assets", 1, 1500)]
    assert table.view()["big"] == "$2500"
    assert table.view()["detail"] == "CASH $1000 + $1500"
    table.press("GO")
    assert table.view()["title"] == "TOTALS: CARD 2"
    _enter(table, "600")  # card 2: 2100
    for _ in range(5):
        table.press("GO")  # on to card 3; cards 3-6 add nothing
    view = table.view()
    assert view["mode"] == "ranking" and view["title"] == "WINNER"
    assert view["big"] == "CARD 1" and view["detail"] == "TOTAL $2500"
    assert table.last_cue() == "winner"
    assert view["ranking"][:3] == [(1, 2500, 1), (2, 2100, 2), (3, 1500, 3)]
    assert view["ranking"][-1] == (6, 1500, 3)  # equal totals share a rank
    table.press("GO")
    assert table.view()["title"] == "1ST CARD 1" and table.view()["big"] == "$2500"
    table.press("GO")
    table.press("GO")
    assert table.view()["title"] == "3RD= CARD 3"
    assert table.balances() == [1000] + [START] * 5  # TOTALS never moves money


def test_totals_names_a_tie_as_a_tie():
    table = _table()
    _totals(table)
    for _ in range(6):
        table.press("GO")
    view = table.view()
    assert view["title"] == "TIE FOR 1ST" and view["big"] == "CARD 1 2 3 4 5 6"
    assert view["winners"] == [1, 2, 3, 4, 5, 6]


def test_totals_refusals_clear_and_leave():
    table = _table()
    _totals(table)
    table.press(FINE)
    _refused(table, endgame.MSG_TOTALS_KEYS, [START] * 6, 0)
    table.type("123456")
    _refused(table, "MAX 5 DIGITS", [START] * 6, 0)
    table.press("C")
    _enter(table, "0")
    _refused(table, "MORE THAN 0", [START] * 6, 0)
    table.press("C")
    _enter(table, "400")
    table.hold("C", 2100)  # held: this card's typed value back to 0
    assert table.journal[-1] == ("set", "assets", 1, 0)
    assert table.view()["message"] == endgame.MSG_ASSETS_CLEARED % 1
    _enter(table, "250")
    table.press("C")  # nothing typed: leave; the values are kept
    assert table.view()["mode"] == "idle" and table.view()["message"] == endgame.MSG_TOTALS_CLOSED
    _totals(table)
    assert table.view()["detail"] == "CASH $1500 + $250"
    table.press("C")
    table.hold("C", 2100)
    table.press("GO")  # a new game clears the typed values
    assert table.unit.assets == [0] * 7


def test_totals_value_over_the_balance_limit_is_refused():
    table = _table()
    _totals(table)
    for _ in range(9):
        _enter(table, "99999")
    _enter(table, "99999")
    _refused(table, ERR_BALANCE_LIMIT, [START] * 6, 9)
    assert table.unit.assets[1] == 9 * 99999


def test_storage_failure_loses_nothing():
    table = _table()
    table.insert(RED, 2)
    table.storage_problem = "STORAGE FULL"
    _enter(table, "100")
    _refused(table, "STORAGE FULL", [START] * 6, 0)
    table.press("C")
    _enter(table, "100", MORTGAGE)
    table.press("GO")
    _refused(table, "STORAGE FULL", [START] * 6, 0)
    assert table.unit.paying() is not None  # still asked: GO again once storage works
    table.storage_problem = None
    table.press("GO")
    assert table.journal == [("tx", 2, 0, 110, "lift")]
    table.storage_problem = "STORAGE FAILED"
    table.press(BANKRUPT)
    table.press("GO")
    _refused(table, "STORAGE FAILED", table.balances(), 1)
    table.remove(RED)
    _totals(table)
    _enter(table, "300")
    _refused(table, "STORAGE FAILED", table.balances(), 1)
    assert table.unit.assets == [0] * 7


def test_snapshot_and_restore_round_trip():
    table = _table(currency="\xa3")
    table.insert(RED, 2)
    table.insert(GREEN, 3)
    _enter(table, "700")
    table.remove(GREEN)
    _enter(table, "100", MORTGAGE)
    table.press("GO")
    table.remove(RED)
    table.press(FINE)  # sound off
    _totals(table)
    _enter(table, "900")
    records = table.unit.snapshot_records()
    fresh = Classic(currency="\xa3", registry=CardRegistry(6))
    for record in records:
        fresh.restore(record)
    assert fresh.ledger.balances == table.unit.ledger.balances
    assert fresh.registry.numbers == table.unit.registry.numbers
    assert fresh.sound_on is False
    assert fresh.assets == table.unit.assets and fresh.assets[1] == 900
    replay = Classic(currency="\xa3", registry=CardRegistry(6))
    for record in table.journal:
        replay.restore(record)
    assert replay.ledger.balances[2:4] == [START - 810, START + 700]
    for bad in (("set", "assets", 0, 5), ("set", "assets", 1, -1), ("set", "assets", 7, 1)):
        try:
            fresh.restore(bad)
        except ValueError:
            continue
        raise AssertionError("restored %r" % (bad,))


def test_the_banker_s_deed_tags_are_kept_for_it_as_they_are():
    """Issue 30: a deed's tag the Banker enrolled, carried into Classic's game, is kept as its
    record (no card here), in order, in every snapshot and through a new game, for a unit
    switched back to the Banker; any other record Classic does not know is refused."""
    table = _table()
    tags = [("deed_tag", "04A1B2C3", 39), ("deed_tag", "04D4E5F6", 37), ("deed_tag", "0477", 39)]
    cards = dict(table.unit.registry.numbers)
    for record in tags:
        table.unit.restore(record)
    assert table.unit.registry.numbers == cards  # no card among them
    table.unit.restore(("new", START))
    records = table.unit.snapshot_records()
    assert records[-3:] == tags
    fresh = Classic(registry=CardRegistry(6))
    for record in records:
        fresh.restore(record)
    assert fresh.registry.kept == tags and fresh.registry.numbers == cards
    for bad in (("deed", 39, 1, 0, 0), ("deed_tag", "04A1B2C3"), ("estate", [], [], [])):
        try:
            fresh.restore(bad)
        except ValueError:
            continue
        raise AssertionError("restored %r" % (bad,))
    assert fresh.snapshot_records()[-3:] == tags and fresh.registry.kept == tags


# ---- C right after a transaction takes it back; a card moved mid-entry locks the keys ---------


def _undone(table: Table, shown: str, balances: list, journal: int) -> None:
    view = table.view()
    assert view["message"] == "UNDONE: " + shown and view["error"] is False, view
    assert table.last_cue() == "undo", table.cues
    assert table.balances() == balances and len(table.journal) == journal
    assert table.unit.ledger.invariant_holds()


def test_c_takes_back_an_amount_a_go_and_each_helper_payment():
    table = _table(fine=50)
    table.insert(GREEN, 1)
    _enter(table, "200")
    table.press("C")
    _undone(table, "+$200", [START] * 6, 2)
    assert table.journal[-1] == ("undo", 1, 0, 1, 200)
    table.press("GO")
    table.press("C")
    _undone(table, "GO +$200", [START] * 6, 4)
    table.remove(GREEN)
    table.insert(RED, 2)
    table.press(FINE)
    table.press("GO")
    table.press("C")
    _undone(table, "-$50", [START] * 6, 6)
    _enter(table, "75", MORTGAGE)
    table.press("GO")
    assert table.balance(2) == START - 83
    table.press("C")
    _undone(table, "-$83", [START] * 6, 8)
    table.insert(GREEN, 5)
    table.press(BANKRUPT)
    table.press("GO")
    assert table.balance(2) == 0
    table.press("C")  # a bankruptcy confirmed by mistake is taken back whole
    _undone(table, "$1500 PAID", [START] * 6, 10)
    assert table.journal[-1] == ("undo", 5, 2, 5, 1500)
    table.press("C")
    assert len(table.journal) == 10  # once


def test_a_card_out_and_in_mid_entry_locks_the_keys_until_c():
    table = _table()
    table.insert(RED, 1)
    table.press("1")
    table.remove(RED)
    table.insert(RED, 1)
    for key in ("5", "GO", FINE, MORTGAGE, BANKRUPT):
        table.press(key)
        _refused(table, card_bank.MSG_CARD_MOVED, [START] * 6, 0)
    table.press("C")
    _enter(table, "5")
    assert table.journal == [("tx", 1, 0, 5)]
