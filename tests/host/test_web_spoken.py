# The web page's spoken words for the Stock Exchange (web/spoken.py) on CPython, no node: a French
# unit's in French (the view's texts through its table, the connecting words and the tokens' full
# names from SPOKEN_WORDS), an English unit's as before (issue 34).
import importlib.util
import pathlib
import re

from host_sim import VirtualUnit

_spec = importlib.util.spec_from_file_location(
    "spoken", pathlib.Path(__file__).resolve().parents[2] / "web" / "spoken.py"
)
assert _spec is not None and _spec.loader is not None
spoken_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(spoken_module)
spoken = spoken_module.spoken
FRENCH = spoken_module.SPOKEN_WORDS["fr"]


def said(unit: VirtualUnit) -> str:
    """What bridge.spoken() hands the page for the unit's screen (web/bridge.py's call)."""
    app = unit.unit
    edition = app.edition
    notice = app.alert() or app.notice() or ""
    return spoken(edition, edition.view(), notice, app.screen.lang)


def play(unit: VirtualUnit) -> list:
    """The words after each step of a short game: the empty market, a form typed (a refusal
    in it), an introduction, the company's row, the market listing it, a code half typed,
    TOTAL, a sale's form (cancelled), a hold let go too soon, the REMOVE question."""
    words = []
    unit.advance(10)
    words.append(said(unit))
    for key in ("bank_purchase", "1", "7", "0", "1"):
        unit.press(key)
        words.append(said(unit))
    unit.press("confirm")
    words.append(said(unit))
    unit.advance(16)
    words.append(said(unit))
    unit.press("0")
    words.append(said(unit))
    unit.press("cancel")
    unit.press("total")
    words.append(said(unit))
    unit.press("cancel")
    for key in ("sell", "1", "0", "1", "1"):
        unit.press(key)
    words.append(said(unit))
    unit.press("cancel")
    unit.advance(9)
    unit.press("remove_player")
    words.append(said(unit))
    unit.advance(9)
    unit.hold("remove_player", 3)
    unit.press("1")
    words.append(said(unit))
    return words


def test_a_french_stock_exchange_is_spoken_in_french() -> None:
    with VirtualUnit(edition="stock_exchange", settings={"lang": "fr"}) as unit:
        assert unit.unit.screen.lang is not None and unit.unit.screen.lang.code == "fr"
        words = play(unit)
        total = unit.totals()["hat"]
    row = "01 cours 13 ; président CHAPEAU ; actions : CHAPEAU 5, banque 4 ; aucun bureau"
    assert words == [
        "MARCHÉ. Aucune société cotée pour l'instant. Tapez le code d'une société pour l'entendre",
        "ACHAT BANQUE. PION à taper, CODE à taper. TAPEZ LE PION",
        "ACHAT BANQUE. PION CHAPEAU, CODE à taper. TAPEZ LE CODE",
        "ACHAT BANQUE. CODE: 01 À 22. PION CHAPEAU, CODE à taper. TAPEZ LE CODE",  # refused
        "ACHAT BANQUE. PION CHAPEAU, CODE 0, encore un chiffre. TAPEZ LE CODE",
        "INTRODUCTION. PION CHAPEAU, CODE 01, PRIX 60. Paie 60. TAPEZ LE PRIX",
        "MARCHÉ. " + row,
        "MARCHÉ. Sociétés cotées : 01 cours 13. Tapez le code d'une société pour l'entendre",
        "MARCHÉ. Code tapé : 0, encore un chiffre",
        "TOTAL. CHAPEAU %d" % total,
        "VENTE. PION CHAPEAU, CODE 01, ACTIONS 1. Reçoit 13. CONFIRMER OU ANNULER",
        "MARCHÉ. Sociétés cotées : 01 cours 13. Tapez le code d'une société pour l'entendre. "
        "TENIR 2 SECONDES",
        "RETIRER LE CHAPEAU ? CONFIRMER / ANNULER",
    ]


