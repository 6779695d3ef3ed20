"""The terminal UI's own words on a French unit (issue 34): every English text of the legend, the
compact key lines and the help has its French (host_sim/tui_words.py, each edition's hints.py
TUI_WORDS), keeps its % fields, and fits where the English did; the app headless in French."""

import asyncio
import pathlib
import re

import pytest
from test_tui import shown, until

import host_sim
from app.editions import about
from host_sim.history import word
from host_sim.key_names import key_names
from host_sim.tui import BankUnitApp
from host_sim.tui_compact import COMPACT_SIZE, HINT_ROWS
from host_sim.tui_deeds import BUILDING_AUCTION_TITLE, COMPACT_WIDTH, KEY, WIDTH, board_text
from host_sim.tui_keys import (
    CARD_PLAYING,
    HELP_WIDTH,
    HINTS_WIDTH,
    HOLD_LABEL,
    LEGEND_WIDTH,
    UNIT_KEYS,
    HelpScreen,
    KeyTable,
    full_size,
    help_text,
    hint_items,
    hints_text,
    legend_text,
)
from host_sim.tui_words import TUI_WORDS
from host_sim.virtual_unit import VirtualUnit

SOURCES = pathlib.Path(host_sim.__file__).parent  # the terminal UI's modules
EDITION_FOLDERS = sorted((SOURCES.parent / "firmware" / "editions").glob("*/about.py"))
EDITIONS = ["electronic_banking", "revolution", "classic", "banker", "stock_exchange"]
HELP_CONSTANTS = ("TUI_HOLD", "TUI_POWER_MENU", "TUI_PLAYING_TITLE")
SAME_IN_FRENCH = {"million"}  # words French spells as English does
FIELD = re.compile(r"%(?:\([a-z]+\))?[-0-9.]*[a-z%]")  # a % field: %s, %-3d, %(s)s, %%


def tables(edition: str) -> tuple:
    """(English KeyTable, French KeyTable, uses cards) of the edition's unit."""
    with VirtualUnit(edition=edition) as unit:
        return KeyTable(unit.keys), KeyTable(unit.keys, "fr"), unit.uses_cards


def edition_english(hints) -> list:
    """The edition's own help lines (its hints.py), in English."""
    return [getattr(hints, name) for name in HELP_CONSTANTS] + list(hints.TUI_PLAYING)


# ---- every text has its French, with the same fields ---------------------------------------


def test_every_shared_english_text_has_its_french() -> None:
    french = TUI_WORDS["fr"]
    explanations = [label.partition(" (")[2][:-1] for _, _, label in UNIT_KEYS if " (" in label]
    shared = explanations + list(HOLD_LABEL.values()) + list(CARD_PLAYING) + list(KEY)
    shared += [BUILDING_AUCTION_TITLE, "hold %s", "digits", "point"]
    assert [text for text in shared if text not in french] == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_help_line_of_an_edition_has_its_french_beside_it(edition) -> None:
    # its own lines in its hints.py, the lines the card editions share in tui_words.py
    hints = about(edition, "hints")
    own = hints.TUI_WORDS["fr"]
    english = edition_english(hints)
    assert [text for text in english if text not in own and text not in TUI_WORDS["fr"]] == []
    assert [text for text in own if text not in english] == []  # none left from an old line
    assert [text for text in own if text in TUI_WORDS["fr"]] == []  # a shared line said once


@pytest.mark.parametrize("source", ["shared"] + EDITIONS)
def test_a_french_text_keeps_the_fields_of_its_english(source) -> None:
    words = TUI_WORDS if source == "shared" else about(source, "hints").TUI_WORDS
    for english, french in words["fr"].items():
        assert FIELD.findall(french) == FIELD.findall(english), (english, french)
        assert french != english or english in SAME_IN_FRENCH, english


def test_a_text_or_language_without_words_stays_english() -> None:
    unknown = KeyTable({}, "xx")  # a language with no words: English
    assert unknown.words is None and unknown.said("Cards") == "Cards"
    assert word(TUI_WORDS["fr"], "no such text") == "no such text"
    assert KeyTable({}, "fr").said("Cards") == "Cartes"
    assert KeyTable({}).said("Cards") == "Cards"


# ---- no text left English on a French unit ---------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_help_line_is_left_in_english_on_a_french_unit(edition) -> None:
    english, french, _ = tables(edition)
    was = help_text(english, edition).plain.splitlines()
    now = help_text(french, edition).plain.splitlines()
    assert len(now) == len(was)  # line for line
    same = [line for line, old in zip(now, was, strict=True) if line.strip() and line == old]
    assert same == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_legend_or_hint_label_is_left_in_english_on_a_french_unit(edition) -> None:
    english, french, cards = tables(edition)
    caps = set(key_names("fr").values())  # a keycap the same in both languages (TOTAL, K)
    deeds = edition == "banker"
    legends = [english.legend_items(), french.legend_items()]
    hints = [hint_items(english, cards, deeds), hint_items(french, cards, deeds)]
    for was, now in (legends, hints):
        labels = [(old[1], new[1]) for old, new in zip(was, now, strict=True)]
        same = [old for old, new in labels if new == old]
        # a keycap the same in both, with the same explanation (M (million)) or none (TOTAL)
        assert same == [
            old
            for old, _ in labels
            if old.partition(" (")[0] in caps
            and old.partition(" (")[2][:-1] in SAME_IN_FRENCH | {""}
        ]
    assert "hold" not in legend_text(french, deeds=deeds).plain


