"""Switching editions in the settings menu by keys (Electronic Banking -> Stock Exchange ->
Classic -> Electronic Banking) on the real firmware, and the menus and settings of the Stock
Exchange and Classic taking effect: new games, keypad layouts, readers, boot summary."""

import pytest

from host_sim import VirtualUnit, VirtualUnitError
from host_sim.virtual_unit import DEED_SQUARES
from peripherals.wiring import spi_bytes

M = 1000000
# The menu's keys on each layout, by their VirtualUnit names: (ok, back, next, prev).
MENU_KEYS = {
    "electronic_banking": ("go", "C", "M", "K"),
    "classic": ("go", "C", "bankrupt", "mortgage"),  # where EB has M and K
    "banker": ("go", "C", "bankrupt", "mortgage"),  # as Classic
    "stock_exchange": ("confirm", "cancel", "review", "total"),
}
SE_MARKET = ["01-05", "H", "C", "D", "S", "I", "B"] + [
    text for code in range(1, 6) for text in ("%02d" % code, "9", "--")
]
EB_IDLE = ["MONOPOLY BANK", "----", "INSERT A CARD"]
YES_NO = {"go": "GO = YES   C = NO", "confirm": "CONFIRM=YES CANCEL=NO"}  # by the ok key


def settled(unit: VirtualUnit) -> list:
    """The screen once the latest view is drawn (a form's flashing field shown)."""
    for _ in range(20):
        machine = unit.unit.active
        view = machine.view()
        shown = view.get("screen") != "form" or view.get("active", -1) < 0 or view.get("blink")
        if shown and unit.unit.rendered_version == machine.version:
            return unit.screen_text()
        unit.advance(0.05)
    raise AssertionError("the screen never settled")


def keys_of(unit: VirtualUnit) -> tuple:
    return MENU_KEYS[unit.unit.edition.name]


def open_menu(unit: VirtualUnit) -> tuple:
    """Power up holding the menu's ok key and answer yes: the first setting shows."""
    ok = keys_of(unit)[0]
    unit.open_settings()
    unit.press(ok)
    return keys_of(unit)


def to_item(unit: VirtualUnit, label: str) -> None:
    """Scroll with the menu's next key until the setting's label shows."""
    step = keys_of(unit)[2]
    for _ in range(12):
        if settled(unit)[-1].split("  ")[0] == label:  # "LABEL  GO = CHANGE", or the label
            return
        unit.press(step)
    raise AssertionError("no item %s: %r" % (label, unit.screen_text()))


def set_value(unit: VirtualUnit, label: str, typed: str) -> None:
    """In the menu: edit the setting, type the value with digit keys, save it."""
    ok = keys_of(unit)[0]
    to_item(unit, label)
    unit.press(ok)
    for char in typed:
        unit.press(char)
    unit.press(ok)
    assert settled(unit)[-1] == "SAVED", (label, typed, unit.screen_text())


def choose(unit: VirtualUnit, label: str, shown: str) -> None:
    """In the menu: edit a list setting and step to the choice shown as `shown`; save it."""
    ok, _, step, _ = keys_of(unit)
    to_item(unit, label)
    unit.press(ok)
    for _ in range(8):
        if settled(unit)[1] == shown:
            break
        unit.press(step)
    assert settled(unit)[1] == shown
    unit.press(ok)


def switch_edition(unit: VirtualUnit, shown: str) -> None:
    """The whole gesture: menu, EDITION, the choice, yes to NEW GAME?, out of the menu."""
    ok, back, _, _ = open_menu(unit)
    choose(unit, "EDITION", shown)
    assert settled(unit)[1:] == ["NEW GAME?", YES_NO[ok]]
    unit.press(ok)
    assert settled(unit)[-1] == "SAVED"
    unit.press(keys_of(unit)[1])  # the new layout's back key leaves the menu
    unit.sounds()


def card_in(unit: VirtualUnit, card: int) -> list:
    unit.insert(card=card, slot="green")
    unit.advance(1.2)
    return unit.screen_text()


