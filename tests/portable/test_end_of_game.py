# Electronic Banking and Revolution: end-of-game TOTALS and the mortgage lift helper (K/M money).
# micropython-heap: 128k (both editions, rules.endgame and the Chance deck in one heap; the floor
# of this suite on the 64-bit unix port was 88 KB; 104k failed once rules.admin replaced cards, and
# 112k was at its edge: one more file in the suite folder made Revolution's build fail there)
from editions.revolution.edition import Revolution
from table import GREEN, RED, Table

from rules import card_bank, card_view, endgame, machine, money
from rules.cards import CardRegistry
from rules.endgame import lift_amount, rank_name
from rules.ledger import ERR_NOT_ENOUGH

START = 15000000


def _refused(table: Table, message: str, before: list, journal: int) -> None:
    view = table.view()
    assert view["message"] == message, view["message"]
    assert view["error"] is True
    assert table.last_cue() == "error", table.cues
    assert table.balances() == before
    assert len(table.journal) == journal


def _revolution() -> Table:
    return Table(unit=Revolution(registry=CardRegistry(6), chance_percent=0))


def test_lift_amount_rounds_up_to_the_step():
    assert lift_amount(1500000, 10000) == 1650000
    assert lift_amount(1250000, 10000) == 1380000  # 1.375M up to the next 10K
    assert lift_amount(50000, 10000) == 60000  # 55K up to 60K
    assert lift_amount(100, 10) == 110 and lift_amount(75, 10) == 90
    assert [rank_name(n) for n in (1, 2, 3, 4, 11, 12, 13, 21)] == [
        "1ST",
        "2ND",
        "3RD",
        "4TH",
        "11TH",
        "12TH",
        "13TH",
        "21ST",
    ]


def test_hold_go_with_a_card_alone_in_red_lifts_a_mortgage():
    for table in (Table(), _revolution()):
        table.insert(RED, 2)
        table.hold("GO", 2100)
        view = table.view()
        assert view["mode"] == "lift" and view["title"] == "CARD 2 MORTGAGE"
        assert view["detail"] == money.MSG_LIFT_VALUE
        table.type("1.25M")
        view = table.view()
        assert view["mode"] == "ask_pay" and view["big"] == "1.38M"
        assert view["title"] == "LIFT 1.25M +10%"
        assert table.journal == []
        table.press("GO")
        assert table.journal == [("tx", 2, 0, 1380000, "lift")]
        assert table.balance(2) == START - 1380000
        assert table.view()["detail"] == "MORTGAGE -1.38M"


def test_a_tap_of_go_in_red_is_still_refused():
    table = Table()
    table.insert(RED, 1)
    table.press("GO")
    _refused(table, card_bank.MSG_GO_GREEN_ONLY, [START] * 6, 0)


def test_lift_refusals_change_nothing():
    table = Table()
    table.insert(RED, 2)
    table.hold("GO", 2100)
    table.press("GO")
    _refused(table, money.MSG_LIFT_VALUE, [START] * 6, 0)
    table.type("5K")
    _refused(table, "MIN 10K", [START] * 6, 0)
    table.press("C")
    table.type("14M")  # 15.4M to pay
    _refused(table, ERR_NOT_ENOUGH, [START] * 6, 0)
    table.press("C")
    table.press("C")  # nothing typed: leave the helper
    assert table.view()["mode"] == "pay"
    table.insert(GREEN, 3)
    table.hold("GO", 2100)  # two cards: the hold is GO, refused
    _refused(table, card_bank.MSG_GO_GREEN_ONLY, [START] * 6, 0)
    assert table.view()["mode"] == "transfer"


def _totals(table: Table) -> None:
    table.hold("M", 2100)
    assert table.view()["title"] == "GAME TOTALS?"
    table.press("GO")


def test_totals_in_electronic_banking_take_k_m_values():
    table = Table()
    table.insert(GREEN, 3)
    table.type("2M")
    table.remove(GREEN)
    _totals(table)
    assert table.view()["title"] == "TOTALS: CARD 1"
    table.type("3.5M")  # M carries it out, as everywhere in this edition
    assert table.journal[-1] == ("set", "assets", 1, 3500000)
    assert table.view()["big"] == "18.5M"
    table.type("5")
    table.press("GO")
    _refused(table, machine.MSG_FINISH_ENTRY, [START] * 2 + [START + 2000000] + [START] * 3, 2)
    table.press("C")
    table.press("GO")
    table.press("GO")
    assert table.view()["title"] == "TOTALS: CARD 3"
    assert table.view()["detail"] == "CASH 17M + 0"
    for _ in range(4):
        table.press("GO")
    view = table.view()
    assert view["title"] == "WINNER" and view["big"] == "CARD 1"
    assert view["ranking"][:2] == [(1, 18500000, 1), (3, 17000000, 2)]
    assert table.balance(1) == START


def test_totals_in_revolution_and_m_tap_with_no_card():
    table = _revolution()
    table.press("M")
    _refused(table, card_view.MSG_INSERT_CARD, [START] * 6, 0)
    _totals(table)
    table.type("1M")
    for _ in range(6):
        table.press("GO")
    assert table.view()["winners"] == [1]
    table.press("C")
    assert table.view()["message"] == endgame.MSG_TOTALS_CLOSED
    assert table.unit.assets[1] == 1000000
    records = table.unit.snapshot_records()
    assert ("set", "assets", 1, 1000000) in records
    fresh = Revolution(registry=CardRegistry(6))
    for record in records:
        fresh.restore(record)
    assert fresh.assets == table.unit.assets


def test_totals_needs_enrolled_cards_and_a_card_going_in_leaves_it():
    table = Table(enrolled=0)
    table.hold("M", 2100)
    _refused(table, card_view.MSG_NO_CARDS, [START] * 6, 0)
    assert table.view()["mode"] == "idle"
    table = Table()
    _totals(table)
    table.insert(GREEN, 2)
    assert table.unit.question() is None
    assert table.view()["mode"] == "receive"


def test_standby_leaves_totals_and_keeps_the_values():
    table = Table()
    _totals(table)
    table.type("1M")
    table.advance(table.unit.standby_ms + 200)
    assert table.unit.question() is None and table.unit.assets[1] == 1000000


def test_standby_drops_a_half_typed_mortgage_value():
    table = Table()
    table.insert(RED, 2)
    table.hold("GO", 2100)
    table.type("15")
    table.advance(table.unit.standby_ms + 200)
    assert table.unit.paying() is None and table.unit.entry == ""
    table.press("K")  # wakes the unit only
    table.press("K")  # nothing typed: refused, no 15K payment
    assert table.journal == [] and table.balance(2) == START
