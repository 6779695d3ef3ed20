# The unit in French in the simulator: the setting (--set lang=fr, the menu), the screens drawn
# through lang/fr.txt, and English units drawing as before.
from test_settings_editions import choose, open_menu, settled

from host_sim import VirtualUnit


def test_a_french_unit_shows_its_screens_in_french() -> None:
    with VirtualUnit(settings={"lang": "fr"}) as unit:
        assert unit.settings()["lang"] == "fr"
        assert "INSÉREZ UNE CARTE" in unit.screen_text()
        unit.insert(2, "red")
        unit.insert(1, "green")
        unit.advance(1.5)
        # The title says "CARTE 2 > 1" (CARTE 2 > CARTE 1 would be cut by the slots' icons:
        # tests/host/lang_coverage.py finds such lines for the table's author)
        assert unit.screen_text() == ["CARTE 2 > 1", "15M", "CARTE 1: 15M"]
        unit.type("50K")
        assert unit.balance(1) == 15050000  # the rules are the same


def test_an_english_unit_has_no_table() -> None:
    with VirtualUnit() as unit:
        assert unit.unit.screen.lang is None
        assert "INSERT A CARD" in unit.screen_text()


def test_the_menu_turns_the_screens_french_and_back() -> None:
    with VirtualUnit() as unit:
        ok, back, _, _ = open_menu(unit)
        choose(unit, "LANGUAGE", "FRANÇAIS")
        assert settled(unit)[-1] == "SAVED"
        unit.press(back)
        unit.advance(1)
        assert "INSÉREZ UNE CARTE" in settled(unit)
        unit.power_cycle()  # kept on the flash
        unit.advance(1)
        assert "INSÉREZ UNE CARTE" in settled(unit)
        ok, back, _, _ = open_menu(unit)
        choose(unit, "LANGUE", "ENGLISH")  # (the menu in French)
        unit.press(back)
        unit.advance(1)
        assert "INSERT A CARD" in settled(unit)
        assert unit.unit.screen.lang is None


def test_a_missing_table_leaves_the_screens_english(monkeypatch) -> None:
    from host_sim import lang_tables

    monkeypatch.setattr(lang_tables, "SOURCES", lang_tables.SOURCES / "none")
    with VirtualUnit(settings={"lang": "fr"}) as unit:
        assert "INSERT A CARD" in unit.screen_text()