def test_switching_editions_by_keys_new_game_layout_readers_and_summary() -> None:
    with VirtualUnit(matrix="5x5") as unit:
        assert card_in(unit, 1) == ["CARD 1 RECEIVES", "15M"]
        unit.type("1M")
        unit.remove("green")
        spi = spi_bytes(unit.board)
        assert spi > 0  # the readers are polled

        # Electronic Banking -> Stock Exchange: a new game of shares; no reader is touched.
        switch_edition(unit, "STOCK EXCH.")
        assert unit.unit.edition.name == "stock_exchange"
        assert settled(unit) == SE_MARKET
        spi = spi_bytes(unit.board)
        unit.press("bank_purchase")  # a Stock Exchange key, where Electronic Banking has none
        assert settled(unit) == ["BANK PURCHASE", "TOKEN", "-", "CODE", "--"]
        unit.press("1")
        unit.press("0")
        unit.press("1")
        unit.press("confirm")
        assert unit.president(1) == "hat"
        with pytest.raises(VirtualUnitError, match="no key 'go'"):
            unit.press("go")
        with pytest.raises(VirtualUnitError, match="no card slots"):
            unit.insert(card=1, slot="green")
        unit.advance(10)
        assert spi_bytes(unit.board) == spi  # no SPI traffic in a card-less edition
        unit.boot_summary = True
        unit.power_cycle()
        assert settled(unit)[0] == "STOCK EXCH."  # the summary names the new edition
        assert spi_bytes(unit.board) == spi  # nor at boot
        unit.press("5")  # ends the summary only
        unit.boot_summary = False
        assert unit.president(1) == "hat"  # the game goes on over a power cycle

        # Stock Exchange -> Classic, with the Stock Exchange's menu keys.
        switch_edition(unit, "CLASSIC")
        assert unit.unit.edition.name == "classic"
        assert settled(unit) == EB_IDLE
        assert card_in(unit, 1) == ["CARD 1 RECEIVES", "$1500"]  # cards work again
        assert spi_bytes(unit.board) > spi
        unit.remove("green")
        assert unit.balances() == {n: 1500 for n in range(1, 7)}  # a new game, every card kept
        unit.hold("bankrupt", 2.5)  # a Classic key: its TOTALS gesture
        assert settled(unit)[0] == "GAME TOTALS?"
        unit.press("C")
        unit.boot_summary = True
        unit.power_cycle()
        assert settled(unit)[0].startswith("CLASSIC")
        unit.press("5")
        unit.boot_summary = False

        # Classic -> Electronic Banking.
        switch_edition(unit, "EL. BANKING")
        assert unit.unit.edition.name == "electronic_banking"
        assert unit.balances() == {n: 15 * M for n in range(1, 7)}  # a new game
        assert card_in(unit, 2) == ["CARD 2 RECEIVES", "15M"]
        unit.type("1M")  # K and M are back
        assert unit.balance(2) == 16 * M
        unit.remove("green")
        unit.boot_summary = True
        unit.power_cycle()
        assert settled(unit)[0] == "EL. BANKING 1/2"
        unit.boot_summary = False
        unit.power_cycle()
        assert unit.balance(2) == 16 * M and unit.settings()["edition"] == "electronic_banking"


def test_cards_enrolled_before_the_stock_exchange_work_after_it() -> None:
    """The Stock Exchange keeps the card editions' enrolment in its snapshot. Before, a trip
    through it lost every card: back in Classic, card 1 was an UNKNOWN CARD."""
    with VirtualUnit(matrix="5x5") as unit:
        switch_edition(unit, "STOCK EXCH.")
        unit.unit.store.compact(unit.unit.edition.snapshot_records())
        unit.power_cycle()  # from the Stock Exchange's own snapshot, too
        switch_edition(unit, "CLASSIC")
        assert card_in(unit, 1) == ["CARD 1 RECEIVES", "$1500"]
        unit.remove("green")
        assert sorted(unit.unit.edition.registry.numbers.values()) == [1, 2, 3, 4, 5, 6]


def test_a_4x4_unit_does_not_offer_the_stock_exchange() -> None:
    with VirtualUnit(matrix="4x4") as unit:
        ok, _, step, _ = open_menu(unit)
        unit.press(ok)  # edit EDITION
        seen = []
        for _ in range(4):
            seen.append(settled(unit)[1])
            unit.press(step)
        assert set(seen) == {"EL. BANKING", "CLASSIC"}
    with pytest.raises(VirtualUnitError, match="EDITION NOT ON UNIT"):
        VirtualUnit(matrix="4x4", settings={"edition": "stock_exchange"})


