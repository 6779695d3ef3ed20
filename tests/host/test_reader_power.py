"""The readers' fields on the whole unit (real firmware, asyncio tasks, virtual time): on only
for a poll, polled less often in standby, off for good once the Stock Exchange takes over; and
cards, which need 5 ms of field before they answer, are still read."""

from test_settings_editions import settled, switch_edition

from host_sim.virtual_unit import VirtualUnit
from peripherals.wiring import spi_bytes


def duty(chips, unit: VirtualUnit, seconds: float) -> list:
    """For each chip, the fraction of `seconds` its carrier was on and how many times it came
    on (one window for all of them)."""
    before = [(chip.field_us(), chip.field_ons) for chip in chips]
    unit.advance(seconds)
    return [
        ((chip.field_us() - field_us) / (seconds * 1e6), chip.field_ons - ons)
        for chip, (field_us, ons) in zip(chips, before, strict=True)
    ]


def test_fields_on_about_5_ms_per_poll_awake_and_less_often_in_standby() -> None:
    with VirtualUnit() as unit:
        green = unit.parts.green_reader
        red = unit.parts.red_reader
        unit.insert(card=1, slot="green")
        assert unit.screen_text()[0] == "CARD 1 RECEIVES"
        for on, polls in duty((green, red), unit, 6.0):  # within 10 s of the card: the game's pace
            assert 48 <= polls <= 52  # every 120 ms
            assert 0.04 <= on <= 0.045  # 5 ms of 120: the card's power-up time, then the read
        unit.advance(60.0)  # no key, no card change: standby
        assert not unit.unit.active.view()["display_on"] and not unit.parts.panel.display_on
        for on, polls in duty((green, red), unit, 7.0):
            assert 24 <= polls <= 26  # every 280 ms (app.power)
            assert on <= 0.03
        unit.remove("green")
        unit.advance(0.8)  # two polls in standby: the pull is noticed
        assert unit.unit.slots[0].uid is None
        unit.insert(card=2, slot="red")  # a card still wakes the unit
        assert unit.parts.panel.display_on
        assert unit.screen_text()[0] == "CARD 2 PAYS"
        assert not green.field and not red.field  # between polls


def test_polling_as_soon_as_the_field_is_on_would_miss_the_card() -> None:
    with VirtualUnit() as unit:
        green = unit.unit.slots[0]
        # The request right after the field comes on: the task does not wait, nor the shell.
        unit.unit.card_power_up_ms = 0
        green.power_up_ms = 0
        unit.insert(card=1, slot="green")
        unit.advance(1.0)
        assert unit.parts.green_reader.field_ons >= 8  # polled all along
        assert green.uid is None  # no card answers that soon
        assert unit.screen_text()[-1] == "INSERT A CARD"
        unit.unit.card_power_up_ms = 5
        green.power_up_ms = 5
        unit.advance(0.3)
        assert unit.screen_text()[0] == "CARD 1 RECEIVES"


def test_the_stock_exchange_switched_in_by_the_menu_leaves_both_fields_off() -> None:
    with VirtualUnit(matrix="5x5") as unit:
        unit.insert(card=1, slot="green")
        unit.advance(0.5)
        switch_edition(unit, "STOCK EXCH.")
        assert unit.unit.edition.name == "stock_exchange"
        settled(unit)
        chips = (unit.parts.green_reader, unit.parts.red_reader)
        ons = [chip.field_ons for chip in chips]
        spi = spi_bytes(unit.board)
        unit.advance(2.0)
        assert [chip.field_ons for chip in chips] == ons  # never on again
        assert not chips[0].field and not chips[1].field
        assert spi_bytes(unit.board) == spi  # nor touched
