"""The terminal UI's compact layout (issue 33): every edition playable at 80 x 24, switched live
with the full layout as the window is resized, through Textual's pilot and in a real terminal."""

import pathlib
import re
import shlex
import sys
import time

import pytest
from test_tui import Tmux, run_app, shown, until

import host_sim  # noqa: F401  (puts the firmware on sys.path)
from host_sim.tui import BrailleView
from host_sim.tui_compact import (
    BALANCE_WIDTH,
    COMPACT_SIZE,
    HINT_ROWS,
    balances_column,
    pack_hints,
    sounds_text,
)
from host_sim.tui_deeds import COMPACT_WIDTH, board_text
from host_sim.tui_keys import HINTS_WIDTH, HelpScreen, KeyTable, full_size, hint_items, hints_text
from host_sim.tui_panel import braille_rows
from host_sim.virtual_unit import VirtualUnit

ROOT = pathlib.Path(__file__).resolve().parents[2]
EDITIONS = ("electronic_banking", "revolution", "classic", "banker", "stock_exchange")
BRAILLE = re.compile("[\u2801-\u28ff]")

# ---- pure parts ------------------------------------------------------------------------------


async def resized(app, pilot, cols: int, rows: int) -> None:
    """Resizes the terminal and waits for the app to have laid itself out for it (Textual
    handles the resize as an event: on a loaded machine an assertion right after it could see
    the last layout)."""
    await pilot.resize_terminal(cols, rows)
    await until(pilot, lambda: tuple(app.size) == (cols, rows))
    await pilot.pause()
    await pilot.pause()


def test_braille_cells_hold_two_by_four_pixels() -> None:
    pixels = [[False] * 128 for _ in range(64)]
    pixels[0][0] = True  # dot 1
    pixels[3][1] = True  # dot 8
    for y in range(4):  # cell 1: every pixel
        pixels[y][2] = pixels[y][3] = True
    pixels[63][127] = True  # the last cell's dot 8
    rows = braille_rows(pixels)
    assert len(rows) == 16 and all(len(row) == 64 for row in rows)
    assert rows[0][0] == chr(0x2800 + 0x01 + 0x80) and rows[0][1] == "\u28ff"
    assert rows[0][2] == " " and rows[15][63] == "\u2880"
    assert set("".join(rows[1:15])) == {" "}


def test_hints_keep_the_order_and_drop_what_is_not_required_first() -> None:
    items = [("a", "x" * 30, True), ("b", "y" * 30, False), ("c", "z" * 30, False)]
    assert pack_hints(items, 80, rows=2).plain.splitlines() == [
        " a  " + "x" * 30 + "   b  " + "y" * 30,
        " c  " + "z" * 30,
    ]
    assert pack_hints(items, 80, rows=1).plain == " a  " + "x" * 30 + "   b  " + "y" * 30
    with pytest.raises(ValueError, match="more than 1 lines"):
        pack_hints([("a", "x" * 50, True), ("b", "y" * 50, True)], 80, rows=1)


def test_the_newest_sounds_are_the_ones_kept() -> None:
    cues = ["one", "two", "three"]
    assert sounds_text(cues, 80).plain == "♪ one  ♪ two  ♪ three"
    assert sounds_text(cues, 16).plain == "♪ two  ♪ three"
    assert sounds_text(cues, 3).plain == ""


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_key_is_in_the_compact_lines(edition) -> None:
    with VirtualUnit(edition=edition) as unit:
        keys = KeyTable(unit.keys)
        cards, deeds = unit.uses_cards, edition == "banker"
    rows = hints_text(keys, cards, deeds).plain.splitlines()
    assert len(rows) <= HINT_ROWS and all(len(row) <= HINTS_WIDTH for row in rows), rows
    text = "\n".join(rows)
    for term, label, _ in keys.legend_items():  # every unit key, whole on one line
        assert any(" %s  %s" % (term, label.split(" (")[0]) in row for row in rows), term
    for term, label, required in hint_items(keys, cards, deeds):
        assert not required or " %s  %s" % (term, label) in text, term
    assert (" D  deeds" in text) == deeds and (" [ ] " in text) == cards


def test_the_readme_and_make_help_say_the_sizes_the_layouts_need() -> None:
    rows = {}
    for edition in EDITIONS:
        with VirtualUnit(edition=edition) as unit:
            width, rows[edition] = full_size(KeyTable(unit.keys), edition == "banker")
        assert width == 160
    assert rows == {
        "electronic_banking": 43,
        "stock_exchange": 43,
        "revolution": 44,
        "classic": 44,
        "banker": 45,
    }
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert (
        "A window of 160 x 43 or more (44 rows for Revolution and Classic, 45 for the Banker"
        in readme
    )
    assert "from 80 x 24, shows the compact layout" in readme and COMPACT_SIZE == (80, 24)
    assert "needs an 80x24 terminal, 160x43 (44, 45) for the full layout" in (
        (ROOT / "Makefile").read_text()
    )


