"""The terminal UI of the Banker (issue 30): a deed's tag laid on a reader from the keyboard (a
slot key, d, the square, Enter), and the board of the 28 deeds beside the unit (owner,
buildings, mortgaged, the bank's supply), through Textual's pilot and in a real terminal."""

import re
import shlex
import sys
import time

import pytest
from test_tui import SIZE, Tmux, run_app, shown, until

import host_sim  # noqa: F401  (puts the firmware on sys.path)
from host_sim.tui_deeds import WIDTH, board_text, buildings_text
from host_sim.tui_keys import LEGEND_WIDTH, KeyTable, help_text, legend_text
from host_sim.virtual_unit import DEED_SQUARES, VirtualUnit


def test_the_board_lists_every_deed_with_owner_buildings_and_mortgage() -> None:
    with VirtualUnit(edition="banker") as unit:
        unit.insert(card=2, slot="red")
        for square in (37, 39, 12):
            unit.type(str(square))
            unit.press("deed")
            unit.press("buy")
            unit.press("go")
        unit.type("39")
        unit.press("deed")
        unit.press("build")
        unit.press("go")
        unit.remove(slot="red")
        unit.insert(card=2, slot="green")
        unit.type("12")
        unit.press("deed")
        unit.press("mortgage")
        unit.press("go")
        board = board_text(unit.deeds(), unit.bank_supply()).plain
    rows = board.splitlines()
    assert all(len(row) <= WIDTH for row in rows), [len(row) for row in rows]
    cells = re.findall(r"(\d+) (c\d|-) ?(\dh|H)? ?(M)?", board)
    assert sorted(int(cell[0]) for cell in cells) == sorted(DEED_SQUARES)
    assert re.search(r"\b39 c2 1h\s", board) and re.search(r"\b37 c2\s", board)
    assert re.search(r"\b12 c2    M", board) and re.search(r"^ 1 -", board, re.MULTILINE)
    assert rows[0].startswith(" 1 -") and re.search(r"21 -\s*$", rows[0])  # two columns
    assert rows[-1] == "bank: 31 houses, 12 hotels"
    assert [buildings_text(n) for n in range(6)] == ["", "1h", "2h", "3h", "4h", "H"]


def test_the_legend_tells_how_to_lay_a_deed_and_still_fits() -> None:
    with VirtualUnit(edition="banker") as unit:
        keys = KeyTable(unit.keys)
    legend = legend_text(keys, deeds=True).plain
    assert " d  then: a deed's square, Enter lays its tag" in legend
    assert all(len(row) <= LEGEND_WIDTH for row in legend.splitlines())
    assert "deed's square" not in legend_text(keys).plain  # not on the other editions
    assert "[ or ], d    then a deed's square (1-39) and Enter" in help_text(keys, "banker").plain
    assert "deed's square" not in help_text(keys, "classic").plain


def test_the_help_tells_how_a_building_auction_runs_with_its_keys() -> None:
    """The help of the Banker (only) explains the building auction of docs/banker.md ("When the
    bank runs short") with the terminal keys of its unit keys: AUCTION with no deed in play,
    AUCTION again for a hotel, each bid's card, lot and amount, GO at the end, C to stop."""
    with VirtualUnit(edition="banker") as unit:
        keys = KeyTable(unit.keys)
    terms = {public: term for public, term, _ in keys.entries}
    assert (terms["auction"], terms["deed"], terms["go"], terms["C"]) == ("a", "d", "g", "c")
    text = help_text(keys, "banker").plain
    section = text[text.index("Building auction (the bank has fewer houses or hotels") :]
    lines = section.splitlines()
    assert lines[1] == (
        "  AUCTION (a) with no deed laid or typed: the bank's next house under the hammer;"
    )
    assert lines[2] == "  AUCTION (a) again before the first bid: a hotel instead (and back)."
    said = " ".join(line.strip() for line in lines[3:])
    assert "the bidder's card in RED (]), the lot's tag on GREEN ([ d, its square, Enter)" in said
    assert "or its square then DEED (d), the amount, GO (g)." in said
    assert "(a hotel: only a lot with 4 houses)" in said
    assert "At its end GO (g) builds it on the highest bid's lot for the bid;" in said
    assert "C (c) stops the auction" in said
    assert all(len(line) <= 88 for line in section.splitlines())  # the help's width, 92
    assert "Building auction" not in help_text(keys, "classic").plain


