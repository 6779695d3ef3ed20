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
        assert unit.unit.screen.language is None
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
        assert unit.unit.screen.language is None


def test_a_missing_table_leaves_the_screens_english(monkeypatch) -> None:
    from host_sim import lang_tables

    monkeypatch.setattr(lang_tables, "SOURCES", lang_tables.SOURCES / "none")
    with VirtualUnit(settings={"lang": "fr"}) as unit:
        assert "INSERT A CARD" in unit.screen_text()


# ---- amounts and currency (lang/fr.txt's DECIMAL POINT; rules.settings' currency) -----------


def test_a_french_unit_writes_amounts_with_the_decimal_comma() -> None:
    with VirtualUnit(settings={"lang": "fr"}) as unit:
        unit.insert(3, "red")
        unit.insert(1, "green")
        unit.advance(1.5)
        unit.type("1.")  # the "." key, labelled "," on a French unit
        assert unit.screen_text() == ["CARTE 3 > 1", "1,", "SOLDE 15M"]
        unit.type("5")
        assert unit.screen_text()[1] == "1,5"  # in big text, as it is typed
        unit.press("M")
        unit.advance(1)
        assert unit.balance(3) == 13500000  # the same amount as in English
        assert unit.screen_text() == ["CARTE 3 > 1", "13,5M", "CARTE 1: 16,5M"]
        unit.type("2.25M")
        unit.advance(1)
        assert unit.screen_text()[1:] == ["11,25M", "CARTE 1: 18,75M"]
        unit.remove("green")
        unit.advance(1.5)
        unit.hold("M", 2.5)  # card 3's history, newest first
        assert unit.screen_text() == ["CARTE 3  #2", "-2,25M", "CARTE 1 SOLDE 11,25M"]
        unit.press("M")
        assert unit.screen_text() == ["CARTE 3  #1", "-1,5M", "CARTE 1 SOLDE 13,5M"]


def test_an_english_unit_keeps_the_decimal_point() -> None:
    with VirtualUnit() as unit:
        unit.insert(3, "red")
        unit.insert(1, "green")
        unit.advance(1.5)
        unit.type("1.5")
        assert unit.screen_text() == ["CARD 3 > CARD 1", "1.5", "BALANCE 15M"]
        unit.press("M")
        unit.advance(1)
        assert unit.screen_text()[1:] == ["13.5M", "CARD 1: 16.5M"]


def test_classic_in_french_counts_in_euros_unless_a_currency_was_set() -> None:
    with VirtualUnit(edition="classic", settings={"lang": "fr"}) as unit:
        assert unit.settings()["currency"] == "€"
        unit.insert(1, "green")
        unit.advance(1.5)
        unit.type("35")
        assert unit.screen_text() == ["CARTE 1 REÇOIT", "€35", "SOLDE €1500"]
    with VirtualUnit(edition="classic", settings={"lang": "fr", "currency": "$"}) as unit:
        assert unit.settings()["currency"] == "$"  # set: kept whatever the language
        unit.insert(1, "green")
        unit.advance(1.5)
        assert unit.screen_text() == ["CARTE 1 REÇOIT", "$1500"]
    with VirtualUnit(edition="classic") as unit:
        assert unit.settings()["currency"] == "$"


def test_the_menus_language_brings_its_currency_unless_one_was_chosen() -> None:
    with VirtualUnit(edition="classic") as unit:
        ok, back, _, _ = open_menu(unit)
        choose(unit, "LANGUAGE", "FRANÇAIS")
        unit.press(back)
        unit.advance(1)
        assert unit.settings()["currency"] == "€"  # none chosen: the language's
        unit.insert(1, "green")
        unit.advance(1.5)
        assert unit.screen_text() == ["CARTE 1 REÇOIT", "€1500"]
        unit.remove("green")
        ok, back, _, _ = open_menu(unit)
        choose(unit, "DEVISE", "$")  # chosen in French: saved
        choose(unit, "LANGUE", "ENGLISH")
        unit.press(back)
        unit.advance(1)
        assert unit.settings()["currency"] == "$"
        unit.power_cycle()
        unit.advance(1)
        assert (unit.settings()["currency"], unit.settings()["lang"]) == ("$", "en")
        ok, back, _, _ = open_menu(unit)
        choose(unit, "LANGUAGE", "FRANÇAIS")
        unit.press(back)
        unit.advance(1)
        assert unit.settings()["currency"] == "$"  # chosen once: the language leaves it
