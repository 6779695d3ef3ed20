"""Classic banker and end-of-game TOTALS through the VirtualUnit API (real firmware)."""

import pytest

from host_sim import VirtualUnit
from host_sim.virtual_unit import VirtualUnitError


@pytest.fixture
def unit():
    with VirtualUnit(edition="classic") as made:
        yield made


def seat(unit: VirtualUnit, card: int, slot: str) -> None:
    unit.insert(card=card, slot=slot)
    unit.advance(1.2)  # the card's number, then its balance
    unit.sounds()


def test_the_classic_keypad_is_the_4x4_with_its_own_keys(unit) -> None:
    assert sorted(unit.keys) == sorted(
        [str(d) for d in range(10)] + ["C", "go", "mortgage", "bankrupt", "fine"]
    )
    with pytest.raises(VirtualUnitError):
        unit.press("K")
    assert unit.board.matrix == "4x4"


def test_a_short_game(unit) -> None:
    assert unit.balances() == {n: 1500 for n in range(1, 7)}
    seat(unit, 1, "green")
    assert unit.screen_text() == ["CARD 1 RECEIVES", "$1500"]
    unit.press("go")
    assert unit.balance(1) == 1700
    assert unit.sounds()[-1] == "go"
    unit.type("35")
    assert unit.screen_text() == ["CARD 1 RECEIVES", "$35", "BALANCE $1700"]
    unit.press("go")
    assert unit.balance(1) == 1735
    assert unit.screen_text() == ["CARD 1 RECEIVES", "$1735", "+$35"]
    unit.remove("green")
    seat(unit, 1, "red")
    seat(unit, 2, "green")
    unit.type("350")
    unit.press("go")
    assert (unit.balance(1), unit.balance(2)) == (1385, 1850)
    assert unit.screen_text() == ["CARD 1 > CARD 2", "$1385", "CARD 2: $1850"]
    assert unit.sounds()[-1] == "transfer"


def test_mortgage_fine_and_bankruptcy_to_a_card(unit) -> None:
    seat(unit, 3, "red")
    unit.type("120")
    unit.press("mortgage")
    assert unit.screen_text() == ["LIFT $120 +10%", "$132", "GO = YES   C = NO"]
    assert unit.balance(3) == 1500
    unit.press("go")
    assert unit.balance(3) == 1368
    assert unit.screen_text() == ["CARD 3 PAYS", "$1368", "MORTGAGE -$132"]
    unit.press("fine")
    assert unit.screen_text() == ["CARD 3 FINE", "$50", "GO = YES   C = NO"]
    unit.press("go")
    assert unit.balance(3) == 1318
    seat(unit, 4, "green")
    unit.press("bankrupt")
    assert unit.screen_text() == ["BANKRUPT 3>4", "$1318", "GO = YES   C = NO"]
    unit.press("go")
    assert (unit.balance(3), unit.balance(4)) == (0, 2818)
    assert unit.sounds()[-1] == "bankrupt"


def test_bankruptcy_to_the_bank_survives_a_power_cut(unit) -> None:
    seat(unit, 5, "red")
    unit.press("bankrupt")
    assert unit.screen_text()[0] == "BANKRUPT 5>BANK"
    unit.press("C")
    assert unit.balance(5) == 1500
    unit.press("bankrupt")
    unit.press("go")
    assert unit.balance(5) == 0
    unit.power_cycle()
    assert unit.balance(5) == 0
    assert sum(unit.balances().values()) == 5 * 1500


def test_refusals_show_why_and_change_nothing(unit) -> None:
    seat(unit, 1, "green")
    unit.press("fine")
    assert unit.screen_text()[-1] == "ONLY A CARD IN RED"
    assert unit.sounds()[-1] == "error"
    unit.press("mortgage")
    assert unit.screen_text()[-1] == "ONLY A CARD IN RED"
    unit.type("123456")
    assert unit.screen_text()[-1] == "MAX 5 DIGITS"
    assert unit.balances() == {n: 1500 for n in range(1, 7)}


def totals(unit: VirtualUnit, key: str) -> None:
    unit.hold(key, 2.5)
    assert unit.screen_text() == ["GAME TOTALS?", "SURE?", "GO = YES   C = NO"]
    unit.press("go")


