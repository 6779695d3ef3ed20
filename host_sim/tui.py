"""Terminal UI of the simulator: one virtual banking unit on screen, driven from the keyboard.

The OLED is drawn at its true 128x64 resolution with half-block characters (two pixels per
character cell). Virtual time follows real time: a timer advances the unit every 50 ms.

The unit runs in a thread of its own. VirtualUnit drives the firmware on its own asyncio loop,
which cannot run inside Textual's loop in the same thread, so every call to the unit goes to
one worker thread, one call at a time, and the app awaits it.
"""

import asyncio
import contextlib
import os
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from app.editions import DEFAULT, about
from host_sim.history import ExportError
from host_sim.tui_deeds import (
    BUILDING_AUCTION_TITLE,
    MAX_SQUARE_DIGITS,
    board_text,
    building_auction_help,
    deed_prompt,
    held_text,
)
from host_sim.tui_export import export_game
from host_sim.virtual_unit import PLAYER_CARDS, VirtualUnit, VirtualUnitError

OLED_WIDTH = 128
OLED_HEIGHT = 64
OLED_STYLE = Style(color="rgb(140,210,255)", bgcolor="black")  # light blue on black
TICK_S = 0.05  # how often virtual time catches up with real time
MAX_CATCH_UP_S = 120.0  # after the PC slept: enough for the unit to reach standby, no more
HOLD_S = 2.5  # a long press: the new-game gesture needs 2 s
CUE_LOG_LENGTH = 12
SLOT_KEYS = {"[": "green", "]": "red"}
SLOT_NAMES = ("green", "red")

# The unit's keys, for every edition: public key name (VirtualUnit.keys: KEY_NAMES, derived from
# firmware/rules/keys.py; tests/host/test_key_names.py checks this table) -> terminal key,
# label. The legend, the help screen and the key handling are all built from this table; a
# later edition adds its rows here. A key missing from the table still gets a free letter.
UNIT_KEYS = (
    ("0", "0", "digit"),
    ("1", "1", "digit"),
    ("2", "2", "digit"),
    ("3", "3", "digit"),
    ("4", "4", "digit"),
    ("5", "5", "digit"),
    ("6", "6", "digit"),
    ("7", "7", "digit"),
    ("8", "8", "digit"),
    ("9", "9", "digit"),
    (".", ".", "point"),
    ("K", "k", "K (thousand)"),
    ("M", "m", "M (million)"),
    ("C", "c", "C (clear)"),
    ("go", "g", "GO (the arrow: passing GO)"),
    ("zone", "z", "ZONE (Transport Zone)"),
    ("deal", "d", "DEAL (auction timer)"),
    ("mortgage", "o", "MORTGAGE (lift one: value + 10%)"),
    ("bankrupt", "b", "BANKRUPT (RED's whole balance)"),
    ("fine", "f", "FINE (prison; no card: sound)"),
    # The Banker (a deed: its square number, then DEED; SELL with two cards in: a trade)
    ("deed", "d", "DEED (the square typed)"),
    ("buy", "y", "BUY (the deed's price)"),
    ("auction", "a", "AUCTION (the deed)"),
    ("rent", "r", "RENT (dice first: utility)"),
    ("build", "u", "BUILD (a house, a hotel)"),
    # Stock Exchange (no C, K, M or GO there, so c and g are free for it)
    ("bank_purchase", "b", "BANK PURCHASE"),
    ("sell", "l", "SELL"),
    ("buy_players", "p", "BUY PLAYERS"),
    ("interest", "i", "INTEREST"),
    ("offices", "o", "OFFICES"),
    ("start", "g", "START"),
    ("review", "r", "REVIEW"),
    ("total", "t", "TOTAL"),
    ("confirm", "c", "CONFIRM"),
    ("cancel", "x", "CANCEL"),
    ("on_off", "f", "ON/OFF"),
    ("remove_player", "v", "REMOVE A PLAYER"),  # a tap only asks for the hold
    ("new_game", "n", "NEW GAME"),
)
# How every card edition is played, after its own lines (editions/<name>/hints.py TUI_PLAYING).
CARD_PLAYING = (
    "Pay the bank: card in RED. Pay a player: payer in RED, receiver in GREEN.",
    "GO: card alone in GREEN, g. C clears a wrong amount while the card is in.",
    "Virtual time follows real time: after a minute unused the screen goes",
    "dark; any key or card wakes it.",
)
# Terminal keys that hold a unit key for HOLD_S without the "h" prefix (those of the edition's
# unit only): C's new game; the Stock Exchange's REMOVE A PLAYER and NEW GAME.
HOLD_SHORTCUTS = {"C": "C", "R": "remove_player", "N": "new_game"}
# How the legend names a hold: the key as its keycap reads, and what the hold asks.
HOLD_LABEL = {
    "C": "hold C: NEW GAME?",
    "remove_player": "hold REMOVE A PLAYER",
    "new_game": "hold NEW GAME",
}
# Terminal keys the UI itself uses: never given to a unit key.
UI_KEYS = frozenset("[]hsqQ?PE" + "".join(HOLD_SHORTCUTS))