def test_the_stock_exchange_menu_keys_and_its_settings() -> None:
    with VirtualUnit(edition="stock_exchange") as unit:
        assert unit.settings() == {
            "edition": "stock_exchange",
            "volume": 3,
            "standby": 300,
            "hold": 2000,
            "lang": "en",
        }
        unit.press("bank_purchase")
        for key in ("1", "0", "1", "confirm"):
            unit.press(key)
        unit.open_settings()
        # The yes/no line used to be cut at 21 characters: "CONFIRM = YES   CANCE".
        assert settled(unit) == ["SETTINGS", "SURE?", "CONFIRM=YES CANCEL=NO"]
        unit.press("confirm")
        assert settled(unit)[:2] == ["SETTINGS 1/5", "STOCK EXCH."]
        unit.press("review")  # next
        assert settled(unit)[:2] == ["SETTINGS 2/5", "MEDIUM"]
        unit.press("total")  # previous
        unit.press("total")
        assert settled(unit)[:2] == ["SETTINGS 5/5", "ENGLISH"]
        unit.press("total")
        assert settled(unit)[:2] == ["SETTINGS 4/5", "2000"]
        unit.press("confirm")
        assert settled(unit) == ["SET HOLD MS", "2000", "500 TO 5000"]
        unit.press("9")
        unit.press("cancel")  # clears the typing
        assert settled(unit)[1] == "2000"
        for char in "1500":
            unit.press(char)
        unit.press("confirm")
        assert settled(unit)[1:] == ["1500", "SAVED"]
        set_value(unit, "STANDBY S", "20")
        choose(unit, "VOLUME", "SOFT")
        unit.press("cancel")  # leaves
        assert unit.unit.edition.name == "stock_exchange" and unit.president(1) == "hat"
        assert unit.unit.piezo.volume == 2
        assert unit.unit.edition.long_press_ms == 1500
        unit.sounds()

        # The hold time: the refusal says it, and a hold of it acts.
        unit.hold("new_game", 1.2)
        assert settled(unit)[0] == "HOLD 1.5 SECONDS"  # said HOLD 2 SECONDS before
        assert unit.sounds() == ["error"]
        unit.hold("new_game", 1.6)
        assert settled(unit) == ["NEW GAME?", "CONFIRM / CANCEL"]
        unit.press("cancel")

        # The standby time: dark after 20 s without a key, not before.
        unit.advance(18)
        assert unit.screen_text() != []
        unit.advance(3)
        assert unit.screen_text() == []
        unit.press("cancel")  # wakes it
        unit.power_cycle()
        assert unit.settings() == {
            "edition": "stock_exchange",
            "volume": 2,
            "standby": 20,
            "hold": 1500,
            "lang": "en",
        }
        assert unit.unit.piezo.volume == 2 and unit.unit.edition.standby_ms == 20000
        assert unit.president(1) == "hat"  # settings other than edition keep the game


@pytest.mark.parametrize(("hold", "message"), [(1000, "HOLD 1 SECOND"), (5000, "HOLD 5 SECONDS")])
def test_the_stock_exchange_hold_message_follows_the_hold_time(hold: int, message: str) -> None:
    with VirtualUnit(edition="stock_exchange", settings={"hold": hold}) as unit:
        unit.hold("remove_player", 0.5 + (hold - 1000) / 2000)
        assert settled(unit)[0] == message
        unit.hold("remove_player", hold / 1000 + 0.3)
        assert settled(unit) == ["REMOVE A PLAYER", "TOKEN", "-"]


def test_the_stock_exchange_standby_default_is_5_minutes() -> None:
    with VirtualUnit(edition="stock_exchange") as unit:
        unit.advance(295)
        assert unit.screen_text() != []
        unit.advance(6)
        assert unit.screen_text() == []


def test_classic_settings_through_the_menu_by_keys() -> None:
    with VirtualUnit(edition="classic") as unit:
        ok, back, _, _ = open_menu(unit)
        assert settled(unit)[:2] == ["SETTINGS 1/10", "CLASSIC"]
        choose(unit, "CURRENCY", "\u00a3")
        assert settled(unit)[-1] == "SAVED"
        set_value(unit, "START", "2000")
        set_value(unit, "GO", "250")
        set_value(unit, "JAIL FINE", "75")
        unit.press(back)
        assert unit.settings()["currency"] == "\u00a3"
        assert card_in(unit, 1) == ["CARD 1 RECEIVES", "\u00a31500"]  # start: the next game
        unit.press("go")
        assert unit.balance(1) == 1750  # GO pays 250 at once
        unit.remove("green")
        unit.insert(card=2, slot="red")
        unit.advance(1.2)
        unit.press("fine")
        assert "\u00a375" in " ".join(settled(unit))
        unit.press("go")
        assert unit.balance(2) == 1425  # the fine, 75
        unit.remove("red")
        unit.hold("C", 2.5)  # a new game: the new start balance
        unit.press("go")
        assert unit.balances() == {n: 2000 for n in range(1, 7)}
        unit.power_cycle()
        settings = unit.settings()
        assert (settings["start"], settings["go"], settings["fine"]) == (2000, 250, 75)
        assert unit.balances() == {n: 2000 for n in range(1, 7)}


