"""Terminal UI of the simulator: one virtual banking unit on screen, driven from the keyboard.

Two layouts, switched live as the window is resized: the full one (160 columns, 43 to 45 rows
by the edition's keys) draws the OLED at its true 128x64 resolution in half blocks beside the
balances, with the key legend below; the compact one (from 80 x 24, tui_compact.py) draws it in
braille beside a narrow column of balances, with the keys in four lines. A smaller window is
told how large to be. Virtual time follows real time: a timer advances the unit every 50 ms.
Its words are in the language of the unit's screen (KeyTable.said, host_sim/tui_words.py).

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

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from app.editions import DEFAULT
from host_sim.history import ExportError
from host_sim.tui_compact import (
    COMPACT_SIZE,
    balances_column,
    sounds_text,
)
from host_sim.tui_deeds import (
    COMPACT_COLUMNS,
    MAX_SQUARE_DIGITS,
    board_text,
    deed_prompt,
    held_text,
)
from host_sim.tui_export import export_game
from host_sim.tui_keys import (
    HOLD_S,
    HelpScreen,
    KeyTable,
    edition_title,
    full_size,
    help_text,
    hints_text,
    hold_shortcuts,
    legend_text,
    legends_of,
    ok_key,
)
from host_sim.tui_panel import BrailleView, OledView, braille_rows, oled_rows
from host_sim.virtual_unit import PLAYER_CARDS, VirtualUnit, VirtualUnitError

TICK_S = 0.05  # how often virtual time catches up with real time
MAX_CATCH_UP_S = 120.0  # after the PC slept: enough for the unit to reach standby, no more
CUE_LOG_LENGTH = 12
SLOT_KEYS = {"[": "green", "]": "red"}
SLOT_NAMES = ("green", "red")


@dataclass
class Snapshot:
    """What a person sees of the unit after one call: glass, slots, balances, sounds."""

    rows: tuple  # the panel in half blocks (the full layout)
    braille: tuple  # ... and in braille (the compact layout)
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
    lang: str = "en"  # the screen's language (VirtualUnit.language): the keys are named in it


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
        self.lang = self.unit.language  # the keys' names (the settings menu may change it)
        self.edition = self.unit.edition_name  # --set edition=... may have chosen another
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
        pixels = unit.screen_pixels()
        return Snapshot(
            rows=oled_rows(pixels),
            braille=braille_rows(pixels),
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
            lang=unit.language,
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
    #side > #balances { height: auto; }
    #slots, #cues, #status { height: 1; padding: 0 1; }
    #status.error { color: $error; text-style: bold; }
    #legend {
        height: auto;
        border: round $secondary;
        padding: 0 1;
    }
    #oled-compact, #deeds-compact, #hints { display: none; }
    #deeds-compact { width: 66; height: 18; border: round $secondary; padding: 0 1; }
    #hints { height: 4; padding: 0 1; }
    /* the compact layout (80 x 24 and up): the panel in braille, the keys in four lines */
    BankUnitApp.-compact #oled, BankUnitApp.-compact #deeds, BankUnitApp.-compact #cues,
    BankUnitApp.-compact #legend { display: none; }
    BankUnitApp.-compact #oled-compact, BankUnitApp.-compact #hints { display: block; }
    BankUnitApp.-compact #top, BankUnitApp.-compact #side,
    BankUnitApp.-compact #balances { height: 18; }
    BankUnitApp.-compact #balances { padding: 0 0 0 1; }
    BankUnitApp.-compact.-board #oled-compact { display: none; }
    BankUnitApp.-compact.-board #deeds-compact { display: block; }
    #too-small { display: none; width: 100%; height: 100%; content-align: center middle; }
    BankUnitApp.-too-small #too-small { display: block; }
    BankUnitApp.-too-small #top, BankUnitApp.-too-small #slots, BankUnitApp.-too-small #cues,
    BankUnitApp.-too-small #status, BankUnitApp.-too-small #legend,
    BankUnitApp.-too-small #hints { display: none; }
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
        self.export_dir = export_dir  # where E writes the game's CSV and chart
        self.unit_thread = UnitThread(edition, board, flash_dir, settings, boot_summary)
        self.edition_name = edition = self.unit_thread.edition  # the one the unit runs
        self.key_table = KeyTable(self.unit_thread.keys, self.unit_thread.lang)
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
        # the full layout's size; the compact layout's is COMPACT_SIZE
        self.min_size = full_size(self.key_table, self.has_deeds)
        self.too_small = False
        self.compact = False
        self.show_board = False  # the compact layout: the Banker's board in the panel's place

    # ---- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.oled = OledView(id="oled")
        self.braille = BrailleView(id="oled-compact")
        self.balances_panel = Static(id="balances")
        self.slots_line = Static(id="slots")
        self.cue_line = Static(id="cues")
        self.status_line = Static(id="status")
        with Horizontal(id="top"):
            yield self.oled
            yield self.braille
            if self.has_deeds:  # the Banker: the board of deeds under the balances
                self.deeds_panel = Static(id="deeds")
                self.compact_board = Static(id="deeds-compact")
                yield self.compact_board
                with Vertical(id="side"):
                    yield self.balances_panel
                    yield self.deeds_panel
            else:
                yield self.balances_panel
        yield self.slots_line
        yield self.cue_line
        yield self.status_line
        self.legend_panel = Static(id="legend")
        yield self.legend_panel
        self.hints_line = Static(id="hints")
        yield self.hints_line
        self._label_keys()
        self.too_small_note = Static(id="too-small")
        yield self.too_small_note

    async def on_mount(self) -> None:
        said = self.key_table.said
        if self.unit_thread.uses_cards:
            self.set_status(
                said("Put a card in with [ (GREEN) or ] (RED), type an amount; ? for help")
            )
        else:
            self.set_status(said("b 1 0 1 c: hat introduces company 01; ? for help"))
        self._check_size()
        await self._unit(None)
        self._last_tick = time.monotonic()
        self.set_interval(TICK_S, self._tick)

    def on_resize(self, event: events.Resize) -> None:
        # The event's size: Textual runs this handler before App's own, which is what sets
        # self.size to the new size (until the next tick, 50 ms on, it would still be the old).
        self._check_size(event.size)

    def _check_size(self, size=None) -> None:
        """The full layout in a window that holds it, else the compact one; a window smaller
        than that shows how large to make it, not a clipped screen."""
        width, height = size or self.size
        need_w, need_h = self.min_size
        compact = width < need_w or height < need_h
        too_small = width < COMPACT_SIZE[0] or height < COMPACT_SIZE[1]
        if too_small:
            self.too_small_note.update(
                self.key_table.said(
                    "This window is %d x %d: make the window at least %d x %d\n"
                    "(columns x rows) for the simulator's panel, balances and keys,\n"
                    "%d x %d for its full layout; Q quits."
                )
                % ((width, height) + COMPACT_SIZE + (need_w, need_h))
            )
        if (compact, too_small) == (self.compact, self.too_small):
            return
        self.compact, self.too_small = compact, too_small
        self.set_class(too_small, "-too-small")
        self.set_class(compact and not too_small, "-compact")
        if self.snapshot is not None:  # the lines drawn for one layout, drawn for the other
            self._show(self.snapshot, new_cues=False)

    def _label_keys(self) -> None:
        """The legend, the panels' titles and the compact layout's key lines, in the keys'
        language."""
        said = self.key_table.said
        self.legend_panel.update(legend_text(self.key_table, deeds=self.has_deeds))
        self.legend_panel.border_title = said("Keys: %s unit%s") % (
            edition_title(self.key_table, self.edition_name),
            legends_of(self.key_table),
        )
        self.balances_panel.border_title = said(
            "Balances" if self.unit_thread.uses_cards else "Totals"
        )
        if self.has_deeds:
            self.deeds_panel.border_title = said("Deeds")
            self.compact_board.border_title = said("Deeds (D: the panel again)")
        cards = self.unit_thread.uses_cards
        self.hints_line.update(hints_text(self.key_table, cards, self.has_deeds))

    def _relabel(self, lang: str) -> None:
        """The keys named anew in the screen's new language (the settings menu changed it);
        the terminal keys stay the same."""
        self.key_table = KeyTable(self.unit_thread.keys, lang)
        self._help_text = help_text(self.key_table, self.edition_name)
        self.min_size = full_size(self.key_table, self.has_deeds)
        self._label_keys()
        self._check_size()

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
        words = self.key_table.said
        if snap.crash:
            self.set_status(words("The firmware stopped: %s") % snap.crash, error=True)
        elif snap.error:
            self.set_status(snap.error, error=True)
        elif said:  # the unit's message line, as plain text (on the panel it may be inverted)
            self.set_status(words("%sthe unit says: %s") % (done + " · " if done else "", said),
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

    def _show(self, snap: Snapshot, new_cues: bool = True) -> None:
        self.snapshot = snap
        if snap.lang != self.key_table.lang:
            self._relabel(snap.lang)
        self.oled.show(snap.rows)
        self.braille.show(snap.braille)
        self.balances_panel.update(self._balances_text(snap))
        said = self.key_table.said
        if self.has_deeds:
            self.deeds_panel.update(board_text(snap.deeds, snap.supply, said=said))
            board = board_text(snap.deeds, snap.supply, COMPACT_COLUMNS, said)
            self.compact_board.update(board)
        if new_cues and snap.cues:
            self.cue_log.extend(snap.cues)
            if self.bell_on:
                self.bell()
        if self.cue_log:
            title = said("Sounds  ")
            width = max(self.size.width - 2 - len(title), 0)
            self.cue_line.update(Text(title) + sounds_text(self.cue_log, width))
        self._update_slots()

    def _balances_text(self, snap: Snapshot) -> Text:
        said = self.key_table.said
        if self.compact:  # the narrow column beside the braille panel
            money, cards = self.unit_thread.money, self.unit_thread.uses_cards
            return balances_column(snap.balances, snap.slots, money, cards, said)
        if not self.unit_thread.uses_cards:  # the Stock Exchange: TOTAL's figures
            text = Text()
            for token, value in snap.balances.items():
                text.append("%-6s %9d\n" % (token, value))
            if not snap.balances:
                text.append(said("no token in play yet"), style="dim")
            text.rstrip()
            return text
        holder = {card: slot for slot, card in snap.slots.items() if card is not None}
        text = Text()
        for card, amount in sorted(snap.balances.items()):
            text.append(said("card %-3d %9s") % (card, self.unit_thread.money(amount)))
            slot = holder.get(card)
            if slot is not None:
                text.append("  %s" % said(slot.upper()), style="bold " + slot)
            text.append("\n")
        text.rstrip()
        return text

    def _update_slots(self) -> None:
        snap = self.snapshot
        if snap is None:
            return
        if self.compact:
            self.slots_line.update(self._compact_slots(snap))
            return
        said = self.key_table.said
        text = self._slots_held(snap)
        virtual = said(" virtual time %s s   bell %s")
        text.append(virtual % (self.key_table.seconds(snap.virtual_s), self._bell_state()))
        if snap.dark:
            text.append(said("   screen dark (standby): any key wakes it"), style="dim")
        prompt = self._prompt()
        if prompt:
            text.append("   " + prompt, style="bold reverse")
        self.slots_line.update(text)

    def _slots_held(self, snap: Snapshot) -> Text:
        """ "GREEN: card 1   RED: empty   " (no slot: the Stock Exchange)."""
        said = self.key_table.said
        text = Text()
        for slot in SLOT_NAMES if self.unit_thread.uses_cards else ():
            held = snap.slots.get(slot)
            text.append(said(slot.upper()), style="bold " + slot)
            text.append(": %s   " % (held_text(held, said) if held is not None else said("empty")))
        return text

    def _bell_state(self) -> str:
        return self.key_table.said("on" if self.bell_on else "off")

    def _prompt(self) -> str:
        """What a pending slot, deed or hold asks for ("" when none is pending)."""
        said = self.key_table.said
        if self.pending_slot is not None and self.pending_deed is not None:
            return deed_prompt(self.pending_slot, self.pending_deed, said)
        if self.pending_slot is not None:
            return said("%s slot: press 1-%d (7-9: unknown card)%s, Esc cancels") % (
                said(self.pending_slot.upper()),
                PLAYER_CARDS,
                said(", d: a deed") if self.has_deeds else "",
            )
        if self.pending_hold:
            return said("hold: press a unit key (held %s s), Esc cancels") % (
                self.key_table.seconds(HOLD_S)
            )
        return ""

    def _compact_slots(self, snap: Snapshot) -> Text:
        """The compact layout's slot line: a pending prompt alone, else what each slot holds,
        standby, and the newest sounds that fit (the balances column marks the cards in)."""
        prompt = self._prompt()
        if prompt:
            return Text(prompt, style="bold reverse")
        text = self._slots_held(snap)
        if snap.dark:
            text.append(self.key_table.said("dark: any key wakes it   "), style="dim")
        width = max(self.size.width - 2 - len(text.plain), 0)
        text.append_text(sounds_text(self.cue_log, width))
        return text

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
        said = self.key_table.said
        char = event.character if event.is_printable else None
        if event.key == "escape":
            self._cancel_pending(said("Cancelled"))
        elif char == "?":
            await self.push_screen(HelpScreen(self._help_text, said))
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
                self._cancel_pending(
                    said("Hold cancelled: %r is not a unit key") % (char or event.key)
                )
            else:
                await self._hold(public)
        elif char in SLOT_KEYS and not self.unit_thread.uses_cards:
            title = edition_title(self.key_table, self.edition_name)
            self.set_status(said("the %s unit has no card slots") % title, error=True)
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
                said("Powered up holding %s") % ok_key(self.key_table),
            )
        elif char == "E":
            await self._export()
        elif char == "D" and self.has_deeds:
            self._toggle_board()
        elif char == "s":
            self.bell_on = not self.bell_on
            self._update_slots()
            self.set_status(said("Bell %s") % self._bell_state())
        elif (public := self.key_table.unit_key(char)) is not None:
            await self._unit(lambda unit: unit.press(public), said("Pressed %s") % public)
        elif char is not None:
            self.set_status(said("%r is no key here; ? for help") % char, error=True)

    def _toggle_board(self) -> None:
        """The compact layout: the board of deeds in the panel's place, or the panel again
        (the full layout shows both)."""
        said = self.key_table.said
        if not self.compact:
            self.set_status(
                said("The deeds are on the board beside the unit (D: in a small window)")
            )
            return
        self.show_board = not self.show_board
        self.set_class(self.show_board, "-board")
        self.set_status(said("D: the panel again" if self.show_board else "D: the board of deeds"))

    def _cancel_pending(self, message: str) -> None:
        self.pending_slot = None
        self.pending_deed = None
        self.pending_hold = False
        self._update_slots()
        self.set_status(message)

    async def _slot_key(self, slot: str) -> None:
        said = self.key_table.said
        held = self.snapshot.slots.get(slot) if self.snapshot else None
        if held is not None:
            self.pending_slot = None
            what = held_text(held, said).capitalize()
            done = said("%s out of %s") % (what, said(slot.upper()))
            await self._unit(lambda unit: unit.remove(slot), done)
        elif self.pending_slot == slot:
            self._cancel_pending(said("Cancelled"))
        else:
            self.pending_slot = slot
            self._update_slots()

    async def _card_key(self, char: str | None) -> None:
        slot = self.pending_slot
        assert slot is not None
        said = self.key_table.said
        if char in SLOT_KEYS:
            self.pending_slot = None
            await self._slot_key(SLOT_KEYS[char])
        elif char is not None and char in "123456789":
            self.pending_slot = None
            card = int(char)
            await self._unit(
                lambda unit: unit.insert(card=card, slot=slot),
                said("Card %d in %s") % (card, said(slot.upper())),
            )
        elif char == "d" and self.has_deeds:
            self.pending_deed = ""
            self._update_slots()
        else:
            self._cancel_pending(said("%s slot: cancelled") % said(slot.upper()))

    async def _deed_key(self, char: str | None, key: str) -> None:
        """A key while a deed's square is typed for the pending slot: digits, backspace, and
        Enter lays the tag (a square with no deed: the unit's simulator says which have)."""
        slot, typed = self.pending_slot, self.pending_deed or ""
        assert slot is not None
        said = self.key_table.said
        reader = said(slot.upper())
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
                said("Deed %d on %s") % (square, reader),
            )
        elif key == "enter":
            self.set_status(said("%s reader: type the deed's square first") % reader, error=True)
        else:
            self._cancel_pending(said("%s reader: deed cancelled") % reader)

    async def _hold(self, public: str) -> None:
        done = self.key_table.said("Held %s for %s s") % (public, self.key_table.seconds(HOLD_S))
        await self._unit(lambda unit: unit.hold(public, HOLD_S), done)

    async def _export(self) -> None:
        """The game on the unit's flash as a CSV and a chart (as `python -m host_sim export`
        writes them), into export_dir; the status line says where, or why not."""

        said = self.key_table.said

        def write(unit):
            return export_game(unit.flash_dir, self.export_dir, unit.unit.edition.name, said=said)

        async with self._lock:
            try:
                done = await self.unit_thread.run(write)
            except ModuleNotFoundError as error:  # a venv without the sim extra's matplotlib
                self.set_status(
                    said("Export needs %s: make setup (or pip install -e '.[sim]')") % error.name,
                    error=True,
                )
                return
            except (ExportError, OSError) as error:
                self.set_status(said("Export failed: %s") % said(str(error)), error=True)
                return
        if done is not None:  # the files as the player would name them: from here, if below
            where = os.path.relpath(done["csv"])
            where = done["csv"] if where.startswith("..") else where
            line = said("Exported %s: %s and .png") % (done["summary"], where)
            self.set_status(line + (" (%s)" % done["from"] if "from" in done else ""))

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