# The layout: the OLED (130 x 34 with its border) beside the balances, three status lines and
# the key legend. The legend is laid out for this width; a smaller window is told how large to be.
MIN_WIDTH = 160
LEGEND_WIDTH = MIN_WIDTH - 4  # inside the legend's border and padding
LEGEND_TITLE = 12  # the column of the legend's row titles

_HALF_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def oled_rows(pixels: list) -> tuple:
    """64 rows of 128 booleans -> 32 strings of half blocks (top pixel, bottom pixel)."""
    return tuple(
        "".join(_HALF_BLOCKS[pair] for pair in zip(pixels[y], pixels[y + 1], strict=True))
        for y in range(0, len(pixels), 2)
    )


class KeyTable:
    """Which terminal key taps which unit key, for the keys this edition's unit has."""

    def __init__(self, unit_keys) -> None:
        self.entries: list = []  # (public name, terminal key, label), in legend order
        taken = set(UI_KEYS)
        known = {public for public, _, _ in UNIT_KEYS}
        for public, term, label in UNIT_KEYS:
            if public in unit_keys:
                if term in taken:  # two editions' keys share a letter: this unit has both
                    term = self._free_key(public, taken)
                self.entries.append((public, term, label))
                taken.add(term)
        for public in unit_keys:
            if public in known:
                continue
            term = self._free_key(public, taken)
            taken.add(term)
            self.entries.append((public, term, public.replace("_", " ")))
        self.by_terminal = {term: public for public, term, _ in self.entries}

    @staticmethod
    def _free_key(public: str, taken: set) -> str:
        for char in public.lower() + "abcdefghijklmnopqrstuvwxyz":
            if char.isalpha() and char not in taken:
                return char
        for char in ",;'/-=`\\":  # every letter taken (a table of every edition's keys)
            if char not in taken:
                return char
        raise ValueError("no terminal key left for unit key %r" % public)

    def unit_key(self, char: str | None) -> str | None:
        return self.by_terminal.get(char) if char else None

    def legend_items(self) -> list:
        """(terminal keys, label, unit keys) in legend order; the digits share one item."""
        digits = [term for _, term, label in self.entries if label == "digit"]
        items = []
        if digits:
            span = "%s-%s" % (digits[0], digits[-1]) if len(digits) > 1 else digits[0]
            items.append((span, "digits", span))
        items.extend(
            (term, label, public) for public, term, label in self.entries if label != "digit"
        )
        return items


@dataclass
class Snapshot:
    """What a person sees of the unit after one call: glass, slots, balances, sounds."""

    rows: tuple
    dark: bool
    balances: dict
    slots: dict
    cues: list = field(default_factory=list)
    virtual_s: float = 0.0
    error: str = ""
    crash: str = ""
    message: str = ""  # the unit's own message line (the view's, or the shell's notice)
    message_error: bool = False  # ... drawn as an error (inverted, with the error sound)
    deeds: dict = field(default_factory=dict)  # the Banker's: VirtualUnit.deeds()
    supply: dict = field(default_factory=dict)  # ... and bank_supply()


def holds_deeds(unit: VirtualUnit) -> bool:
    """Whether the unit holds the deeds (the Banker): its board is shown beside it."""
    try:
        unit.bank_supply()
    except VirtualUnitError:
        return False
    return True


