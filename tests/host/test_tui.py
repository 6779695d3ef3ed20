"""The terminal UI: the app driven by Textual's pilot, then the real app in a terminal (tmux)."""

import asyncio
import os
import re
import shlex
import subprocess
import sys
import time

import pytest

import host_sim  # noqa: F401  (puts the firmware on sys.path)
from host_sim.tui import BankUnitApp, OledView, oled_rows
from host_sim.tui_keys import (
    LEGEND_WIDTH,
    UI_KEYS,
    HelpScreen,
    KeyTable,
    hold_shortcuts,
    legend_text,
)
from host_sim.virtual_unit import KEY_NAMES, VirtualUnit

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIZE = (160, 50)
HALF_BLOCKS = "▀▄█"


# ---- pure parts ------------------------------------------------------------------------------


def test_oled_rows_pair_pixels_into_half_blocks() -> None:
    pixels = [[False] * 128 for _ in range(64)]
    pixels[0][0] = True  # top of cell row 0
    pixels[1][1] = True  # bottom of cell row 0
    pixels[0][2] = pixels[1][2] = True
    pixels[63][127] = True
    rows = oled_rows(pixels)
    assert len(rows) == 32 and all(len(row) == 128 for row in rows)
    assert rows[0][:4] == "▀▄█ "
    assert rows[31][127] == "▄"
    assert set("".join(rows[1:31])) == {" "}


def test_key_table_for_electronic_banking() -> None:
    keys = KeyTable({name: name for name in KEY_NAMES})
    assert keys.unit_key("k") == "K" and keys.unit_key("m") == "M"
    assert keys.unit_key("c") == "C" and keys.unit_key("g") == "go"
    assert keys.unit_key(".") == "." and keys.unit_key("7") == "7"
    assert (
        keys.unit_key("h") is None and keys.unit_key("[") is None and keys.unit_key(None) is None
    )
    assert keys.legend_items()[0] == ("0-9", "digits", "0-9")


def test_key_table_gives_later_editions_keys_free_letters() -> None:
    names = ["1", "K", "zone", "deal", "bank_purchase", "settle", "quit_game", "go"]
    keys = KeyTable({name: name for name in names})
    terminal = {public: term for public, term, _ in keys.entries}
    assert terminal["zone"] == "z" and terminal["deal"] == "d"
    assert terminal["bank_purchase"] == "b"
    assert terminal["settle"] == "e"  # "s" is the bell toggle
    assert terminal["quit_game"] == "u"  # "q" is taken by the UI
    assert len(set(terminal.values())) == len(terminal)
    assert not set(terminal.values()) & UI_KEYS
    assert "settle" in [label for _, label, _ in keys.legend_items()]


def test_key_table_for_the_stock_exchange() -> None:
    with VirtualUnit(edition="stock_exchange") as unit:
        keys = KeyTable(unit.keys)
    terminal = {public: term for public, term, _ in keys.entries}
    assert len(terminal) == 23 and len(set(terminal.values())) == 23
    assert not set(terminal.values()) & UI_KEYS
    assert terminal["bank_purchase"] == "b" and terminal["confirm"] == "c"
    assert terminal["cancel"] == "x" and terminal["sell"] == "l"
    assert hold_shortcuts(keys) == {"R": "remove_player", "N": "new_game"}
    assert "hold C" not in str(legend_text(keys)) and "GREEN slot" not in str(legend_text(keys))


def _legend(edition: str) -> str:
    with VirtualUnit(edition=edition) as unit:
        return legend_text(KeyTable(unit.keys)).plain


@pytest.mark.parametrize(
    "edition", ["electronic_banking", "revolution", "classic", "stock_exchange"]
)
def test_the_key_legend_never_breaks_an_entry(edition) -> None:
    with VirtualUnit(edition=edition) as unit:
        keys = KeyTable(unit.keys)
    rows = legend_text(keys).plain.splitlines()
    assert all(len(row) <= LEGEND_WIDTH for row in rows), [len(row) for row in rows]
    for term, label, _ in keys.legend_items():  # each entry whole on one row
        assert any(" %s  %s" % (term, label) in row for row in rows), (term, label)


def test_the_stock_exchange_legend_names_holds_as_the_keycaps_do() -> None:
    legend = _legend("stock_exchange")
    assert "(hold)" not in legend  # a tap of REMOVE A PLAYER only asks for the hold
    assert " v  REMOVE A PLAYER " in legend and " n  NEW GAME " in legend
    assert " R  hold REMOVE A PLAYER " in legend and " N  hold NEW GAME " in legend
    assert "remove_player" not in legend and "new_game" not in legend
    assert "holding CONFIRM" in legend and "GO" not in legend  # no GO key on this keypad
    assert "holding GO" in _legend("electronic_banking")