def test_an_english_stock_exchange_is_spoken_as_before() -> None:
    with VirtualUnit(edition="stock_exchange") as unit:
        assert unit.unit.screen.lang is None
        words = play(unit)
        total = unit.totals()["hat"]
        app = unit.unit
        view = app.edition.view()
        assert spoken(app.edition, view) == spoken(app.edition, view, "", None)  # the default
    row = "01 price 13; President HAT; shares: HAT 5, bank 4; no offices"
    assert words == [
        "MARKET. No company listed yet. Type a code to hear a company",
        "BANK PURCHASE. TOKEN to type, CODE to type. ENTER TOKEN",
        "BANK PURCHASE. TOKEN HAT, CODE to type. ENTER CODE",
        "BANK PURCHASE. CODE: 01 TO 22. TOKEN HAT, CODE to type. ENTER CODE",
        "BANK PURCHASE. TOKEN HAT, CODE 0, one digit more. ENTER CODE",
        "INTRODUCTION. TOKEN HAT, CODE 01, PRICE 60. Pays 60. ENTER PRICE",
        "MARKET. " + row,
        "MARKET. Listed: 01 at 13. Type a code to hear a company",
        "MARKET. Code typed: 0, one digit more",
        "TOTAL. HAT %d" % total,
        "SELL. TOKEN HAT, CODE 01, SHARES 1. Gets 13. CONFIRM OR CANCEL",
        "MARKET. Listed: 01 at 13. Type a code to hear a company. HOLD 2 SECONDS",
        "REMOVE HAT? CONFIRM / CANCEL",
    ]


def test_a_french_refusal_writes_its_decimal_as_the_glass() -> None:
    # HOLD MS 1500: a hold let go too soon is told in seconds with a decimal point
    with VirtualUnit(edition="stock_exchange", settings={"lang": "fr", "hold": 1500}) as unit:
        unit.advance(10)
        unit.press("remove_player")
        words = said(unit)
        assert "TENIR 1,5 SECONDES" in unit.screen_text()
    assert words.endswith(". TENIR 1,5 SECONDES"), words


def test_an_offices_field_without_its_own_prompt_is_asked_in_french() -> None:
    # OFFICES' fields are labelled with their companies' codes: the unit has no ENTER 06 of its
    # own (it says ENTER OFFICES when refusing), so the spoken prompt is made of TAPEZ and the code
    with VirtualUnit(edition="stock_exchange", settings={"lang": "fr"}) as unit:
        app = unit.unit
        view = {
            "screen": "form",
            "title": "OFFICES",
            "fields": (("06", "2"), ("08", "-")),
            "active": 1,
            "amount": 200,
            "sign": "-",
        }
        french = spoken(app.edition, view, "", app.screen.lang)
    assert french == "BUREAUX. 06 2, 08 à taper. Paie 200. TAPEZ 08"
    with VirtualUnit(edition="stock_exchange") as unit:
        english = spoken(unit.unit.edition, view)
    assert english == "OFFICES. 06 2, 08 to type. Pays 200. ENTER 08"


def test_the_french_words_name_the_tokens_in_full_as_the_table_does() -> None:
    # The glass abbreviates a token alone (CHA.); the table's "X REMOVED" lines name it whole.
    from editions.stock_exchange.market import TOKENS

    with VirtualUnit(edition="stock_exchange", settings={"lang": "fr"}) as unit:
        table = unit.unit.screen.lang
        for token in TOKENS:
            removed = table(token + " REMOVED")
            assert removed != token + " REMOVED", token
            assert removed.split(" ")[0] == FRENCH[token], (token, removed)
        assert table("HAT") == "CHA."  # what the glass shows, and the words do not


def test_each_french_word_keeps_its_englishs_places_for_numbers_and_names() -> None:
    # A format's French must take the same values, in the same order, as its English.
    for english, french in FRENCH.items():
        assert re.findall(r"%0?\d*[sd]", english) == re.findall(r"%0?\d*[sd]", french), english
        assert french, english