class UnitThread:
    """The VirtualUnit and the one thread every call to it runs on."""

    def __init__(
        self,
        edition: str,
        board: str,
        flash_dir: str | None,
        settings: dict | None = None,
        boot_summary: bool = False,
    ) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="virtual-unit")
        self.closed = False
        self.crash = ""
        try:
            self.unit = self._executor.submit(
                VirtualUnit,
                edition=edition,
                board=board,
                flash_dir=flash_dir,
                settings=settings,
                boot_summary=boot_summary,
            ).result()
        except BaseException:
            self._executor.shutdown(wait=False)
            raise
        self.keys = dict(self.unit.keys)
        self.edition = edition
        # the edition's own amount format ($1500); the Stock Exchange has none
        self.money = getattr(self.unit.unit.edition, "money", str)
        self.uses_cards = self.unit.uses_cards
        self.has_deeds = self._executor.submit(holds_deeds, self.unit).result()  # the Banker

    def _call(self, action) -> Snapshot:
        error = ""
        if action is not None and not self.crash:
            try:
                action(self.unit)
            except VirtualUnitError as exc:
                error = str(exc)
            except Exception as exc:  # the firmware stopped: say so, keep the window usable
                self.crash = "%s: %s" % (type(exc).__name__, exc)
        return self._snapshot(error)

    def _snapshot(self, error: str) -> Snapshot:
        unit = self.unit
        # What the panel's message line says: the running view's message (the edition's, or
        # the settings menu's), else the shell's notice (a missing reader, battery low).
        view = unit.unit.active.view()
        message = view.get("message") or ""
        message_error = bool(message) and bool(view.get("error"))
        if not message and unit.unit.status.get("notice"):
            message, message_error = unit.unit.status["notice"], True
        return Snapshot(
            rows=oled_rows(unit.screen_pixels()),
            dark=not unit.parts.panel.display_on,
            balances=unit.standings(),
            slots=dict(unit.slot_cards),
            cues=unit.sounds(),
            virtual_s=unit.clock.now_s,
            error=error,
            crash=self.crash,
            message=message,
            message_error=message_error,
            deeds=unit.deeds() if self.has_deeds else {},
            supply=unit.bank_supply() if self.has_deeds else {},
        )

    async def run(self, work):
        """work(unit) on the unit's thread, between two of its steps; its result, or its
        exception raised here. None once closed."""
        if self.closed:
            return None
        return await asyncio.get_running_loop().run_in_executor(self._executor, work, self.unit)

    async def call(self, action=None) -> Snapshot | None:
        """Run action(unit) on the unit's thread, then look at the unit; None once closed."""
        if self.closed:
            return None
        return await asyncio.get_running_loop().run_in_executor(self._executor, self._call, action)

    def close(self) -> None:
        """Power the unit off and end its thread; safe to call twice, from any thread."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(Exception):
            self._executor.submit(self.unit.close).result(timeout=10)
        self._executor.shutdown(wait=False)


class OledView(Widget):
    """The 128x64 panel, two pixels per character cell."""

    DEFAULT_CSS = """
    OledView {
        width: 130;
        height: 34;
        border: round rgb(140,210,255);
        border-title-color: rgb(140,210,255);
        background: black;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: tuple = (" " * OLED_WIDTH,) * (OLED_HEIGHT // 2)
        self.border_title = "OLED 128x64"

    def show(self, rows: tuple) -> bool:
        """Take a new frame; redraw only when a pixel changed. True when it did."""
        if rows == self.rows:
            return False
        self.rows = rows
        self.refresh()
        return True

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y >= len(self.rows):
            return Strip.blank(width, OLED_STYLE)
        return Strip([Segment(self.rows[y], OLED_STYLE)], OLED_WIDTH).crop_extend(
            0, width, OLED_STYLE
        )


def hold_shortcuts(keys: KeyTable) -> dict:
    """The HOLD_SHORTCUTS whose unit key this edition's unit has."""
    present = {public for public, _, _ in keys.entries}
    return {term: public for term, public in HOLD_SHORTCUTS.items() if public in present}


def ok_key(keys: KeyTable) -> str:
    """The settings menu's ok key as its keycap reads: GO, or CONFIRM on the Stock Exchange."""
    return "GO" if "go" in keys.by_terminal.values() else "CONFIRM"


def legend_text(keys: KeyTable, width: int = LEGEND_WIDTH, deeds: bool = False) -> Text:
    """The key legend, its entries laid out in rows of at most `width` characters: an entry is
    never broken across two rows (the widget would otherwise wrap it anywhere). deeds: the
    Banker's deed tags are laid on the readers too."""
    text = Text()

    def line(title: str, items) -> None:
        text.append("%-*s" % (LEGEND_TITLE, title), style="bold")
        used = LEGEND_TITLE
        for term, label in items:
            entry = len(term) + len(label) + 3  # " t " + " label"
            if used > LEGEND_TITLE and used + entry > width:
                text.append("\n" + " " * LEGEND_TITLE)
                used = LEGEND_TITLE
            text.append(" %s " % term, style="reverse")
            text.append(" %s" % label)
            used += entry
            if used + 3 <= width:
                text.append("   ")
                used += 3
        text.append("\n")

    line("Unit keys", [(term, label) for term, label, _ in keys.legend_items()])
    line(
        "Long press",
        [("h", "then a unit key: hold it %.1f s" % HOLD_S)]
        + [
            (term, HOLD_LABEL.get(public, "hold " + public))
            for term, public in hold_shortcuts(keys).items()
        ],
    )
    if "go" in keys.by_terminal.values() or "C" in keys.by_terminal.values():
        line(
            "Cards",
            [
                ("[", "GREEN slot"),
                ("]", "RED slot"),
                ("1-6", "then: put that card in"),
                ("[ ]", "again: take the card out"),
            ]
            + ([("d", "then: a deed's square, Enter lays its tag")] if deeds else []),
        )
    line(
        "Simulator",
        [
            ("s", "bell on/off"),
            ("P", "power up holding %s (settings)" % ok_key(keys)),
            ("E", "export the game: CSV and chart"),
            ("?", "help"),
            ("Esc", "cancel"),
            ("Q ctrl+q", "quit"),
        ],
    )
    text.rstrip()
    return text


def legend_rows(keys: KeyTable, deeds: bool = False) -> int:
    return len(legend_text(keys, deeds=deeds).plain.splitlines())


def help_text(keys: KeyTable, edition: str) -> Text:
    """The help screen: the keys, the holds, the cards (a card edition), the simulator's own
    keys, and how a game is played (the edition's hints, editions/<name>/hints.py)."""
    hints = about(edition, "hints")
    cards = about(edition).USES_CARDS
    text = Text()
    text.append("Keys of the simulated %s unit\n\n" % edition.replace("_", " "), style="bold")
    text.append("Unit keys (a tap, like a finger on the keypad):\n", style="bold")
    for term, label, public in keys.legend_items():
        text.append("  %-12s %s" % (term, label))
        text.append("   (unit key %s)\n" % public, style="dim")
    text.append(
        "\nLong press (a terminal sends no key-up, so a hold is a prefix):\n", style="bold"
    )
    text.append("  h, then a unit key  hold that key down for %.1f s\n" % HOLD_S)
    for term, public in hold_shortcuts(keys).items():
        said = hints.TUI_HOLD % {"key": public, "label": HOLD_LABEL.get(public), "s": HOLD_S}
        text.append("  %-19s %s\n" % (term, said))
    if cards:
        text.append(
            "\nCards (virtual cards 1-%d belong to this game):\n" % PLAYER_CARDS, style="bold"
        )
        text.append("  [ then 1-9   put that card in the GREEN slot (receive)\n")
        text.append("  ] then 1-9   put that card in the RED slot (pay); 7-9 are cards the unit\n")
        text.append("               never enrolled (UNKNOWN CARD)\n")
        text.append("  [ or ]       when that slot holds a card: take it out\n")
        if hints.HISTORY == "deeds":
            text.append(
                "  [ or ], d    then a deed's square (1-39) and Enter: lay its tag on that\n"
            )
            text.append("               reader (the board beside the unit: owner, buildings, M)\n")
    text.append("\nSimulator:\n", style="bold")
    text.append("  s            terminal bell for sound cues on/off (this window only)\n")
    text.append("  P            %s\n" % hints.TUI_POWER_MENU)
    text.append("  E            export the game so far: a CSV and a chart (the status line\n")
    text.append("               says where; --export-dir, make sim EXPORT=)\n")
    text.append("  Esc          cancel a pending %s\n" % ("slot or hold" if cards else "hold"))
    text.append("  ?            this help (? or Esc closes it)\n")
    text.append("  Q, ctrl+q    quit (the unit powers off)\n")
    text.append("\n%s\n" % hints.TUI_PLAYING_TITLE, style="bold")
    playing = list(hints.TUI_PLAYING)
    if cards:
        playing += CARD_PLAYING
    for line in playing[:-1]:
        text.append("  %s\n" % line)
    text.append("  %s" % playing[-1])
    if hints.HISTORY == "deeds":  # the Banker: the building auction's keys
        text.append("\n\n%s\n" % BUILDING_AUCTION_TITLE, style="bold")
        terms = {public: term for public, term, _ in keys.entries}
        text.append("\n".join("  " + line for line in building_auction_help(terms)))
    return text


class HelpScreen(ModalScreen):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 92;
        height: auto;
        max-height: 46;
        border: round $accent;
        background: $surface;
        padding: 0 1;
    }
    """

    def __init__(self, text: Text) -> None:
        super().__init__()
        self._text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = "Help"
            box.border_subtitle = "? or Esc closes"
            yield Static(self._text, id="help-text")

    async def on_key(self, event: events.Key) -> None:
        event.stop()
        if event.key in ("escape", "question_mark") or event.character == "?":
            self.dismiss()
        elif event.character == "Q":
            await self.app.action_quit()


class BankUnitApp(App):
    """One virtual unit, its OLED, its slots and every card's balance."""

    TITLE = "Monopoly banking unit simulator"
    CSS = """
    Screen { background: $background; }
    #top { height: 34; }
    #balances {
        width: 1fr;
        height: 34;
        border: round $secondary;
        padding: 0 1;
    }
    #side { width: 1fr; height: 34; }
    #deeds { height: 1fr; border: round $secondary; padding: 0 1; }
    #slots, #cues, #status { height: 1; padding: 0 1; }
    #status.error { color: $error; text-style: bold; }
    #legend {
        height: auto;
        border: round $secondary;
        padding: 0 1;
    }
    #too-small { display: none; width: 100%; height: 100%; content-align: center middle; }
    BankUnitApp.-too-small #too-small { display: block; }
    BankUnitApp.-too-small #top, BankUnitApp.-too-small #slots, BankUnitApp.-too-small #cues,
    BankUnitApp.-too-small #status, BankUnitApp.-too-small #legend { display: none; }
    """
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True, show=False)]

    def __init__(
        self,
        edition: str = DEFAULT,
        board: str = "pico",
        flash_dir: str | None = None,
        settings: dict | None = None,
        boot_summary: bool = False,
        export_dir: str = ".",
    ) -> None:
        super().__init__()
        self.edition_name = edition
        self.export_dir = export_dir  # where E writes the game's CSV and chart
        self.unit_thread = UnitThread(edition, board, flash_dir, settings, boot_summary)
        self.key_table = KeyTable(self.unit_thread.keys)
        self.bell_on = True
        self.pending_slot: str | None = None
        self.pending_deed: str | None = None  # the square's digits typed for a deed tag
        self.pending_hold = False
        self.cue_log: deque = deque(maxlen=CUE_LOG_LENGTH)
        self.snapshot: Snapshot | None = None
        self.status = ""
        self.status_error = False
        self._lock = asyncio.Lock()
        self._last_tick = time.monotonic()
        self._help_text = help_text(self.key_table, edition)
        self._holds = hold_shortcuts(self.key_table)
        self._unit_message = ""
        # OLED and balances, slots, sounds, status, the legend and its border
        self.has_deeds = self.unit_thread.has_deeds
        self.min_size = (MIN_WIDTH, 34 + 3 + legend_rows(self.key_table, self.has_deeds) + 2)
        self.too_small = False

    # ---- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.oled = OledView(id="oled")
        self.balances_panel = Static(id="balances")
        self.balances_panel.border_title = "Balances" if self.unit_thread.uses_cards else "Totals"
        self.slots_line = Static(id="slots")
        self.cue_line = Static(id="cues")
        self.status_line = Static(id="status")
        with Horizontal(id="top"):
            yield self.oled
            if self.has_deeds:  # the Banker: the board of deeds under the balances
                self.deeds_panel = Static(id="deeds")
                self.deeds_panel.border_title = "Deeds"
                cards = len(self.unit_thread.unit.balances())
                self.balances_panel.styles.height = cards + 2
                with Vertical(id="side"):
                    yield self.balances_panel
                    yield self.deeds_panel
            else:
                yield self.balances_panel
        yield self.slots_line
        yield self.cue_line
        yield self.status_line
        legend = Static(legend_text(self.key_table, deeds=self.has_deeds), id="legend")
        legend.border_title = "Keys: %s unit" % self.edition_name.replace("_", " ")
        yield legend
        self.too_small_note = Static(id="too-small")
        yield self.too_small_note

    async def on_mount(self) -> None:
        if self.unit_thread.uses_cards:
            self.set_status("Put a card in with [ (GREEN) or ] (RED), type an amount; ? for help")
        else:
            self.set_status("b 1 0 1 c: hat introduces company 01; ? for help")
        self._check_size()
        await self._unit(None)
        self._last_tick = time.monotonic()
        self.set_interval(TICK_S, self._tick)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def _check_size(self) -> None:
        """A window smaller than the layout shows how large to make it, not a clipped screen."""
        width, height = self.size
        need_w, need_h = self.min_size
        self.too_small = width < need_w or height < need_h
        self.set_class(self.too_small, "-too-small")
        if self.too_small:
            self.too_small_note.update(
                "This window is %d x %d: make the window at least %d x %d (columns x rows)\n"
                "for the simulator's panel, balances and keys; Q quits."
                % (width, height, need_w, need_h)
            )

    def on_unmount(self) -> None:
        self.unit_thread.close()

    # ---- talking to the unit ---------------------------------------------------------------

    async def _unit(self, action, done: str = "") -> None:
        """Run action(unit) on the unit's thread and show the result."""
        async with self._lock:
            snap = await self.unit_thread.call(action)
            if snap is None or not self.oled.is_attached:
                return  # the app is closing: no window left to show it in
            self._show(snap)
        said = snap.message if snap.message != self._unit_message or done else ""
        self._unit_message = snap.message
        if snap.crash:
            self.set_status("The firmware stopped: %s" % snap.crash, error=True)
        elif snap.error:
            self.set_status(snap.error, error=True)
        elif said:  # the unit's message line, as plain text (on the panel it may be inverted)
            self.set_status("%sthe unit says: %s" % (done + " · " if done else "", said),
                            error=snap.message_error)  # fmt: skip
        elif done:
            self.set_status(done)

    async def _tick(self) -> None:
        # Whole milliseconds: the virtual clock counts microseconds and cannot step over a
        # timer that is due a fraction of a microsecond later (the loop would spin there).
        elapsed_ms = int((time.monotonic() - self._last_tick) * 1000)
        self._last_tick += elapsed_ms / 1000
        elapsed_ms = min(elapsed_ms, int(MAX_CATCH_UP_S * 1000))
        self._check_size()
        if elapsed_ms > 0 and not self.unit_thread.crash:
            await self._unit(lambda unit: unit.advance(elapsed_ms / 1000))

    def _show(self, snap: Snapshot) -> None:
        self.snapshot = snap
        self.oled.show(snap.rows)
        self.balances_panel.update(self._balances_text(snap))
        if self.has_deeds:
            self.deeds_panel.update(board_text(snap.deeds, snap.supply))
        self._update_slots()
        if snap.cues:
            self.cue_log.extend(snap.cues)
            self.cue_line.update(
                Text("Sounds  ") + Text("  ".join("♪ %s" % cue for cue in self.cue_log))
            )
            if self.bell_on:
                self.bell()

    def _balances_text(self, snap: Snapshot) -> Text:
        if not self.unit_thread.uses_cards:  # the Stock Exchange: TOTAL's figures
            text = Text()
            for token, value in snap.balances.items():
                text.append("%-6s %9d\n" % (token, value))
            if not snap.balances:
                text.append("no token in play yet", style="dim")
            text.rstrip()
            return text
        holder = {card: slot for slot, card in snap.slots.items() if card is not None}
        text = Text()
        for card, amount in sorted(snap.balances.items()):
            text.append("card %-3d %9s" % (card, self.unit_thread.money(amount)))
            slot = holder.get(card)
            if slot is not None:
                text.append("  %s" % slot.upper(), style="bold " + slot)
            text.append("\n")
        text.rstrip()
        return text

    def _update_slots(self) -> None:
        snap = self.snapshot
        if snap is None:
            return
        text = Text()
        for slot in SLOT_NAMES if self.unit_thread.uses_cards else ():
            held = snap.slots.get(slot)
            text.append(slot.upper(), style="bold " + slot)
            text.append(": %s   " % (held_text(held) if held is not None else "empty"))
        text.append(
            " virtual time %.1f s   bell %s" % (snap.virtual_s, "on" if self.bell_on else "off")
        )
        if snap.dark:
            text.append("   screen dark (standby): any key wakes it", style="dim")
        if self.pending_slot is not None and self.pending_deed is not None:
            text.append(
                "   " + deed_prompt(self.pending_slot, self.pending_deed), style="bold reverse"
            )
        elif self.pending_slot is not None:
            text.append(
                "   %s slot: press 1-%d (7-9: unknown card)%s, Esc cancels"
                % (
                    self.pending_slot.upper(),
                    PLAYER_CARDS,
                    ", d: a deed" if self.has_deeds else "",
                ),
                style="bold reverse",
            )
        elif self.pending_hold:
            text.append(
                "   hold: press a unit key (held %.1f s), Esc cancels" % HOLD_S,
                style="bold reverse",
            )
        self.slots_line.update(text)

    def set_status(self, message: str, error: bool = False) -> None:
        self.status = message
        self.status_error = error
        self.status_line.update(Text(("✗ " if error else "") + message))
        self.status_line.set_class(error, "error")

    # ---- keys ------------------------------------------------------------------------------

    async def on_key(self, event: events.Key) -> None:
        if isinstance(self.screen, HelpScreen):
            return
        event.stop()
        char = event.character if event.is_printable else None
        if event.key == "escape":
            self._cancel_pending("Cancelled")
        elif char == "?":
            await self.push_screen(HelpScreen(self._help_text))
        elif char == "Q":
            await self.action_quit()
        elif self.pending_deed is not None:
            await self._deed_key(char, event.key)
        elif self.pending_slot is not None:
            await self._card_key(char)
        elif self.pending_hold:
            self.pending_hold = False
            public = self.key_table.unit_key(char)
            if public is None:
                self._cancel_pending("Hold cancelled: %r is not a unit key" % (char or event.key))
            else:
                await self._hold(public)
        elif char in SLOT_KEYS and not self.unit_thread.uses_cards:
            self.set_status("the %s unit has no card slots" % self.edition_name, error=True)
        elif char in SLOT_KEYS:
            await self._slot_key(SLOT_KEYS[char])
        elif char == "h":
            self.pending_hold = True
            self._update_slots()
        elif char in self._holds:
            await self._hold(self._holds[char])
        elif char == "P":
            await self._unit(
                lambda unit: unit.open_settings(),
                "Powered up holding %s" % ok_key(self.key_table),
            )
        elif char == "E":
            await self._export()
        elif char == "s":
            self.bell_on = not self.bell_on
            self._update_slots()
            self.set_status("Bell %s" % ("on" if self.bell_on else "off"))
        elif (public := self.key_table.unit_key(char)) is not None:
            await self._unit(lambda unit: unit.press(public), "Pressed %s" % public)
        elif char is not None:
            self.set_status("%r is no key here; ? for help" % char, error=True)

    def _cancel_pending(self, message: str) -> None:
        self.pending_slot = None
        self.pending_deed = None
        self.pending_hold = False
        self._update_slots()
        self.set_status(message)

    async def _slot_key(self, slot: str) -> None:
        held = self.snapshot.slots.get(slot) if self.snapshot else None
        if held is not None:
            self.pending_slot = None
            said = "%s out of %s" % (held_text(held).capitalize(), slot.upper())
            await self._unit(lambda unit: unit.remove(slot), said)
        elif self.pending_slot == slot:
            self._cancel_pending("Cancelled")
        else:
            self.pending_slot = slot
            self._update_slots()

    async def _card_key(self, char: str | None) -> None:
        slot = self.pending_slot
        assert slot is not None
        if char in SLOT_KEYS:
            self.pending_slot = None
            await self._slot_key(SLOT_KEYS[char])
        elif char is not None and char in "123456789":
            self.pending_slot = None
            card = int(char)
            await self._unit(
                lambda unit: unit.insert(card=card, slot=slot),
                "Card %d in %s" % (card, slot.upper()),
            )
        elif char == "d" and self.has_deeds:
            self.pending_deed = ""
            self._update_slots()
        else:
            self._cancel_pending("%s slot: cancelled" % slot.upper())

    async def _deed_key(self, char: str | None, key: str) -> None:
        """A key while a deed's square is typed for the pending slot: digits, backspace, and
        Enter lays the tag (a square with no deed: the unit's simulator says which have)."""
        slot, typed = self.pending_slot, self.pending_deed or ""
        assert slot is not None
        if char is not None and char.isdigit() and len(typed) < MAX_SQUARE_DIGITS:
            self.pending_deed = typed + char
            self._update_slots()
        elif key == "backspace":
            self.pending_deed = typed[:-1]
            self._update_slots()
        elif key == "enter" and typed:
            self.pending_slot = self.pending_deed = None
            square = int(typed)
            await self._unit(
                lambda unit: unit.insert(deed=square, slot=slot),
                "Deed %d on %s" % (square, slot.upper()),
            )
        elif key == "enter":
            self.set_status("%s reader: type the deed's square first" % slot.upper(), error=True)
        else:
            self._cancel_pending("%s reader: deed cancelled" % slot.upper())

    async def _hold(self, public: str) -> None:
        await self._unit(
            lambda unit: unit.hold(public, HOLD_S), "Held %s for %.1f s" % (public, HOLD_S)
        )

    async def _export(self) -> None:
        """The game on the unit's flash as a CSV and a chart (as `python -m host_sim export`
        writes them), into export_dir; the status line says where, or why not."""

        def write(unit):
            return export_game(unit.flash_dir, self.export_dir, unit.unit.edition.name)

        async with self._lock:
            try:
                done = await self.unit_thread.run(write)
            except ModuleNotFoundError as error:  # a venv without the sim extra's matplotlib
                self.set_status(
                    "Export needs %s: make setup (or pip install -e '.[sim]')" % error.name,
                    error=True,
                )
                return
            except (ExportError, OSError) as error:
                self.set_status("Export failed: %s" % error, error=True)
                return
        if done is not None:  # the files as the player would name them: from here, if below
            where = os.path.relpath(done["csv"])
            where = done["csv"] if where.startswith("..") else where
            said = "Exported %s: %s and .png" % (done["summary"], where)
            self.set_status(said + (" (%s)" % done["from"] if "from" in done else ""))

    async def action_quit(self) -> None:
        async with self._lock:
            await asyncio.get_running_loop().run_in_executor(None, self.unit_thread.close)
        self.exit()


def run_tui(
    edition: str = DEFAULT,
    board: str = "pico",
    flash_dir: str | None = None,
    settings: dict | None = None,
    boot_summary: bool = True,
    export_dir: str = ".",
) -> None:
    """Run the simulator's terminal UI until the user quits (the unit shows its settings
    summary at power-on, as the device does). export_dir: where the E key writes the game."""
    try:
        app = BankUnitApp(
            edition=edition,
            board=board,
            flash_dir=flash_dir,
            settings=settings,
            boot_summary=boot_summary,
            export_dir=export_dir,
        )
    except VirtualUnitError as exc:
        raise SystemExit("cannot start the unit: %s" % exc) from None
    try:
        app.run()
    finally:
        app.unit_thread.close()