def test_the_balances_column_fits_beside_the_braille_panel() -> None:
    with VirtualUnit(edition="revolution") as unit:
        unit.insert(card=2, slot="red")
        unit.type("10")
        unit.press("K")
        column = balances_column(
            unit.balances(), dict(unit.slot_cards), unit.unit.edition.money, True
        )
    rows = column.plain.splitlines()
    assert rows[1] == "c2 14.99M R" and rows[0] == "c1    15M"
    assert all(len(row) <= BALANCE_WIDTH for row in rows)
    totals = balances_column({"shoe": 1234567}, {}, str, False).plain
    assert totals == "shoe1234567" and len(totals) <= BALANCE_WIDTH


def test_the_compact_board_fits_the_panels_place() -> None:
    with VirtualUnit(edition="banker") as unit:
        board = board_text(unit.deeds(), unit.bank_supply(), columns=4).plain
    rows = board.splitlines()
    assert len(rows) == 7 + 3 and all(len(row) <= COMPACT_WIDTH for row in rows)
    assert rows[0].split() == ["1", "-", "12", "-", "21", "-", "29", "-"]


# ---- the app at 80 x 24, through Textual's pilot ----------------------------------------------


def visible(app, selector: str) -> bool:
    """Shown, and whole inside the window."""
    widget = app.query_one(selector)
    region = widget.region
    return (
        widget.display
        and region.width > 0
        and region.height > 0
        and app.screen.region.contains_region(region)
    )


def fits(app, selector: str) -> bool:
    """The widget's text fits inside it: no line cut off or wrapped."""
    widget = app.query_one(selector)
    rows = str(widget.content).splitlines()
    box = widget.content_region
    return len(rows) <= box.height and all(len(row) <= box.width for row in rows)


def lit(app) -> int:
    return sum(len(BRAILLE.findall(row)) for row in app.query_one(BrailleView).rows)


async def compact_shows_the_unit(app, pilot) -> None:
    assert app.compact and not app.too_small
    for selector in ("#oled-compact", "#balances", "#slots", "#status", "#hints"):
        assert visible(app, selector), selector
    for selector in ("#oled", "#legend", "#cues", "#too-small"):
        assert not app.query_one(selector).display, selector
    assert fits(app, "#balances") and fits(app, "#hints")
    await until(pilot, lambda: lit(app) > 50)


@pytest.mark.parametrize("edition", ["electronic_banking", "revolution", "classic"])
def test_a_card_edition_plays_at_80_by_24(edition) -> None:
    async def script(app, pilot) -> None:
        await compact_shows_the_unit(app, pilot)
        await pilot.press("]")
        assert "RED slot: press 1-6" in shown(app, "#slots") and fits(app, "#slots")
        await pilot.press("2")
        await until(pilot, lambda: app.snapshot.slots["red"] == 2)
        before = app.snapshot.balances[2]
        await pilot.press("1", "0", "g" if edition == "classic" else "k")
        await until(pilot, lambda: app.snapshot.balances[2] < before)
        assert re.search(r"c2 +\S+ R", shown(app, "#balances"))
        assert "RED: card 2" in shown(app, "#slots") and "♪" in shown(app, "#slots")
        assert fits(app, "#slots")

    run_app(script, edition=edition, size=COMPACT_SIZE)


def test_the_stock_exchange_plays_at_80_by_24() -> None:
    async def script(app, pilot) -> None:
        await compact_shows_the_unit(app, pilot)
        assert "no token" in shown(app, "#balances")
        await pilot.press("x", "b", "1", "0", "1", "c")  # hat introduces company 01
        await until(pilot, lambda: "president" in app.cue_log)
        assert re.search(r"hat +\d+", shown(app, "#balances")) and fits(app, "#balances")

    run_app(script, edition="stock_exchange", size=COMPACT_SIZE)