# ---- the French fits where the English did ---------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_french_key_lines_fit_the_compact_width(edition) -> None:
    english, french, cards = tables(edition)
    deeds = edition == "banker"
    rows = hints_text(french, cards, deeds).plain.splitlines()
    assert len(rows) <= HINT_ROWS and all(len(row) <= HINTS_WIDTH for row in rows)
    lines = "\n".join(rows)
    shown_in = [
        (term, required)
        for term, label, required in hint_items(french, cards, deeds)
        if " %s  %s" % (term, label) in lines
    ]
    required = [term for term, _, needed in hint_items(french, cards, deeds) if needed]
    assert [term for term, needed in shown_in if needed] == required
    english_rows = hints_text(english, cards, deeds).plain
    were = [term for term, label, _ in hint_items(english, cards, deeds) if label in english_rows]
    left_out = {term for term in were if term not in dict(shown_in)}
    # only the Banker's, whose English lines are full, gives way: the bell and the export
    assert left_out == ({"s", "E"} if deeds else set())


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_french_help_and_legend_fit_their_widths(edition) -> None:
    english, french, _ = tables(edition)
    deeds = edition == "banker"
    lines = help_text(french, edition).plain.splitlines()
    assert [line for line in lines if len(line) > HELP_WIDTH] == []
    rows = legend_text(french, deeds=deeds).plain.splitlines()
    assert [row for row in rows if len(row) > LEGEND_WIDTH] == []
    assert full_size(french, deeds) == full_size(english, deeds)  # the same window holds it


def test_the_french_board_of_deeds_fits_its_panels() -> None:
    _, french, _ = tables("banker")
    with VirtualUnit(edition="banker") as unit:
        deeds, supply = unit.deeds(), unit.bank_supply()
    board = board_text(deeds, supply, said=french.said).plain.splitlines()
    assert board[-1] == "banque: 32 maisons, 12 H" and "M: hypothéqué" in board
    assert all(len(row) <= WIDTH for row in board)
    compact = board_text(deeds, supply, 4, french.said).plain.splitlines()
    assert "c1: carte 1  -: libre  1h-4h: maisons  H: hôtel  M: hypothéqué" in compact
    assert all(len(row) <= COMPACT_WIDTH for row in compact)


# ---- the app, headless ----------------------------------------------------------------------


def test_a_french_unit_in_the_compact_layout_speaks_french() -> None:
    async def main() -> None:
        app = BankUnitApp(edition="electronic_banking", settings={"lang": "fr"})
        async with app.run_test(size=COMPACT_SIZE) as pilot:
            await until(pilot, lambda: app.snapshot is not None)
            hints = shown(app, "#hints")
            assert " C  tenir C: NOUV. PARTIE ?" in hints and " h  tenir… " in hints
            assert " [ ]  VERT/ROUGE: carte 1-6 " in hints and " Q  quitter" in hints
            assert "VERT: vide   ROUGE: vide" in shown(app, "#slots")
            assert shown(app, "#status").startswith("Insérez une carte: [ (VERT)")
            assert app.query_one("#balances").border_title == "Soldes"
            await pilot.press("[")
            assert "Lecteur VERT: tapez 1-6 (7-9: carte inconnue), Esc annule" in shown(
                app, "#slots"
            )
            await pilot.press("2")
            await until(pilot, lambda: app.snapshot.slots["green"] == 2)
            assert "Carte 2 en VERT" in shown(app, "#status")
            assert "VERT: carte 2   ROUGE: vide" in shown(app, "#slots")
            await pilot.press("?")
            await until(pilot, lambda: isinstance(app.screen, HelpScreen))
            page = shown(app.screen, "#help-text")
            assert page.startswith("Touches de l'unité Banque électronique simulée")
            assert "  C                   tenir C 2,5 s: NOUVELLE PARTIE ? (GO confirme)" in page
            assert "Recevoir: carte en VERT, tapez le montant, finissez par K ou M" in page
            assert "Payer la banque: carte en ROUGE." in page
            assert app.screen.query_one("VerticalScroll").border_title == "Aide"
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, HelpScreen))

    asyncio.run(main())


def test_an_english_unit_keeps_its_words() -> None:
    async def main() -> None:
        app = BankUnitApp(edition="electronic_banking")
        async with app.run_test(size=COMPACT_SIZE) as pilot:
            await until(pilot, lambda: app.snapshot is not None)
            hints = shown(app, "#hints")
            assert " C  hold C: NEW GAME?" in hints and " h  hold a key " in hints
            assert " [ ]  GREEN/RED card: 1-6 " in hints
            assert "GREEN: empty   RED: empty" in shown(app, "#slots")
            assert app.query_one("#balances").border_title == "Balances"
            await pilot.press("?")
            await until(pilot, lambda: isinstance(app.screen, HelpScreen))
            page = shown(app.screen, "#help-text")
            assert page.startswith("Keys of the simulated electronic banking unit\n")
            assert "  C                   hold C for 2.5 s: NEW GAME? (GO confirms)" in page
            assert "Receive: card in GREEN, type the amount, finish with K or M" in page
            assert app.screen.query_one("VerticalScroll").border_title == "Help"

    asyncio.run(main())


def test_every_french_text_is_of_an_english_text_the_terminal_still_says() -> None:
    modules = [path for path in SOURCES.glob("tui*.py") if path.name != "tui_words.py"]
    modules += [path.parent / "hints.py" for path in EDITION_FOLDERS]  # the shared help lines
    sources = "".join(path.read_text(encoding="utf-8") for path in modules)
    explanations = {label.partition(" (")[2][:-1] for _, _, label in UNIT_KEYS}
    stale = [
        english
        for english in TUI_WORDS["fr"]
        if english not in explanations
        and not all(piece in sources for piece in ('"' + english).split("\n"))
    ]
    assert stale == []
