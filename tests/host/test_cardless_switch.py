"""A Stock Exchange unit builds no card readers; the settings menu switching it to a card
edition builds them then, and they read cards."""

from host_sim.virtual_unit import VirtualUnit
from peripherals.wiring import spi_bytes


def test_a_cardless_unit_switched_to_a_card_edition_builds_and_reads_its_readers() -> None:
    with VirtualUnit(edition="stock_exchange") as unit:
        assert unit.unit.readers == [None, None]  # none built: the market never uses them
        unit.open_settings()
        unit.press("confirm")  # yes, the settings
        unit.press("confirm")  # edit the edition
        unit.press("review")  # the next one: Electronic Banking
        unit.press("confirm")
        assert unit.screen_text()[1] == "NEW GAME?"
        unit.press("confirm")
        unit.press("cancel")  # leave: the edition is rebuilt, the readers with it
        assert unit.unit.edition.name == "electronic_banking"
        assert None not in unit.unit.readers
        unit.advance(1.0)
        assert None not in unit.unit.slots and spi_bytes(unit.board) > 0
        assert "READER" not in " ".join(unit.screen_text())
        unit.insert(card=1, slot="green")
        unit.advance(1.2)
        assert unit.unit.slots[0].uid_hex is not None  # the card lying there was read