def test_a_deed_laid_from_the_keyboard_is_bought_and_shown_on_the_board() -> None:
    async def script(app, pilot) -> None:
        assert not app.too_small and app.min_size == (160, 45)
        await pilot.press("]", "1")
        await until(pilot, lambda: app.snapshot.slots["red"] == 1)
        await pilot.press("[")
        assert "d: a deed" in shown(app, "#slots")
        await pilot.press("d", "3", "8", "backspace", "9")
        assert "GREEN reader: deed on square 39_" in shown(app, "#slots")
        await pilot.press("enter")
        await until(pilot, lambda: app.snapshot.slots["green"] == "deed 39")
        assert "GREEN: deed 39   RED: card 1" in shown(app, "#slots")
        assert "Deed 39 on GREEN" in shown(app, "#status")
        await pilot.press("y", "g")  # BUY, GO
        await until(pilot, lambda: app.snapshot.deeds[39]["owner"] == 1)
        assert re.search(r"\b39 c1\b", shown(app, "#deeds"))
        assert re.search(r"card 1\s+\$1100\s+RED", shown(app, "#balances"))
        await pilot.press("[")  # the reader holds the deed: lift it
        await until(pilot, lambda: app.snapshot.slots["green"] is None)
        assert "Deed 39 out of GREEN" in shown(app, "#status")
        deeds = app.query_one("#deeds")
        rows = str(deeds.content).splitlines()
        assert deeds.content_region.width >= max(len(row) for row in rows)
        assert deeds.content_region.height >= len(rows)
        legend = app.query_one("#legend")
        assert len(str(legend.content).splitlines()) == app.min_size[1] - 39

    run_app(script, edition="banker")


def test_a_square_with_no_deed_and_a_cancelled_choice_lay_nothing() -> None:
    async def script(app, pilot) -> None:
        await pilot.press("[", "d", "4", "enter")  # square 4: Income Tax
        await until(pilot, lambda: app.status_error)
        assert "no deed on square 4; deeds: (1, 3, 5" in shown(app, "#status")
        assert app.snapshot.slots == {"green": None, "red": None}
        await pilot.press("]", "d", "enter")  # nothing typed yet
        assert "RED reader: type the deed's square first" in shown(app, "#status")
        await pilot.press("escape")
        assert app.pending_deed is None and app.pending_slot is None
        await pilot.press("]", "d", "5", "x")  # any other key drops the choice
        assert "RED reader: deed cancelled" in shown(app, "#status")
        assert app.snapshot.slots == {"green": None, "red": None}
        assert all(deed["owner"] is None for deed in app.snapshot.deeds.values())

    run_app(script, edition="banker")


def test_other_editions_have_no_board_and_no_deed_choice() -> None:
    async def script(app, pilot) -> None:
        assert not app.has_deeds and not app.query("#deeds")
        await pilot.press("[", "d")  # not a card number: the selection is dropped
        assert app.pending_deed is None and app.pending_slot is None

    run_app(script, edition="classic")


@pytest.mark.needs_tool("tmux")
def test_the_banker_in_tmux() -> None:
    tmux = Tmux()
    command = "%s -c %s" % (
        shlex.quote(sys.executable),
        shlex.quote("from host_sim.tui import run_tui; run_tui(edition='banker')"),
    )
    tmux.start(command)
    try:
        tmux.wait_for(lambda s: "Deeds" in s and "bank: 32 houses" in s, "the board")
        tmux.keys("]1")
        tmux.wait_for(lambda s: "RED: card 1" in s, "card 1 in RED")
        tmux.keys("[d37")
        tmux.keys("Enter", literal=False)
        tmux.wait_for(lambda s: "GREEN: deed 37" in s, "deed 37 on GREEN")
        tmux.keys("yg")
        screen = tmux.wait_for(lambda s: re.search(r"\b37 c1\b", s), "Park Place card 1's")
        assert re.search(r"card 1\s+\$1150", screen)
        width, _ = SIZE
        assert all(len(line) <= width for line in screen.splitlines())
        tmux.keys("C-q", literal=False)
        deadline = time.monotonic() + 10
        while tmux.alive():
            assert time.monotonic() < deadline, "the app did not exit on ctrl+q"
            time.sleep(0.05)
    finally:
        tmux.kill()