@pytest.mark.parametrize(
    "edition, key, value, cash",
    [
        ("electronic_banking", "M", "2M", "15M"),
        ("revolution", "M", "2M", "15M"),
        ("classic", "bankrupt", "200", "$1500"),
    ],
)
def test_totals_rank_the_players_in_every_edition(edition, key, value, cash) -> None:
    with VirtualUnit(edition=edition) as unit:
        totals(unit, key)
        assert unit.screen_text()[0] == "TOTALS: CARD 1"
        unit.press("go")  # card 1: its cash alone
        unit.type(value)
        if edition == "classic":
            unit.press("go")  # GO carries out a plain number
        unit.press("go")
        assert unit.screen_text()[0] == "TOTALS: CARD 3"
        for _ in range(4):
            unit.press("go")
        text = unit.screen_text()
        assert text[:2] == ["WINNER", "CARD 2"]
        assert "winner" in unit.sounds()
        unit.press("go")
        assert unit.screen_text()[0] == "1ST CARD 2"
        unit.press("go")
        assert unit.screen_text()[:2] == ["2ND= CARD 1", cash]
        unit.press("C")
        assert unit.screen_text()[-1] == "TOTALS CLOSED"


def test_power_cycle_in_the_middle_of_totals_keeps_the_typed_values() -> None:
    with VirtualUnit(edition="electronic_banking") as unit:
        totals(unit, "M")
        unit.type("4M")
        unit.press("go")
        unit.type("1.5M")  # card 2: added (M carries it out)
        unit.type("7")  # half-typed when the power goes
        unit.power_cycle()
        assert unit.screen_text()[0] == "MONOPOLY BANK"  # TOTALS is left, nothing half-done
        totals(unit, "M")
        assert unit.screen_text() == ["TOTALS: CARD 1", "19M", "CASH 15M + 4M"]
        unit.press("go")
        assert unit.screen_text() == ["TOTALS: CARD 2", "16.5M", "CASH 15M + 1.5M"]
        assert unit.balances() == {n: 15000000 for n in range(1, 7)}


def test_lift_mortgage_in_electronic_banking() -> None:
    with VirtualUnit(edition="electronic_banking") as unit:
        seat(unit, 2, "red")
        unit.hold("go", 2.5)
        assert unit.screen_text() == ["CARD 2 MORTGAGE", "0", "MORTGAGE VALUE, K/M"]
        unit.type("500K")
        assert unit.screen_text() == ["LIFT 500K +10%", "550K", "GO = YES   C = NO"]
        unit.press("go")
        assert unit.balance(2) == 15000000 - 550000


def test_pound_and_euro_are_drawn_not_replaced() -> None:
    import framebuf

    from ui import render

    counts = {}
    for char in ("\xa3", "\u20ac", "?"):
        canvas = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        render.draw_text(canvas, char, 0, 0)
        counts[char] = sum(canvas.pixel(x, y) for x in range(6) for y in range(8))
    assert counts["\xa3"] != counts["?"] and counts["\u20ac"] != counts["?"]
    assert counts["\xa3"] != counts["\u20ac"]


def test_the_terminal_ui_has_a_key_for_every_classic_key(unit) -> None:
    from host_sim.tui_keys import KeyTable

    table = KeyTable(unit.keys)
    assert {public for public, _, _ in table.entries} == set(unit.keys)
    assert table.unit_key("o") == "mortgage"
    assert table.unit_key("b") == "bankrupt"
    assert table.unit_key("f") == "fine"


def test_classic_settings_reach_the_game() -> None:
    """Currency, start balance, GO and the jail fine come from the unit's settings."""
    settings = {"edition": "classic", "currency": "\u00a3", "start": 2000, "go": 400, "fine": 75}
    with VirtualUnit(edition="classic", settings=settings) as unit:
        assert unit.balances() == {n: 2000 for n in range(1, 7)}
        seat(unit, 1, "green")
        assert unit.screen_text() == ["CARD 1 RECEIVES", "\u00a32000"]
        unit.press("go")
        assert unit.balance(1) == 2400
        unit.remove("green")
        seat(unit, 1, "red")
        unit.press("fine")
        unit.press("go")
        assert unit.balance(1) == 2325
        unit.power_cycle()
        assert unit.settings()["fine"] == 75
        assert unit.balance(1) == 2325


def test_classic_settings_out_of_range_are_refused() -> None:
    with pytest.raises(VirtualUnitError, match="JAIL FINE: 1 TO 9999"):
        VirtualUnit(edition="classic", settings={"edition": "classic", "fine": 0})


def test_the_big_glyphs_of_an_amount_are_built_at_boot_not_at_the_first_digit() -> None:
    # The "$" x3 built during the first digit typed cost that keypress about 0.5 ms on the
    # chip: the boot builds the glyphs of the edition's typed amount ("$0") instead.
    from ui import draw

    # As in a fresh start: no glyph built yet (ui.draw's caches live as long as the process).
    draw._scaled[:] = [None] * len(draw._scaled)
    draw._big_pages[:] = [None] * len(draw._big_pages)
    with VirtualUnit(edition="classic") as unit:
        unit.advance(0.5)
        assert draw.prepare_big("$0") == 0  # nothing left to build