def test_a_unit_switched_to_the_banker_has_its_deed_tags_as_a_fresh_banker() -> None:
    """A fresh Banker comes with its 28 deed tags enrolled (as the player cards are); a unit of
    another edition switched to the Banker by the menu has them too, journaled as the fresh
    one's (they survive a power cycle), and keeps its player cards. Before, a deed laid there
    was an UNKNOWN CARD."""
    with VirtualUnit(edition="banker") as fresh:
        tags = {square: fresh.unit.edition.part.tag_of(square) for square in DEED_SQUARES}
    assert None not in tags.values()
    with VirtualUnit(matrix="5x5") as unit:
        switch_edition(unit, "BANKER")
        assert unit.unit.edition.name == "banker"
        part = unit.unit.edition.part
        assert {square: part.tag_of(square) for square in DEED_SQUARES} == tags
        unit.insert(deed=39, slot="green")
        assert settled(unit)[:3] == ["DEED 39", "BOARDWALK", "OWNER: BANK"]
        unit.insert(card=1, slot="red")
        unit.press("buy")
        unit.press("go")
        assert unit.deed(39)["owner"] == 1 and unit.balance(1) == 1100
        unit.remove("green")
        unit.remove("red")
        unit.power_cycle()
        part = unit.unit.edition.part
        assert {square: part.tag_of(square) for square in DEED_SQUARES} == tags
        # a trip through Classic and back: a new Banker game, the tags there again
        switch_edition(unit, "CLASSIC")
        switch_edition(unit, "BANKER")
        assert unit.deed(39)["owner"] is None
        unit.insert(deed=37, slot="red")
        assert settled(unit)[:2] == ["DEED 37", "PARK PLACE"]


def enroll_spare_as_deed(unit: VirtualUnit, spare: int, square: int) -> None:
    """The Banker's enrolling mode (hold MORTGAGE with no card in, GO): spare tag `spare` on
    GREEN, the square, DEED."""
    unit.hold("mortgage", 3.5)
    unit.press("go")  # ENROLL CARDS? yes
    unit.insert(spare=spare, slot="green")
    unit.type(str(square))
    unit.press("deed")
    assert "DEED %d ENROLLED" % square in unit.screen_text()
    unit.remove(slot="green")
    unit.press("c")  # enrolling done


@pytest.mark.parametrize("other", ["CLASSIC", "EL. BANKING", "STOCK EXCH."])
def test_a_deed_tag_enrolled_by_hand_survives_another_edition(other: str) -> None:
    """Issue 30: a deed's tag the Banker enrolled by hand (a spare tag, here) is still that
    deed's after the unit played another edition and came back, as the player cards are: the
    other edition keeps it in its journal for the Banker (its snapshots and the next switch
    carry it), across a power cut too. Before, only the cards came back."""
    with VirtualUnit(matrix="5x5") as unit:
        switch_edition(unit, "BANKER")
        enroll_spare_as_deed(unit, 1, 24)
        enroll_spare_as_deed(unit, 2, 39)  # Boardwalk's tag replaced
        part = unit.unit.edition.part
        tags = {square: part.tag_of(square) for square in DEED_SQUARES}
        switch_edition(unit, other)
        unit.power_cycle()  # the other edition's game on flash: its snapshot, its journal
        assert unit.unit.edition.name != "banker"
        switch_edition(unit, "BANKER")
        part = unit.unit.edition.part
        assert {square: part.tag_of(square) for square in DEED_SQUARES} == tags
        unit.insert(spare=1, slot="green")
        assert settled(unit)[:2] == ["DEED 24", "ILLINOIS AVENUE"]
        unit.remove(slot="green")
        unit.insert(spare=2, slot="red")
        assert settled(unit)[:2] == ["DEED 39", "BOARDWALK"]
        unit.remove(slot="red")
        unit.insert(card=1, slot="green")  # and the player cards as before
        assert settled(unit)[0] == "CARD 1 RECEIVES"


def test_a_deed_tag_survives_a_power_cut_in_the_menu_that_switched_the_edition() -> None:
    """The edition saved in the menu, the power cut before the menu closed: the next boot
    starts the new edition's game from the Banker's journal (app.unit.boot), keeping its deed
    tags as the menu's switch does."""
    with VirtualUnit(matrix="5x5") as unit:
        switch_edition(unit, "BANKER")
        enroll_spare_as_deed(unit, 3, 11)
        ok, _, _, _ = open_menu(unit)
        choose(unit, "EDITION", "CLASSIC")
        unit.press(ok)  # NEW GAME? yes
        assert settled(unit)[-1] == "SAVED"
        unit.power_cycle()
        assert unit.unit.edition.name == "classic"
        kept = unit.unit.edition.registry.kept  # the Banker's deed tags, in their order
        assert {record[2] for record in kept} == set(DEED_SQUARES) and kept[-1][2] == 11
        switch_edition(unit, "BANKER")
        unit.insert(spare=3, slot="green")
        assert settled(unit)[:2] == ["DEED 11", "ST. CHARLES PLACE"]