# ---- the app through Textual's pilot ----------------------------------------------------------


def run_app(script, edition: str = "electronic_banking", size=SIZE) -> BankUnitApp:
    async def main() -> BankUnitApp:
        app = BankUnitApp(edition=edition)
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: app.snapshot is not None)
            await script(app, pilot)
        return app

    return asyncio.run(main())


async def until(pilot, condition, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the app did not get there in %.0f s" % timeout
        await pilot.pause(0.02)


def shown(app: BankUnitApp, widget_id: str) -> str:
    return str(app.query_one(widget_id).content)


def test_card_and_amount_credit_the_card() -> None:
    async def script(app, pilot) -> None:
        await pilot.press("[")
        assert "GREEN slot: press 1-6" in shown(app, "#slots")
        await pilot.press("2")
        await until(pilot, lambda: app.snapshot.slots["green"] == 2)
        assert "GREEN: card 2   RED: empty" in shown(app, "#slots")
        await pilot.press("2", "6", "0", "k")
        await until(pilot, lambda: "credit" in app.cue_log)
        assert app.snapshot.balances[2] == 15_260_000
        assert re.search(r"card 2\s+15\.26M\s+GREEN", shown(app, "#balances"))
        assert re.search(r"card 1\s+15M", shown(app, "#balances"))
        assert "♪ credit" in shown(app, "#cues")
        oled = app.query_one(OledView)
        assert sum(row.count(c) for row in oled.rows for c in HALF_BLOCKS) > 200
        assert oled.show(oled.rows) is False  # same pixels: no redraw
        await pilot.press("[")  # the slot holds card 2: take it out
        await until(pilot, lambda: app.snapshot.slots["green"] is None)
        assert "GREEN: empty" in shown(app, "#slots")

    run_app(script)


def test_unit_errors_go_to_the_status_line() -> None:
    async def script(app, pilot) -> None:
        await pilot.press("[", "3")
        await until(pilot, lambda: app.snapshot.slots["green"] == 3)
        await pilot.press("]", "3")
        await until(pilot, lambda: app.status_error)
        assert "card 3 is already in the green slot" in shown(app, "#status")
        assert app.snapshot.slots == {"green": 3, "red": None}
        await pilot.press("x")
        assert "no key here" in shown(app, "#status")
        await pilot.press("]", "w")  # not a card number: the selection is dropped
        assert app.pending_slot is None
        await pilot.press("1")  # so this is a digit on the unit again
        await until(pilot, lambda: "Pressed 1" in shown(app, "#status"))

    run_app(script)


def test_the_units_message_is_plain_text_on_the_status_line() -> None:
    async def script(app, pilot) -> None:
        await pilot.press("g")  # GO with no card in: the panel shows an inverted INSERT A CARD
        await until(pilot, lambda: "INSERT A CARD" in shown(app, "#status"))
        assert app.status_error and "Pressed go" in shown(app, "#status")
        await pilot.press("]", "2")
        await until(pilot, lambda: app.snapshot.slots["red"] == 2)
        await pilot.press("9", "9", "m")
        await until(pilot, lambda: "MAX 20M" in shown(app, "#status"))
        assert app.status_error

    run_app(script)


def test_a_stock_exchange_tap_of_a_hold_key_says_to_hold_it() -> None:
    async def script(app, pilot) -> None:
        await pilot.press("x")  # CANCEL: past the settings summary, if shown
        await pilot.press("v")
        await until(pilot, lambda: "HOLD 2 SECONDS" in shown(app, "#status"))

    run_app(script, edition="stock_exchange")


def test_a_window_smaller_than_the_layout_says_how_large_to_make_it() -> None:
    async def script(app, pilot) -> None:
        await until(pilot, lambda: app.too_small)
        need_w, need_h = app.min_size
        assert (need_w, need_h) == (160, 44)  # Revolution: a 5-row legend
        note = shown(app, "#too-small")
        assert "This window is 120 x 23" in note
        assert "make the window at least 80 x 24" in note and "160 x 44 for its full" in note
        assert not app.query_one("#top").display and app.query_one("#too-small").display
        assert not app.query_one("#hints").display and not app.query_one("#legend").display

    run_app(script, edition="revolution", size=(120, 23))


def test_the_layout_fits_the_window_the_readme_asks_for() -> None:
    async def script(app, pilot) -> None:
        assert not app.too_small and not app.query_one("#too-small").display
        legend = app.query_one("#legend")
        rows = str(legend.content).splitlines()
        assert len(rows) == app.min_size[1] - 39  # laid out by legend_text: no extra wraps
        assert legend.content_region.width >= max(len(row) for row in rows)

    for edition in ("revolution", "classic", "stock_exchange"):
        run_app(script, edition=edition)


def test_holding_c_starts_a_new_game() -> None:
    async def script(app, pilot) -> None:
        await pilot.press("[", "4", "1", "m")
        await until(pilot, lambda: app.snapshot.balances[4] == 16_000_000)
        await pilot.press("C")
        await until(pilot, lambda: "confirm" in app.cue_log)  # asked; nothing changed yet
        assert app.snapshot.balances[4] == 16_000_000
        await pilot.press("g")  # GO = yes
        await until(pilot, lambda: "new_game" in app.cue_log)
        assert app.snapshot.balances[4] == 15_000_000
        await pilot.press("[", "]", "5", "2", "m")  # card 4 out, card 5 in RED, pay 2M
        await until(pilot, lambda: app.snapshot.balances[5] == 13_000_000)
        await pilot.press("h")
        assert "hold: press a unit key" in shown(app, "#slots")
        await pilot.press("c")
        await until(pilot, lambda: app.cue_log.count("confirm") == 2)
        await pilot.press("g")
        await until(pilot, lambda: app.snapshot.balances[5] == 15_000_000)

    run_app(script)


def test_virtual_time_follows_real_time_into_standby() -> None:
    async def script(app, pilot) -> None:
        assert any(row.strip() for row in app.query_one(OledView).rows)
        start = app.snapshot.virtual_s
        app._last_tick -= 61  # as if the window had sat untouched for a minute
        await until(pilot, lambda: app.snapshot.dark)
        assert app.snapshot.virtual_s - start >= 61
        assert not any(row.strip() for row in app.query_one(OledView).rows)
        assert "standby" in shown(app, "#slots")
        await pilot.press("5")  # any key wakes it
        await until(pilot, lambda: not app.snapshot.dark)
        assert any(row.strip() for row in app.query_one(OledView).rows)

    run_app(script)


def test_bell_toggle_help_and_quit() -> None:
    async def script(app, pilot) -> None:
        assert app.bell_on
        await pilot.press("s")
        assert not app.bell_on and "bell off" in shown(app, "#slots")
        await pilot.press("?")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("k")  # swallowed by the help screen
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("?")
        await until(pilot, lambda: not isinstance(app.screen, HelpScreen))
        assert "credit" not in app.cue_log and app.snapshot.balances[1] == 15_000_000
        await pilot.press("Q")
        await until(pilot, lambda: app.unit_thread.closed)

    app = run_app(script)
    assert app.unit_thread.closed


def test_a_crashed_firmware_is_reported_not_fatal() -> None:
    def crash(unit) -> None:
        raise RuntimeError("the firmware's tasks ended")

    async def script(app, pilot) -> None:
        await app._unit(crash)
        assert "The firmware stopped: RuntimeError" in shown(app, "#status")
        clock = app.snapshot.virtual_s
        await pilot.pause(0.2)
        await pilot.press("1")  # nothing runs any more, and nothing breaks
        assert app.snapshot.virtual_s == clock and app.status_error

    run_app(script)


def test_stock_exchange_keys_holds_and_totals() -> None:
    async def script(app, pilot) -> None:
        assert "GREEN" not in shown(app, "#slots")
        assert "no token in play" in shown(app, "#balances")
        await pilot.press("b", "1", "0", "1", "c")  # hat introduces 01
        await until(pilot, lambda: "president" in app.cue_log)
        assert re.search(r"hat\s+\d+", shown(app, "#balances"))
        await pilot.press("N")  # hold NEW GAME
        await until(pilot, lambda: "confirm" in app.cue_log)
        await pilot.press("c")
        await until(pilot, lambda: "new_game" in app.cue_log)
        assert "no token in play" in shown(app, "#balances")
        await pilot.press("[")  # no slots on this unit: said on the status line
        await until(pilot, lambda: app.status_error)
        assert "no card slots" in shown(app, "#status")

    run_app(script, edition="stock_exchange")


# ---- the real app in a real terminal ----------------------------------------------------------


class Tmux:
    def __init__(self) -> None:
        self.socket = "bank-tui-test-%d" % os.getpid()
        self.session = "unit"
        self.env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM="xterm-256color")
        self.env.pop("TMUX", None)
        # pytest-xdist's workers carry COLUMNS=80 and LINES=24, which the app would take as
        # its terminal's size over the tmux window's
        self.env.pop("COLUMNS", None)
        self.env.pop("LINES", None)

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["tmux", "-u", "-L", self.socket, *args],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=10,
            check=check,
        )

    def start(self, command: str, size=SIZE) -> None:
        width, height = size
        self.run(
            "new-session", "-d", "-s", self.session, "-x", str(width), "-y", str(height),
            "-c", ROOT, command,
        )  # fmt: skip

    def keys(self, *keys: str, literal: bool = True) -> None:
        self.run("send-keys", "-t", self.session, *(["-l"] if literal else []), *keys)

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", self.session).stdout

    def alive(self) -> bool:
        return self.run("has-session", "-t", self.session, check=False).returncode == 0

    def wait_for(self, condition, what: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if condition(screen):
                return screen
            if time.monotonic() > deadline:
                raise AssertionError("waited %.0f s for %s; the terminal shows:\n%s"
                                     % (timeout, what, screen))  # fmt: skip
            time.sleep(0.05)

    def kill(self) -> None:
        self.run("kill-server", check=False)


@pytest.mark.needs_tool("tmux")
def test_the_real_app_in_tmux() -> None:
    tmux = Tmux()
    command = "%s -c %s" % (
        shlex.quote(sys.executable),
        shlex.quote("from host_sim.tui import run_tui; run_tui()"),
    )
    tmux.start(command)
    try:
        tmux.wait_for(lambda s: "Balances" in s and "GREEN: empty" in s, "the UI to come up")
        tmux.keys("[")
        tmux.wait_for(lambda s: "GREEN slot: press 1-6" in s, "the slot prompt")
        tmux.keys("2")
        tmux.wait_for(lambda s: "GREEN: card 2   RED: empty" in s, "card 2 in GREEN")
        tmux.keys("260k")
        screen = tmux.wait_for(
            lambda s: re.search(r"card 2\s+15\.26M", s) and "♪ credit" in s,
            "card 2 at 15.26M and the credit cue",
        )
        oled = screen.splitlines()[1:33]  # inside the OLED's border
        assert sum(line.count(c) for line in oled for c in HALF_BLOCKS) > 200
        assert re.search(r"card 1\s+15M", screen)
        tmux.keys("?")
        tmux.wait_for(lambda s: "? or Esc closes" in s, "the help screen")
        tmux.keys("?")
        tmux.wait_for(lambda s: "? or Esc closes" not in s and "Balances" in s, "help closed")
        tmux.keys("C-q", literal=False)
        deadline = time.monotonic() + 10
        while tmux.alive():
            assert time.monotonic() < deadline, "the app did not exit on ctrl+q"
            time.sleep(0.05)
    finally:
        tmux.kill()


@pytest.mark.needs_tool("tmux")
def test_the_stock_exchange_in_tmux() -> None:
    """`make sim EDITION=stock_exchange`: the same command line, in a real terminal."""
    tmux = Tmux()
    command = "%s -m host_sim --edition stock_exchange" % shlex.quote(sys.executable)
    tmux.start(command)
    try:
        tmux.wait_for(lambda s: "Totals" in s and "BANK PURCHASE" in s, "the UI to come up")
        tmux.keys("x")  # CANCEL ends the settings summary, or is refused on the market screen
        tmux.keys("b1")
        tmux.keys("01")
        tmux.keys("c")
        screen = tmux.wait_for(
            lambda s: re.search(r"hat\s+65", s) and "♪ president" in s,
            "hat in play at 65 and the president cue",
        )
        oled = screen.splitlines()[1:33]
        assert sum(line.count(c) for line in oled for c in HALF_BLOCKS) > 200
        tmux.keys("?")
        tmux.wait_for(lambda s: "Playing (tokens" in s, "the help screen")
        tmux.keys("?")
        tmux.wait_for(lambda s: "Playing (tokens" not in s and "Totals" in s, "help closed")
        tmux.keys("C-q", literal=False)
        deadline = time.monotonic() + 10
        while tmux.alive():
            assert time.monotonic() < deadline, "the app did not exit on ctrl+q"
            time.sleep(0.05)
    finally:
        tmux.kill()


def test_the_app_names_the_edition_its_settings_chose() -> None:
    """--set edition=classic on the default edition's firmware: the legend, the help and the
    messages name the Classic unit the simulator runs."""

    async def main() -> None:
        app = BankUnitApp(settings={"edition": "classic"})
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.snapshot is not None)
            assert app.edition_name == "classic"
            assert app.query_one("#legend").border_title == "Keys: classic unit"

    asyncio.run(main())
