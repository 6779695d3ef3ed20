# The banking unit's shell: keypad, card readers and clock in; pixels, sound and journal out.
#
# Each device's work is a plain method taking `now` (ticks_ms), so tests drive it on a fake
# clock; app.tasks runs each in its own asyncio task. Order inside one step is fixed: an event
# goes to the edition, its records go to the journal (app.storage_handoff), and only then is the
# edition told they are durable; the screen is drawn after that, so nothing shows as done before
# it is on flash. The readers' polling is app.card_polling; what the settings decide reaches the
# shell as one app.config.Change (apply). A MemoryError in a step is caught by its task
# (out_of_memory): collected, redrawn whole, and a second one soon after restarts the unit into
# its journal (app.restart).
import asyncio  # MicroPython 1.21 and later (the README asks for 1.23): no uasyncio fallback
import gc
import time

from app import card_polling, memory, power, storage_handoff
from app.editions import draws_market, forget_about
from app.restart import MSG_RESTARTED, restart, restarted
from app.storage_handoff import MSG_MEMORY
from compat.const import const
from compat.ticks import ticks_add, ticks_diff
from rules.keys import GREEN, RED
from ui.draw import prepare_big
from ui.render import (
    BIG_FIRST_PAGE,
    BIG_LAST_PAGE,
    Screen,
    edit_entry,
    prepare,
    render,
    show_drawn,
)
from ui.sounds import melody_for

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from typing import Any

_MSG_ONE_CARD = const("ONE CARD PER SLOT")  # two cards answer in one slot's field
_MSG_BATTERY_LOW = const("BATTERY LOW")
_MSG_READER_MISSING = const(("GREEN READER MISSING", "RED READER MISSING"))  # by slot (GREEN, RED)
# drivers.keypad.Keypad.PRESS and RELEASE, folded into scan_keys (tests/portable/test_unit.py
# checks they agree)
KEY_PRESS = const(1)
KEY_RELEASE = const(2)


def device_ticks_ms() -> int:
    return time.ticks_ms()  # type: ignore[return-value]  # MicroPython's time; not CPython's


