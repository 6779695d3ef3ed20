"""The terminal UI of a French unit (issue 34): its keys named as the French keypad's legends
(host_sim/key_names.py) in the legend, the compact lines and the help, the terminal keys the
same as in English, the terminal's own words in French (tests/host/test_tui_words.py); the
settings menu switching the language relabels them."""

import asyncio

import pytest
from test_settings_editions import choose, open_menu
from test_tui import shown, until

from host_sim.key_names import key_names
from host_sim.tui import BankUnitApp
from host_sim.tui_keys import (
    LEGEND_WIDTH,
    KeyTable,
    help_text,
    hint_items,
    legend_text,
    ok_key,
)
from host_sim.tui_words import TUI_WORDS
from host_sim.virtual_unit import KEY_NAMES, VirtualUnit

EDITIONS = ["electronic_banking", "revolution", "classic", "banker", "stock_exchange"]


def tables(edition: str) -> tuple:
    with VirtualUnit(edition=edition) as unit:
        return KeyTable(unit.keys), KeyTable(unit.keys, "fr")


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_french_key_table_names_every_key_as_its_french_legend(edition) -> None:
    english, french = tables(edition)
    names = key_names("fr")
    assert [e[:2] for e in french.entries] == [e[:2] for e in english.entries]  # same keys
    for (public, _, label), (_, _, was) in zip(french.entries, english.entries, strict=True):
        if label in ("digit", "point"):
            continue
        cap, _, rest = label.partition(" (")
        assert cap == names[KEY_NAMES[public]], (public, label)
        explained = was.partition(" (")[2]  # the explanation in French
        assert rest == (TUI_WORDS["fr"][explained[:-1]] + ")" if explained else "")
    rows = legend_text(french, deeds=edition == "banker").plain.splitlines()
    assert all(len(row) <= LEGEND_WIDTH for row in rows), [len(row) for row in rows]
    for term, label, _ in french.legend_items():  # each entry whole on one row
        assert any(" %s  %s" % (term, label) in row for row in rows), (term, label)


def test_the_stock_exchange_in_french() -> None:
    english, french = tables("stock_exchange")
    legend = legend_text(french).plain
    assert " b  ACHAT BANQUE " in legend and " x  ANNULER " in legend
    assert " v  RETIRER UN JOUEUR " in legend and " R  tenir RETIRER UN JOUEUR " in legend
    assert " N  tenir NOUV. PARTIE " in legend and "en tenant CONFIRMER" in legend
    assert ok_key(french) == "CONFIRMER" and ok_key(english) == "CONFIRM"
    compact = [label for _, label, _ in hint_items(french, cards=False)]
    assert "REVISUALISER" in compact and "tenir NOUV. PARTIE" in compact
    help_page = help_text(french, "stock_exchange").plain
    assert "unité Bourse simulée, légendes en français" in help_page
    assert "tenir RETIRER UN JOUEUR 2,5 s, puis CONFIRMER" in help_page
    assert "ACHAT BANQUE" not in legend_text(english).plain


def test_a_french_classic_unit_in_the_app_and_the_menu_switching_it_back() -> None:
    async def main() -> None:
        app = BankUnitApp(edition="classic", settings={"lang": "fr"})
        async with app.run_test(size=(160, 50)) as pilot:
            await until(pilot, lambda: app.snapshot is not None)
            legend = shown(app, "#legend")
            assert "HYPOTHÈQUE (levée: valeur" in legend and "FAILLITE" in legend
            assert "AMENDE" in shown(app, "#hints")
            title = "Touches: unité Classique, légendes en français"
            assert app.query_one("#legend").border_title == title

            def to_english(unit) -> None:
                ok, back, _, _ = open_menu(unit)
                choose(unit, "LANGUE", "ENGLISH")
                unit.press(back)
                unit.advance(1)

            await app.unit_thread.run(to_english)
            await app._unit(None)
            await until(pilot, lambda: "MORTGAGE (lift one" in shown(app, "#legend"))
            assert "HYPOTHÈQUE" not in shown(app, "#legend")
            assert app.query_one("#legend").border_title == "Keys: classic unit"
            assert "FINE" in shown(app, "#hints")

    asyncio.run(main())


def test_the_unit_says_which_language_its_screen_speaks(monkeypatch) -> None:
    with VirtualUnit(edition="classic", settings={"lang": "fr"}) as unit:
        assert unit.language == "fr"
    with VirtualUnit(edition="classic") as unit:
        assert unit.language == "en"
    from host_sim import lang_tables

    monkeypatch.setattr(lang_tables, "SOURCES", lang_tables.SOURCES / "none")
    with VirtualUnit(edition="classic", settings={"lang": "fr"}) as unit:
        assert unit.language == "en"  # no table: the screens, and so the keys, stay English
