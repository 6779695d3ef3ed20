# Every scripted game (tests/scripts/) played in French (tests/host/lang_coverage.py): every line
# with words is drawn translated, whole, and through the table (lang/fr.txt).
import pathlib
import re

import pytest
from editions.stock_exchange import lang
from lang_coverage import has_words, play

from host_sim.lang_tables import normalize, parse

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
SCRIPTS = ROOT / "tests" / "scripts"
GAMES = sorted(path.name for path in SCRIPTS.glob("*.txt"))


@pytest.fixture(scope="module")
def french_game():
    return play(SCRIPTS / "electronic_banking_game.txt", "fr")


def test_lines_are_drawn_in_french_with_their_tokens(french_game) -> None:
    translated = french_game.translated
    assert translated["INSERT A CARD"] == "INSÉREZ UNE CARTE"
    assert translated["NOT ENOUGH MONEY"] == "FONDS INSUFFISANTS"
    assert translated["CARD MOVED: PRESS C"] == "CARTE BOUGÉE: TAPEZ C"
    # the tokens filled in, their decimal point as French writes it (DECIMAL POINT = ,)
    assert translated["CARD 3: 17.25M"] == "CARTE 3: 17,25M"
    assert translated["CARD 4"] == "CARTE 4"
    entries = parse((ROOT / "lang" / "fr.txt").read_text(encoding="utf-8"))
    looked_up = french_game.translated
    assert all(looked_up[line] != line for line in looked_up if normalize(line) in entries)
    assert all(has_words(line) for line in french_game.untranslated)


@pytest.mark.parametrize("game", GAMES)
def test_the_french_table_covers_every_scripted_game_and_fits(game: str) -> None:
    coverage = play(SCRIPTS / game, "fr")
    assert len(coverage.translated) > 10  # (the game was played, its screens looked up)
    assert coverage.problems() == []


# The Stock Exchange's screens its scripted game leaves out: the holds (too short, REMOVE's
# form and question, NEW GAME?), a question left unanswered, keys refused, TOTAL of six tokens
# (each in play once it has passed START).
SELDOM = """edition stock_exchange
press review
press start
press 1
press confirm
press start
press 2
press confirm
press start
press 3
press confirm
press start
press 4
press confirm
press start
press 5
press confirm
press start
press 6
press confirm
press 7
press remove_player
hold remove_player 2.5
press 9
press 6
press cancel
hold new_game 2.5
press 5
wait 16
press bank_purchase
press confirm
press 4
type 03
press cancel
press total
press cancel
hold new_game 2.5
press confirm
"""


def test_the_stock_exchanges_screens_go_through_the_table(tmp_path) -> None:
    # editions.stock_exchange.draw draws what editions.stock_exchange.lang gave it: every
    # text with words on its screens is the table's (none bypassed, none cut), its values not.
    coverage = play(SCRIPTS / "stock_exchange_game.txt", "fr")
    script = tmp_path / "seldom.txt"
    script.write_text(SELDOM)
    seldom = play(script, "fr")
    assert coverage.problems() == [] and seldom.problems() == []
    shown = dict(coverage.translated, **seldom.translated)
    assert shown["BANK PURCHASE"] == "ACHAT BANQUE"  # a form's title, as the key's legend
    assert shown["TOKEN"] == "PION" and shown["HAT"] == "CHA."  # a label, a token's name
    assert shown["HCDSIB"] == "123456"  # the market's token columns
    assert shown["REVIEW"] == "REVISUALISER"  # REVIEW's tag
    assert shown["LIST PRICE 140"] == "PRIX DE BASE 140"  # a note, its price filled in
    assert shown["NEW GAME?"] == "NOUVELLE PARTIE ?"  # a question
    assert shown["CONFIRM / CANCEL"] == "CONFIRMER / ANNULER"  # its keys
    assert shown["REMOVE BOAT?"] == "RETIRER LE BATEAU ?"
    assert shown["HOLD 2 SECONDS"] == "TENIR 2 SECONDES"  # a message on the market screen
    assert shown["NOT CONFIRMED"] == "NON CONFIRMÉ"
    assert shown["BOAT"] == "BAT."  # TOTAL with six tokens: two columns
    assert not any(has_words(line) for line in ("01", "0-", "--", "-150", "+200"))


def test_the_stock_exchanges_lang_copies_every_key_the_drawer_reads() -> None:
    # editions.stock_exchange.lang hands the drawer a dict of its own, made of the keys
    # it lists: a key the drawer reads and the list lacks would be drawn as missing in French.
    source = ROOT / "firmware" / "editions" / "stock_exchange"
    read = set()
    for name in ("draw.py", "pieces.py"):
        read |= set(re.findall(r'view\.get\("(\w+)"', (source / name).read_text()))
    assert {"screen", "fields", "totals", "detail", "tokens"} <= read
    keys = set(lang._KEYS)  # (CPython's const() is the tuple itself)
    assert read - keys == {"tokens"}  # (lang's own: the header's token columns)