def test_the_banker_shows_its_board_with_d_at_80_by_24() -> None:
    async def script(app, pilot) -> None:
        await compact_shows_the_unit(app, pilot)
        assert not app.query_one("#deeds-compact").display
        await pilot.press("]", "1", "[", "d", "3", "9")
        assert "GREEN reader: deed on square 39_" in shown(app, "#slots")
        assert fits(app, "#slots")
        await pilot.press("enter")
        await until(pilot, lambda: app.snapshot.slots["green"] == "deed 39")
        await pilot.press("y", "g")  # BUY, GO
        await until(pilot, lambda: app.snapshot.deeds[39]["owner"] == 1)
        await pilot.press("D")
        assert visible(app, "#deeds-compact") and not app.query_one("#oled-compact").display
        assert re.search(r"\b39 c1\b", shown(app, "#deeds-compact"))
        assert fits(app, "#deeds-compact") and fits(app, "#balances")
        await pilot.press("D")
        assert visible(app, "#oled-compact") and not app.query_one("#deeds-compact").display
        await resized(app, pilot, 160, 45)  # the full layout shows the board beside
        assert not app.compact and visible(app, "#deeds") and visible(app, "#oled")
        await pilot.press("D")
        assert "board beside the unit" in shown(app, "#status")
        assert visible(app, "#oled")

    run_app(script, edition="banker", size=COMPACT_SIZE)


def test_resizing_switches_the_layout_live() -> None:
    async def script(app, pilot) -> None:
        await compact_shows_the_unit(app, pilot)
        assert app.min_size == (160, 43)
        await pilot.press("[", "3", "5", "0", "k")
        await until(pilot, lambda: app.snapshot.balances[3] == 15_050_000)
        await resized(app, pilot, 160, 43)
        assert not app.compact and not app.too_small
        for selector in ("#oled", "#balances", "#slots", "#cues", "#status", "#legend"):
            assert visible(app, selector), selector
        assert not app.query_one("#oled-compact").display and not app.query_one("#hints").display
        assert re.search(r"card 3\s+15\.05M\s+GREEN", shown(app, "#balances"))
        await pilot.press("7")
        await until(pilot, lambda: "Pressed 7" in shown(app, "#status"))
        await resized(app, pilot, 159, 43)  # a column short of the full layout: compact
        assert app.compact and visible(app, "#oled-compact")
        await resized(app, pilot, 80, 24)
        assert app.compact and re.search(r"c3 15\.05M G", shown(app, "#balances"))
        await compact_shows_the_unit(app, pilot)
        await resized(app, pilot, 79, 24)
        assert app.too_small and visible(app, "#too-small")
        assert "This window is 79 x 24" in shown(app, "#too-small")
        assert not app.query_one("#top").display and not app.query_one("#hints").display
        await resized(app, pilot, 80, 23)
        assert app.too_small and "This window is 80 x 23" in shown(app, "#too-small")
        await resized(app, pilot, 80, 24)
        await compact_shows_the_unit(app, pilot)

    run_app(script, size=COMPACT_SIZE)


def test_the_help_fits_a_small_window_and_scrolls() -> None:
    async def script(app, pilot) -> None:
        await pilot.press("?")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        box = app.screen.query_one("VerticalScroll")
        assert app.screen.region.contains_region(box.region)
        assert box.max_scroll_y > 0
        await pilot.press("down", "down", "pagedown")
        assert box.scroll_y > 0
        await pilot.press("k")  # no unit key reaches the unit under the help
        await pilot.press("?")
        await until(pilot, lambda: not isinstance(app.screen, HelpScreen))
        assert "credit" not in app.cue_log

    run_app(script, size=COMPACT_SIZE)


# ---- the real app in a real terminal ----------------------------------------------------------


@pytest.mark.needs_tool("tmux")
def test_the_compact_layout_in_tmux_and_a_live_resize() -> None:
    tmux = Tmux()
    command = "%s -m host_sim" % shlex.quote(sys.executable)
    tmux.start(command, size=COMPACT_SIZE)
    try:
        screen = tmux.wait_for(  # all of it painted: the panel, the balances, the key lines
            lambda s: "Balances" in s and len(BRAILLE.findall(s)) > 50 and "all keys" in s,
            "the compact layout",
        )
        lines = screen.splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        assert re.search(r"c1 +15M", screen) and " ?  all keys" in screen
        tmux.keys("]3")
        tmux.keys("5m")
        tmux.wait_for(lambda s: re.search(r"c3 +10M R", s), "card 3 paid 5M")
        tmux.run("resize-window", "-t", tmux.session, "-x", "160", "-y", "43")
        tmux.wait_for(
            lambda s: re.search(r"card 3\s+10M\s+RED", s) and "Unit keys" in s and "▀" in s,
            "the full layout",
        )
        tmux.run("resize-window", "-t", tmux.session, "-x", "80", "-y", "24")
        tmux.wait_for(lambda s: re.search(r"c3 +10M R", s), "the compact layout again")
        tmux.keys("C-q", literal=False)
        deadline = time.monotonic() + 10
        while tmux.alive():
            assert time.monotonic() < deadline, "the app did not exit on ctrl+q"
            time.sleep(0.05)
    finally:
        tmux.kill()
