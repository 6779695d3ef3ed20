# Electronic Banking's scripted game played in French (tests/host/lang_coverage.py): what the
# starter table (lang/fr.txt) covers is drawn translated and whole; what it lacks is listed.
import pathlib

import pytest
from lang_coverage import has_words, play

from host_sim.lang_tables import normalize, parse

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
SCRIPTS = ROOT / "tests" / "scripts"


@pytest.fixture(scope="module")
def french_game():
    return play(SCRIPTS / "electronic_banking_game.txt", "fr")


def test_the_starter_tables_lines_are_drawn_in_french(french_game) -> None:
    translated = french_game.translated
    assert translated["INSERT A CARD"] == "INSÉREZ UNE CARTE"
    assert translated["NOT ENOUGH MONEY"] == "PAS ASSEZ D'ARGENT"
    assert translated["CARD MOVED: PRESS C"] == "CARTE BOUGÉE: C"
    assert translated["CARD 3: 17.25M"] == "CARTE 3: 17.25M"  # the tokens filled in
    assert translated["CARD 4"] == "CARTE 4"


def test_every_line_left_in_english_is_one_the_table_lacks(french_game) -> None:
    untranslated = french_game.untranslated
    assert "MONOPOLY BANK" in untranslated and "MAX 20M" in untranslated
    assert "CARD 2 PAYS" in untranslated  # (no CARD # PAYS in the starter table)
    assert all(has_words(line) for line in untranslated)
    entries = parse((ROOT / "lang" / "fr.txt").read_text(encoding="utf-8"))
    looked_up = french_game.translated
    assert all(looked_up[line] != line for line in looked_up if normalize(line) in entries)
    assert not french_game.bypassed  # every text of this game went through the table


def test_a_line_cut_by_the_title_icons_is_found(french_game) -> None:
    # "CARTE 2 > CARTE 3" is one character too wide beside the slots' icons: the full table
    # must say it shorter.
    assert french_game.cut == {"CARTE 2 > CARTE 3": "CARTE 2 > CARTE"}


@pytest.mark.xfail(strict=True, reason="lang/fr.txt is a starter set: the table is on lang-fr")
def test_the_french_table_covers_the_game_and_fits(french_game) -> None:
    assert french_game.problems() == []


@pytest.mark.parametrize("path", sorted(SCRIPTS.glob("*.txt")), ids=lambda path: path.stem)
def test_every_scripted_game_plays_in_french_and_is_accounted_for(path) -> None:
    coverage = play(path, "fr")
    if path.stem == "stock_exchange_game":
        # Its market screens and forms are drawn by editions.stock_exchange.draw, not through
        # the table yet: every text is found drawn without it.
        assert not coverage.translated and "BANK PURCHASE" in coverage.bypassed
    else:
        assert coverage.translated and not coverage.bypassed
        assert "INSERT A CARD" not in coverage.untranslated