class BankUnit:
    keypad_scan_ms = 10  # a keypad without a sampling timer is scanned by its task this often
    reader_poll_ms = 120  # both readers, one after the other, while a game is played (app.power)
    card_power_up_ms = 5  # drivers.mfrc522.POWER_UP_MS, not imported for a card-less edition
    tick_ms = 100
    render_ms = 40  # between redraws that show keys: at most 25/s while typing
    battery_ms = 15000
    retry_ms = 5000  # a missing display or reader is looked for again this often
    reader_fault_limit = 3  # consecutive bus errors before a reader is declared missing
    notice_ms = 8000  # how long a boot or battery notice stays
    # A MemoryError this soon after the last one restarts the unit (app.restart): one is
    # collected and the unit goes on; two within 10 s say the heap stays too full or too
    # fragmented to go on, and a reset gives the journal's state a fresh heap.
    memory_repeat_ms = 10000

    def __init__(
        self, edition, keypad, display, readers, piezo, battery, store, config=None, screen=None
    ) -> None:
        # The clock the tasks read: time.ticks_ms on the device; the simulator swaps in its own.
        self.clock = device_ticks_ms
        self.store = store
        self.edition = edition
        # The edition may read its game's history back from the journal (rules.history):
        # lazily, writing nothing. app.config does the same for an edition it makes.
        edition.journal = store
        self.keypad = keypad
        self.display = display  # SSD1306 or None when the board has none
        # What the display last showed, region by region (ui.render.Screen: made by
        # app.build's prepare() before the rest, or here), through which it is drawn partially.
        if screen is None and display is not None:
            screen = Screen(display.canvas)
        self.screen = screen
        # Whether it can send one window it is told about (an amount's typed character): a
        # display driver declares it (`windows`, docs/editions.md), it is not probed.
        self.display_windows = display is not None and display.windows
        # The driver's GS8 view of the canvas's bytes (`pages`, a "pixel" per column of a
        # page): ui.render clears and draws whole-page regions through it.
        self.display_pages = display.pages if display is not None else None
        self.display_ok = False
        self.display_powered = True
        self.readers = readers  # [green MFRC522, red MFRC522], None where absent
        self.slots: list = [None, None]  # CardSlot per working reader
        self.reader_faults = [0, 0]
        self.field_at = [0, 0]  # when start_poll switched each reader's field on
        self.retry_at = [0, 0, 0]  # next retry time: green reader, red reader, display
        self.piezo = piezo
        self.battery = battery
        self.battery_low = False
        self.battery_level: Any = None  # the gauge: 0 (low) to 3 bars, None on USB (app.power)
        self.brownout_saved = False  # the state snapshotted as the cells near brown-out
        self.battery_notice = False  # "BATTERY LOW" shows for notice_ms when the flag rises
        self.battery_notice_at = 0
        self.rendered_version = -1
        self.rendered_notice = ""
        # The machine drawn last, and its entry_edits then: when every change since was an
        # amount typed (rules.machine.entry_changed), the render draws that text alone.
        self.rendered_machine: Any = None
        self.rendered_edits = 0
        # A key event was handled since the render task last looked (the task's throttle is
        # for keys: a redraw that shows a key waits render_ms after the last such redraw).
        self.key_taken = False
        self.boot_notice = ""
        self.boot_notice_at = 0
        self.status: dict = {"battery_low": False, "battery": None, "notice": ""}
        # Every string drawn in the last render, for a simulator that sets it to a list; None on
        # the device, so rendering allocates no log entries there.
        self.screen_log: list | None = None
        self.storage_failures = 0
        self.storage_broken = False  # the journal could not be read: refuse every record
        self.memory_errors = 0  # MemoryErrors the tasks caught since boot (out_of_memory)
        self.memory_error_at = 0  # when the last one was caught
        # While the edition applies records already durable: a MemoryError then may have left
        # them half applied, and only the journal's replay (a restart) makes the state whole.
        self.applying = False
        self.on_cue = None  # optional callable(cue): told of every cue played (simulator)
        # app.config.Config from app.build; None: no settings, or their code is let go.
        self.config: Any = config
        # The boot summary or the settings menu while one runs in the edition's place: it gets
        # the keys, ticks and cards and is drawn; the edition waits, untouched.
        self.overlay: Any = None
        self.settings_notice = ""
        # The tasks' wake-ups (made by run()): the keypad's sampler sets key_flag, a step that
        # left the screen out of date sets render_flag.
        self.key_flag: Any = None
        self.render_flag: Any = None
        self.keypad_on: Any = None  # the keypad whose sampling runs (the edition can change it)
        self.collector = memory.IdleCollector()  # collects the heap when the unit is idle
        self.busy_at = 0  # the last key, card or change on the screen (app.power)
        # Light sleep in standby (app.power): the board's machine.lightsleep and USB sense pin
        # (None: never sleeps), and whether the keypad is parked for it.
        self.sleeper: Any = None
        self.vbus: Any = None
        self.parked = False

    @property
    def active(self):
        """What takes the events and is drawn: an overlay while one runs, else the edition."""
        overlay = self.overlay
        return overlay if overlay is not None else self.edition

    @property
    def uses_cards(self) -> bool:
        """False for an edition played without cards (Stock Exchange): no reader is started,
        polled or missed, and no card event reaches it. A property, because the settings menu
        can change the edition while the unit runs."""
        return self.edition.uses_cards

    # ---- start-up ----------------------------------------------------------------------------

    def boot(self, now: int) -> None:
        try:
            records, problems = self.store.load()
        except OSError:
            records, problems = [], []
            self.storage_broken = True
        config = self.config
        if config is not None and config.new_game_due() and not self.storage_broken:
            # The journal holds a game of another edition or player count: a new game, with
            # what that game enrolled kept (app.config.start_game: cards, deed tags).
            self.apply(config.start_game(self.edition, self.store, records), now)
            records, problems = [], []
        for record in records:
            try:
                self.edition.restore(record)
            except ValueError:
                problems.append("bad record")
        self.boot_notice = storage_handoff.describe_problems(problems)
        if restarted(self.store.fs) and not self.boot_notice:
            self.boot_notice = MSG_RESTARTED  # a lost record's notice says more: it wins
        self.boot_notice_at = self.busy_at = now
        if problems and not self.storage_broken:
            # Write the repaired state out at once, so the next boot starts clean and does not
            # report the same damage again.
            self.store.compact(self.edition.snapshot_records())
        if config is not None:
            self.settings_notice = config.notice
            self.apply(config.begin(self.edition), now)  # the menu, the summary, or neither
        if self.overlay is None:
            self._prepare_screens()  # else when the summary or the menu closes
        if self.uses_cards:  # a card-less edition never wakes the readers (fitted or not)
            for slot in (GREEN, RED):
                card_polling.start_reader(self, slot, now)
        # The big glyphs of an amount as typed (a currency sign, a digit), before any key.
        prepare_big(self.edition.shown_entry())
        display = self.display
        if display is not None and display.is_on:
            # Lit by app.first_light: configured already, and a second configuration would
            # blank the panel for a moment. The next render sends only what differs.
            self.display_ok = True
            self.retry_at[2] = ticks_add(now, self.retry_ms)
        else:
            self._start_display(now)
        self.collector.collect()  # the journal's replay and the boot's garbage: a quiet point

    # ---- settings ----------------------------------------------------------------------------

    def overlay_check(self, now: int, key: str | None = None) -> None:
        """After a step of the summary or the menu: once it is done, app.config says what
        follows (the edition rebuilt if the settings changed) and lets go of the settings."""
        overlay = self.overlay
        if overlay is not None and overlay.done:
            config = self.config
            if config is not None:
                closing = config.close_overlay(
                    overlay, self.edition, self.store, self.readers, self.storage_broken, key
                )
                self.apply(closing, now)
            else:  # the summary: its settings code was let go as it began
                self.overlay = None
                self.rendered_version = -1
                if key is not None:
                    self.edition.ignore_until_released(key)
                card_polling.cards_in(self, now)
            self.collector.collect()  # the settings code let go: a quiet point
            self._prepare_screens(True)

    def apply(self, change, now: int) -> None:
        """A configuration step's outcome (app.config.Change) put in force: the one place where
        what the settings decide (an overlay, a fresh edition, its keypad and readers, a storage
        failure) changes the shell."""
        if change.storage_broken:
            self.storage_broken = True  # the journal must not be added to
        if change.overlay is not self.overlay:
            self.overlay = change.overlay
            self.rendered_version = -1
        edition = change.edition
        if edition is not None:
            old = self.edition
            self.edition = edition
            if edition.name != old.name:
                if edition.uses_cards:
                    if change.readers is not None:
                        self.readers = change.readers  # a card-less unit's, built now
                    self.retry_at[GREEN] = self.retry_at[RED] = now  # look for the readers now
                else:
                    self.slots = [None, None]  # stop reading; poll_reader turns a field off
            if change.keypad is not None:
                self.keypad = change.keypad  # the new layout's: scan_keys hands sampling over
            if edition.outbox:
                self.settle()  # the volume level set in the menu, through the edition's journal
            if change.volume is not None and self.piezo is not None:
                self.piezo.set_volume(change.volume)
        if change.lang is not False and self.screen is not None:  # (drawn: the menu closed)
            self.screen.use(change.lang)
            self.settings_notice, self.boot_notice_at = change.notice, now  # NO LANGUAGE TABLE
        if change.release is not False:  # by its name in the layout in use now
            self.edition.ignore_until_released(change.release)
        if change.done:
            config = self.config
            self.config = None  # the settings code gives its heap back to the game
            if config is not None:
                config.forget()
        if change.closed:
            card_polling.cards_in(self, now)

    def _prepare_screens(self, closed: bool = False) -> None:
        """The Stock Exchange's screens (editions.stock_exchange.draw) loaded now, on a heap just
        collected or still empty, not at its first market render (issue 27: on the chip that
        import found no free block of 1,280 bytes after the summary). Not during the summary or the
        menu, which draw none: both at once made the unit's highest heap."""
        if self.display is not None:
            prepare(self.display.canvas, draws_market(self.edition.name), self.screen, closed)
        forget_about()  # the game begins: what the build and the settings read of the editions

    def _start_display(self, now: int) -> None:
        self.retry_at[2] = ticks_add(now, self.retry_ms)
        if self.display is None:
            return
        try:
            self.display.init_display()
            self.display.invalidate()
            self.display_ok = True
            self.display_powered = True
            self.rendered_version = -1
            self.rendered_machine = None  # the panel was reset: no typed text alone
        except OSError:
            self.display_ok = False

    # ---- the steps the tasks run -----------------------------------------------------------

    def scan_keys(self, now: int) -> None:
        keypad = self.keypad
        if keypad is not self.keypad_on:
            self._start_keypad(keypad)
        keypad.scan(now)
        event = keypad.pop()  # also drains events an earlier step left queued
        while event is not None:
            kind, key = event
            machine = self.overlay  # self.active, without the property's call
            if machine is None:
                machine = self.edition
            # The machine owns the key grammar (rules.machine): waking, holds, what a release
            # means. The keypad says only which key went down or up.
            if kind == KEY_PRESS:
                machine.key_down(key, now)
            elif kind == KEY_RELEASE:
                machine.key_up(key, now)
            self.settle()
            self.key_taken = True
            self.busy_at = now  # app.power: a key keeps the game's pace
            if self.overlay is not None and kind == KEY_PRESS:
                self.overlay_check(now, key)
            keypad = self.keypad  # a new one if the edition changed
            event = keypad.pop()

    def _start_keypad(self, keypad) -> None:
        """Hands the sampling over to `keypad` (at start, or a new edition's layout). Keys down
        at its first sample are muted until released (drivers.keypad)."""
        old = self.keypad_on
        if old is not None:
            old.stop()
        keypad.start(self.key_flag, self.clock)
        self.keypad_on = keypad

    # The readers' polling, in two halves (app.card_polling): the field on, so a card in it
    # powers up; power_up_ms (5 ms) or more later the read, the card's event to the active
    # machine, the field off. Functions of that module, bound as the unit's own steps.
    start_poll = card_polling.start_poll
    poll_reader = card_polling.poll_reader

    poll_period_ms = power.poll_period_ms  # slower once quiet a minute, and in standby
    tick_period_ms = power.tick_period_ms

    def tick(self, now: int) -> None:
        self.active.tick(now)
        self.settle()
        keypad = self.keypad_on
        self.collector.step(now, keypad.changes if keypad is not None else 0)
        if self.overlay is not None:
            self.overlay_check(now)
        if self.settings_notice and ticks_diff(now, self.boot_notice_at) >= self.notice_ms:
            self.settings_notice = ""
        if self.boot_notice and ticks_diff(now, self.boot_notice_at) >= self.notice_ms:
            self.boot_notice = ""
        if self.battery_notice and ticks_diff(now, self.battery_notice_at) >= self.notice_ms:
            self.battery_notice = False

    check_battery = power.check_battery  # the gauge, the low warning, brown-out's snapshot

    def alert(self) -> str:
        """A fault that must replace whatever message the edition shows, or ""."""
        for card_slot in self.slots:
            if card_slot is not None and card_slot.collided:
                return _MSG_ONE_CARD
        return ""

    def notice(self) -> str:
        """The shell's own line, or "". Allocates nothing: asked after every step."""
        if self.storage_broken:
            return "STORAGE UNREADABLE"
        if self.boot_notice:
            return self.boot_notice
        if self.settings_notice:
            return self.settings_notice
        if self.battery_notice:
            return _MSG_BATTERY_LOW
        if not self.uses_cards:
            return ""  # an edition played without cards has no readers to miss
        green = self.slots[GREEN] is None
        red = self.slots[RED] is None
        if green and red:
            return "NO CARD READERS"
        if green or red:
            return _MSG_READER_MISSING[GREEN if green else RED]
        return ""

    def render_due(self, now: int) -> bool:
        """Whether render_screen would draw something: the view, the notice or the battery
        icon changed since the last drawing, or a missing display is due to be looked for."""
        if not self.display_ok:
            return self.display is not None and ticks_diff(now, self.retry_at[2]) >= 0
        return (
            self.active.version != self.rendered_version
            or self.status["battery"] != self.battery_level  # the low flag's level is 0
            or (self.alert() or self.notice()) != self.rendered_notice
        )

    def render_screen(self, now: int) -> bool:
        """Draws the view if it changed; returns True when something was sent."""
        if not self.display_ok:
            if self.display is not None and ticks_diff(now, self.retry_at[2]) >= 0:
                self._start_display(now)
            if not self.display_ok:
                return False
        machine = self.active
        alert = self.alert()
        notice = alert or self.notice()
        status = self.status
        same_status = notice == self.rendered_notice and status["battery"] == self.battery_level
        if same_status and machine.version == self.rendered_version:
            return False  # as render_due(): compares, no view is built
        display = self.display
        if (
            same_status
            and machine is self.rendered_machine
            and self.rendered_version >= 0
            and machine.version - self.rendered_version
            == machine.entry_edits - self.rendered_edits
            and self.display_windows
            and self.display_powered
        ):
            # Only the amount being typed changed: its text is drawn alone, no view is built
            # and no region compared (None: it cannot be, and the view is drawn as usual).
            log = self.screen_log
            if log is not None:
                log.clear()
            edit = edit_entry(self.screen, machine.shown_entry(), log, self.display_pages)
            if edit is not None:
                try:
                    display.show_window(edit[0], edit[1], BIG_FIRST_PAGE, BIG_LAST_PAGE)
                except OSError:
                    self.display_ok = False
                    self.retry_at[2] = ticks_add(now, self.retry_ms)
                    return False
                self.rendered_version = machine.version
                self.rendered_edits = machine.entry_edits
                return True
        view = machine.view()
        if alert:
            view["message"] = alert  # over the edition's own message, as an error
            view["error"] = True
        status["notice"] = notice
        status["battery_low"] = self.battery_low
        status["battery"] = self.battery_level
        try:
            if not view["display_on"]:
                if self.display_powered:
                    display.power(False)  # standby: frame kept in the panel, glass dark
                    self.display_powered = False
            else:
                if self.screen_log is not None:
                    self.screen_log.clear()
                # Only the regions whose content changed are redrawn, and show() sends only
                # the changed columns of the changed pages; a character typed at the end of an
                # amount (nothing else changed) goes out as its columns, nothing searched.
                edit = render(
                    display.canvas, view, status, self.screen_log, self.screen, self.display_pages
                )
                if edit and self.display_windows and self.display_powered:
                    display.show_window(edit[0], edit[1], BIG_FIRST_PAGE, BIG_LAST_PAGE)
                elif not (
                    self.display_windows
                    and self.display_powered
                    and show_drawn(self.screen, display)
                ):
                    display.show()  # all or the rest of what changed (show_drawn: the regions)
                if not self.display_powered:
                    display.power(True)
                    self.display_powered = True
        except OSError:
            self.display_ok = False  # keep working without a screen; look again later
            self.retry_at[2] = ticks_add(now, self.retry_ms)
            return False
        self.rendered_version = machine.version
        self.rendered_edits = machine.entry_edits
        self.rendered_machine = machine
        self.rendered_notice = notice
        return True

    def settle(self, cue: str | None = None) -> None:
        """Store the edition's records, then play the last cue of the step (or `cue`, the
        shell's own, which replaces it). It runs after every step: its frame stays within
        MicroPython's 11 words (drivers/keypad.py, "Frames"), so no locals are to be added."""
        edition = self.overlay  # self.active, without the property's call
        if edition is None:
            edition = self.edition
        if edition.outbox:
            storage_handoff.store_records(self, edition)
        cues = edition.take_cues()
        volume = edition.volume
        if volume is not None:
            self._follow_volume(volume)
        if cue is not None:
            self.sound(edition, cue, volume)
            return
        # The last cue of a step says how it ended; one the edition's sound level skips (music
        # at a beeps-only level) gives way to the cue before it. Most steps (a release, a
        # tick) have none.
        index = len(cues)
        while index:
            index -= 1
            if self.sound(edition, cues[index], volume):
                return

    def _follow_volume(self, volume: int) -> None:
        """The piezo follows the active machine's declared `volume` (0 silent; an edition
        without levels declares None, and the piezo keeps the unit's own level)."""
        piezo = self.piezo
        if piezo is not None and piezo.volume != volume:
            piezo.set_volume(volume)

    def play(self, cue: str) -> None:
        """The shell's own cue (battery), also before any step."""
        edition = self.active
        volume = edition.volume
        if volume is not None:
            self._follow_volume(volume)
        self.sound(edition, cue, volume)

    def sound(self, edition, cue: str, volume) -> bool:
        """Plays the cue's melody if the sound setting of `edition` (self.active) lets it
        sound; whether it does (a unit without a piezo included). `volume`: its declared
        level. Editions with volume levels set `volume`, `music_on` and `music_cues` (the
        cues that are music or effects); the others have `sound_on`, whose "off" is still
        confirmed with one last beep."""
        melody = melody_for(cue)
        if melody is None:
            return False
        if volume is None:
            if not edition.sound_on and cue != "sound_off":
                return False
        elif volume <= 0 or not (edition.music_on or cue not in edition.music_cues):
            return False
        piezo = self.piezo
        if piezo is not None:
            piezo.play(melody)
            if self.on_cue is not None:
                self.on_cue(cue)
        return True

    # ---- memory ------------------------------------------------------------------------------

    def memory_error(self, now: int) -> None:
        """Collect after a MemoryError and count it; restarts the unit (app.restart: it does
        not return) when the last one was less than memory_repeat_ms ago, or when the state may
        be half applied (records durable, the edition still applying them)."""
        gc.collect()
        if self.applying or (
            self.memory_errors and ticks_diff(now, self.memory_error_at) < self.memory_repeat_ms
        ):
            restart(self.store.fs)
        self.memory_errors += 1
        self.memory_error_at = now

    def out_of_memory(self, now: int) -> None:
        """A task's step raised MemoryError (a view, a lazy import, a record that would not
        fit): collected, counted, a transaction the step left unstored refused (nothing of it
        reached the journal: _store catches its own), and the screen drawn whole from the state
        at the next render. A MemoryError here too restarts the unit."""
        self.memory_error(now)
        try:
            machine = self.active
            if machine.outbox:
                machine.acknowledge(False, MSG_MEMORY)
                self.settle()  # its error cue
            if self.screen is not None:  # the canvas may hold half a frame: drawn whole next
                self.screen.forget()
            self.rendered_version = -1
            self.rendered_machine = None
            if self.display is not None:
                self.display.invalidate()  # and every page is sent, half a frame sent or not
            if self.render_flag is not None:
                self.render_flag.set()
        except MemoryError:
            restart(self.store.fs)

    # ---- asyncio -----------------------------------------------------------------------------

    def stepped(self, now: int) -> None:
        """After every step: wake the render task if the screen is out of date, and the keypad
        task if the keypad was replaced (a new edition's layout starts sampling at its scan)."""
        if self.render_flag is not None:
            if self.render_due(now):
                self.render_flag.set()
                self.busy_at = now  # something new to see: the unit is not quiet
            else:
                self.key_taken = False  # the keys changed nothing drawn: no redraw shows them
        if self.keypad is not self.keypad_on and self.key_flag is not None:
            self.key_flag.set()

    def keyed(self) -> bool:
        """Whether a key event was handled since the render task last asked (it asks before it
        draws: the redraw shows that key)."""
        keyed = self.key_taken
        self.key_taken = False
        return keyed

    async def run(self) -> None:
        """Boots the unit and runs its tasks (app.tasks) until they stop."""
        # What the keypad's interrupt sets: a ThreadSafeFlag, or an Event where there is none
        # (CPython); the waiter clears it either way.
        self.key_flag = getattr(asyncio, "ThreadSafeFlag", asyncio.Event)()
        self.render_flag = asyncio.Event()
        from app.tasks import run  # only where the unit runs on its own (not in a test rig)

        try:
            await run(self)
        finally:
            if self.keypad_on is not None:
                self.keypad_on.stop()  # no more interrupts into a unit that stopped
