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


def test_a_missing_table_leaves_the_screens_english_and_says_so(monkeypatch) -> None:
    from host_sim import lang_tables

    monkeypatch.setattr(lang_tables, "SOURCES", lang_tables.SOURCES / "none")
    with VirtualUnit(settings={"lang": "fr"}) as unit:
        assert unit.screen_text()[-1] == "NO LANGUAGE TABLE"  # not English without a word
        assert unit.settings()["lang"] == "fr"  # the setting kept: a table deployed is used
        unit.advance(9)  # a notice's 8 s
        assert unit.screen_text()[-1] == "INSERT A CARD"
        unit.insert(1, "red")
        unit.advance(1.2)
        unit.type("50K")
        assert unit.balance(1) == 15000000 - 50000  # the game goes on, in English


def test_a_table_of_an_older_format_is_refused_and_said(monkeypatch) -> None:
    from host_sim import lang_tables

    compiled = lang_tables.TablesFS._compiled
    monkeypatch.setitem(
        compiled, "fr", b"LTB2" + lang_tables.compile_file(lang_tables.SOURCES / "fr.txt")[4:]
    )  # what an older make deploy left on the flash
    with VirtualUnit(settings={"lang": "fr"}) as unit:
        assert unit.screen_text()[-1] == "NO LANGUAGE TABLE"
        assert unit.unit.screen.lang is None


def test_the_menu_choosing_a_language_without_its_table_says_so(monkeypatch) -> None:
    from host_sim import lang_tables

    monkeypatch.setattr(lang_tables, "SOURCES", lang_tables.SOURCES / "none")
    with VirtualUnit() as unit:
        ok, back, _, _ = open_menu(unit)
        choose(unit, "LANGUAGE", "FRANÇAIS")
        unit.press(back)
        unit.advance(1)
        assert settled(unit)[-1] == "NO LANGUAGE TABLE"
        assert unit.unit.screen.lang is None
        unit.advance(9)
        assert settled(unit)[-1] == "INSERT A CARD"


def _chance_windows(unit: VirtualUnit, card: int) -> list:
    """Card 3 draws `card` in a zone: each window of its text as the glass shows it, with the
    glass's rows of the big line when a window holds É."""
    from editions.revolution import chance

    part = unit.unit.edition.part
    part.load_draws(part.rng_state, 77, chance.deck_order(77).index(card))
    unit.insert(3, "red")
    unit.advance(1.2)
    unit.press("zone")
    unit.press("zone")
    windows = []
    scrolls = len(part.reveal.text or chance.text(card))
    while part.reveal is not None and part.reveal.step <= scrolls - 1:
        window = unit.screen_text()[1]
        if not windows or windows[-1][0] != window:
            rows = unit.screen_pixels()[31:38] if "É" in window else None
            windows.append((window, rows))
        unit.advance(0.05)
    return windows


def test_a_french_revolution_unit_scrolls_its_chance_cards_in_french() -> None:
    from canvas_rig import new_canvas
    from editions.revolution import chance

    from ui import draw

    card = next(c for c in range(chance.CARD_COUNT) if chance.text(c).startswith("YOUR BIKE"))
    french = "VOTRE ATELIER DE VÉLOS FAIT DES BÉNÉFICES: RECEVEZ 500K"
    for code, text in (("en", chance.text(card)), ("fr", french)):
        with VirtualUnit(edition="revolution", settings={"lang": code}) as unit:
            windows = _chance_windows(unit, card)
            assert "".join(window[-1] for window, _ in windows) == text  # whole, in order
            assert all(len(window) == 21 for window, _ in windows)
            accented = [(window, rows) for window, rows in windows if rows is not None]
            assert bool(accented) == (code == "fr")
            for window, rows in accented:  # the glass shows the font's glyphs, accents and all
                canvas = new_canvas()
                draw.centered(canvas, window, 31, 1, None)
                drawn = [[bool(canvas.pixel(x, y)) for x in range(128)] for y in range(31, 38)]
                assert rows == drawn, window
            unit.advance(4)  # the label has shown: the card waits for GO
            assert unit.screen_text()[1] == ("GO=APPLY" if code == "en" else "GO=VALIDER")


def test_the_menu_gives_a_revolution_unit_its_language_and_takes_it_back(monkeypatch) -> None:
    # app.build gives the edition the screen's language at boot, app.config each edition the
    # menu builds: the language chosen, or the one in force
    import test_settings_editions

    monkeypatch.setitem(test_settings_editions.MENU_KEYS, "revolution", ("go", "C", "M", "K"))
    with VirtualUnit(edition="revolution") as unit:
        assert unit.unit.edition.lang is None
        ok, back, _, _ = open_menu(unit)
        choose(unit, "LANGUAGE", "FRANÇAIS")
        unit.press(back)
        unit.advance(1)
        assert unit.unit.edition.lang is unit.unit.screen.lang is not None
        ok, back, _, _ = open_menu(unit)  # (a power-up: the edition app.build made)
        edition = unit.unit.edition
        assert edition.lang is unit.unit.screen.lang is not None
        choose(unit, "VOLUME", "DOUX")  # another setting: a new edition, the same language
        unit.press(back)
        unit.advance(1)
        assert unit.unit.edition is not edition and unit.unit.edition.volume == 2
        edition = unit.unit.edition
        assert edition.lang is unit.unit.screen.lang is not None
        ok, back, _, _ = open_menu(unit)
        choose(unit, "LANGUE", "ENGLISH")
        unit.press(back)
        unit.advance(1)
        assert unit.unit.edition.lang is None and unit.unit.edition is not edition


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


def test_the_summarys_lines_are_let_go_when_the_game_begins() -> None:
    # The table keeps the lines it looked up; the boot summary's never come back, so the game's
    # beginning (ui.render.prepare) lets them go: about 0.6 KB of the chip's heap after boot.
    with VirtualUnit(boot_summary=True, settings={"lang": "fr", "players": 4}) as unit:
        kept = unit.unit.screen.lang.kept
        assert "VOLUME         MEDIUM" in kept and len(kept) > 5
        unit.advance(5)  # the summary ends by itself
        assert "INSÉREZ UNE CARTE" in unit.screen_text()
        assert "VOLUME         MEDIUM" not in kept
        assert set(kept) == {"MONOPOLY BANK", "INSERT A CARD"}  # the game's, looked up anew
