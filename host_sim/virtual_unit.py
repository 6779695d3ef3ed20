"""VirtualUnit: one banking unit (real firmware, real board file) on virtual parts and time."""

import asyncio
import contextlib
import importlib
import os
import shutil
import sys
import tempfile

from machine import ResetRequested

from app.build import build_unit
from app.config import Config
from app.editions import EDITIONS, unit_editions, uses_cards
from boards.keymaps import LAYOUTS, default_matrix
from host_sim.clock import VirtualClock, VirtualTimeLoop
from host_sim.device_time import DeviceTime, load_costs
from host_sim.lang_tables import TablesFS
from peripherals.deed_tags import deed_tags, enroll_deed_tags
from peripherals.flash import VirtualFlash
from peripherals.piezo_recorder import tones
from peripherals.wiring import SPARES, VirtualParts, card_id
from rules import keys
from rules import settings as schema
from rules.money import EntryError, parse_amount
from store.store import Store

SLOTS = {"green": 0, "red": 1}
# The Banker's deeds by board square (GO = 0): Mediterranean Avenue 1 ... Boardwalk 39.
DEED_SQUARES = (1, 3, 5, 6, 8, 9, 11, 12, 13, 14, 15, 16, 18, 19, 21, 23, 24, 25, 26, 27, 28)
DEED_SQUARES += (29, 31, 32, 34, 35, 37, 39)
PLAYER_CARDS = 6  # virtual cards 1..6 come enrolled on a fresh flash, like the original's cards
TAP_S = 0.1  # a finger on a key, and the pause after it
KEY_SCANNERS = ("pio", "timer")  # VirtualUnit(key_scanner=...)
CARD_SETTLE_S = 0.4  # a few reader polls: enough for the unit to notice a card going in or out

# Public key names (snake_case) -> the firmware's logical key names (firmware/rules/keys.py, the
# one list of them): a multi-letter key is its logical name in lower case unless renamed here,
# a one-character key (digits, ".", K, M, C) is its logical name.
PUBLIC_RENAMES = {
    keys.BANK: "bank_purchase",
    keys.BUYP: "buy_players",
    keys.ONOFF: "on_off",
    keys.REMOVE: "remove_player",
    keys.NEWGAME: "new_game",
}


def _no_wait(ms: int) -> None:
    """The readers' reset waits on virtual time (VirtualUnit._boot): no real time."""


def _held(held) -> str:
    """What a slot holds, as a message says it: "card 3" or "spare 2"."""
    return held if isinstance(held, str) else "card %d" % held


def public_key_name(logical: str) -> str:
    """The VirtualUnit name of a logical key: "GO" -> "go", "BUYP" -> "buy_players", "K" -> "K"."""
    if logical in PUBLIC_RENAMES:
        return PUBLIC_RENAMES[logical]
    return logical.lower() if len(logical) > 1 else logical


KEY_NAMES = {digit: digit for digit in keys.DIGITS}
for _rows in LAYOUTS.values():  # every edition's keys, as its keypad lays them out
    KEY_NAMES.update((public_key_name(key), key) for row in _rows for key in row if key)

# Other spellings a call may use for a public key name: C in lower case (the Banker's API).
ALIASES = {"c": "C"}

TOKENS = ("hat", "car", "dog", "shoe", "iron", "boat")  # Stock Exchange tokens, keys 1..6


class VirtualUnitError(ValueError):
    """A call that the physical unit could not take (unknown key, card already elsewhere...)."""


def parse_setting(name: str, value) -> object:
    """A setting's value from the command line or a dict: "4" -> 4, "15M" -> 15000000,
    "on"/"off" for chance, a volume by name ("loud"); other text stays text."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if name == schema.CHANCE and text.upper() in schema.ON_OFF:
        return schema.ON_OFF.index(text.upper())
    if name == schema.VOLUME:
        for names in (schema.LEVEL_NAMES, schema.PIEZO_NAMES):
            if text.upper().replace("_", " ") in names:
                return names.index(text.upper().replace("_", " "))
    if name in (schema.EDITION, schema.CURRENCY):
        return text
    if name == "lang":
        return text.lower()
    try:
        return parse_amount(text.upper())
    except EntryError:
        return text  # refused by validation with the setting's own message


def _settings_of(edition: str) -> str:
    """The settings an edition has, for a message: "the classic settings are: edition, ..."."""
    return "the %s settings are: %s" % (edition, ", ".join(schema.names_for(edition)))


def change_settings(config: Config, values: dict, fresh: bool) -> None:
    """Set several values at once, as the menu would one by one: all are validated first;
    ValueError with the unit's message for the first bad one, and then nothing is saved.
    fresh: no game on flash yet, so the first one is already of these settings."""
    twin = config.settings.copy()
    chosen = values.get(schema.EDITION)  # the edition these values are for: the one set, if any
    edition = chosen if chosen in twin.editions and chosen in EDITIONS else twin.edition
    for name in values:
        if name not in schema.LABELS:
            raise ValueError("%s %r; %s" % (schema.MSG_UNKNOWN, name, _settings_of(edition)))
    for name in schema.ORDER:  # edition first: the others are checked against it
        if name not in values:
            continue
        problem = schema.validate(name, values[name], twin.edition, twin.editions)
        if problem == schema.MSG_NOT_HERE:
            problem = "%s: %s; %s" % (problem, name, _settings_of(twin.edition))
        if problem is not None:
            raise ValueError(problem)
        twin.restore(("setting", name, values[name]))
    if fresh:
        twin.game = twin.current_game()
    config.save(twin.state_records())
    config.settings.values = twin.values
    config.settings.game = twin.game


def parse_assignments(pairs: list) -> dict:
    """["players=4", "go=1M"] -> {"players": 4, "go": 1000000}; VirtualUnitError if malformed."""
    values = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name.strip():
            raise VirtualUnitError("a setting is name=value, not %r" % pair)
        values[name.strip()] = value
    return values


class VirtualUnit:
    def __init__(
        self,
        edition: str = "electronic_banking",
        board: str = "pico",
        seed: int = 0,
        flash_dir: str | None = None,
        matrix: str | None = None,
        start_ms: int = 0,
        settings: dict | None = None,
        boot_summary: bool = False,
        device_time: bool | dict = False,
        key_scanner: str = "pio",
    ) -> None:
        """start_ms: where the unit's ticks_ms starts (e.g. just before it wraps at 2**30).
        matrix: the keypad matrix, "4x4" or "5x5"; by default the smallest with a layout for
        the edition (Revolution needs the 5x5). seed: the flash's power-cut injection and, on a
        fresh flash, the edition's PRNG (Revolution's Chance draws). settings: values to set
        before power-on, as the menu would ({"players": 4, "start": "20M"}); an invalid one
        raises VirtualUnitError with the unit's message and nothing is set. boot_summary: show
        the settings at power-on as the device does (off by default, so scripts start at the
        game). device_time: every firmware step advances the clock by its cost on the chip
        (host_sim/device_time.py), from bench/device_costs.json when True, or from the given
        {edition: {cost: us}}; `device` then records keys taken, frames sent, step times.
        key_scanner: "pio", the keypad scanned by the board's rp2 state machine as on a Pico
        (drivers.keypad_pio_program), or "timer", the software sampler in a timer interrupt
        (drivers.keypad, as on a board without PIO)."""
        if key_scanner not in KEY_SCANNERS:
            raise VirtualUnitError(
                "key_scanner is one of %s, not %r" % (", ".join(KEY_SCANNERS), key_scanner)
            )
        if edition not in EDITIONS:
            raise VirtualUnitError("edition %r is not built yet; have: %s" % (edition, EDITIONS))
        self.built_for = edition  # the firmware's edition; the flash's settings may choose another
        self.seed = seed
        self.boot_summary = boot_summary
        settings = {name: parse_setting(name, v) for name, v in (settings or {}).items()}
        chosen = settings.get(schema.EDITION)
        if matrix is None and isinstance(chosen, str) and chosen in EDITIONS:
            matrix = default_matrix(chosen)
        self.clock = VirtualClock(start_ms)
        self.loop = VirtualTimeLoop(self.clock)
        self._own_flash = flash_dir is None
        self.flash_dir = flash_dir or tempfile.mkdtemp(prefix="bank-unit-flash-")
        os.makedirs(self.flash_dir, exist_ok=True)
        board_module = importlib.import_module("boards." + board)
        self.board = board_module.Board(matrix or default_matrix(edition))
        self.board.piezo.clock = self.clock.ms
        if getattr(self.board, "lightsleep", None) is not None:
            self.board.lightsleep = self._lightsleep  # on this unit's virtual clock
        self.key_timer = getattr(self.board, "key_timer", None)  # the keypad's sampling timer
        if self.key_timer is not None:
            self.key_timer.clock = self.clock  # its callbacks fire as hardware events
        if key_scanner == "timer" and hasattr(self.board, "key_sm"):
            self.board.key_sm = None  # build_unit then samples with the timer
        self.key_sm = getattr(self.board, "key_sm", None)  # the keypad's PIO state machine
        if self.key_sm is not None:
            self.key_sm.clock = self.clock  # it scans, and raises its IRQ, as hardware events
        self.parts = VirtualParts(self.board, edition, clock_us=lambda: self.clock.now_us)
        self.device: DeviceTime | None = None
        if device_time:
            costs = device_time if isinstance(device_time, dict) else load_costs()
            self.device = DeviceTime(self.clock, self.parts, self.board, costs)
        self.key_changes: list = []  # (logical key, down, at_us) of every scheduled key change
        self.keys: dict = {}
        self._keys_for = ""
        self._sync_keys(edition)
        self.slot_cards: dict = {"green": None, "red": None}
        self._cues: list = []
        self._tone_mark = 0
        self._task: asyncio.Task | None = None
        self.resets = 0  # machine.reset() calls the firmware made, each a reboot on this flash
        self.flash = VirtualFlash(self.flash_dir, seed=seed)  # can cut power, or fill up
        fresh = not self.flash.listdir()
        config = Config(self.flash, edition, lambda: unit_editions(self.board))
        if settings:
            try:
                change_settings(config, settings, fresh)
            except ValueError as error:
                if self._own_flash:
                    shutil.rmtree(self.flash_dir, ignore_errors=True)
                raise VirtualUnitError(str(error)) from None
        if fresh and uses_cards(config.settings.edition):
            cards = min(PLAYER_CARDS, config.settings.players())
            if cards:
                enrolled = [("card", card_id(n), n) for n in range(1, cards + 1)]
                if config.settings.edition == "banker":  # its 28 deed tags come enrolled too
                    enrolled += deed_tags(DEED_SQUARES)
                Store(self.flash).append(enrolled)
        self._boot()

    @property
    def edition_name(self) -> str:
        """The edition the unit runs: the one it was built for, or the one its settings chose
        (--set edition=..., the settings menu, a flash folder from another unit)."""
        unit = getattr(self, "unit", None)
        return self.built_for if unit is None else unit.edition.name

    # ---- lifecycle -------------------------------------------------------------------------

    def _boot(self) -> None:
        self.board.lang_fs = TablesFS()  # the language tables (ui.lang.load), compiled in memory
        self.unit = build_unit(
            self.board,
            self.built_for,
            fs=self.flash,
            seed=self.seed,
            summary=self.boot_summary,
            menu=True,
        )
        # The readers' driver waits a millisecond at a time while a reader resets, with
        # CPython's time.sleep here: real time, 10-15 ms a boot, in which the virtual clock
        # stands still and the chip model counts reads. Loaded on use: set once it is.
        driver = sys.modules.get("drivers.mfrc522")
        if driver is not None:
            driver.sleep_ms = _no_wait
        self.config = self.unit.config  # the shell lets go of it once the game begins
        self.unit.clock = self.clock.ticks_ms
        self.unit.on_cue = self._cues.append
        self.unit.screen_log = []  # read back by screen_text()
        if self.device is not None:
            self.device.attach(self.unit)
        self._task = self.loop.create_task(self.unit.run())
        self.advance(0.2)

    def _run(self, seconds: float) -> None:
        """Run the loop for `seconds` of virtual time. The firmware's machine.reset() (the
        stand-in raises ResetRequested out of its tasks) reboots the unit on the same flash at
        that instant, as the chip would, and the rest of the time runs on the new boot."""
        sleeper = self.loop.create_task(asyncio.sleep(seconds))
        while True:
            task = self._task
            waiting = {sleeper} if task is None or task.done() else {sleeper, task}
            self.loop.run_until_complete(
                asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
            )
            if task is None or not task.done() or task.cancelled():
                break
            if not isinstance(task.exception(), ResetRequested):
                sleeper.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    self.loop.run_until_complete(sleeper)
                task.result()  # a crashed firmware task surfaces here, with its traceback
                raise RuntimeError("the firmware's tasks ended")
            self.resets += 1
            self._stop()  # every task of the old run stops with the chip
            self._boot()  # the keys held stay held: a reset is not a hand let go
            if sleeper.done():
                break
        if not sleeper.done():
            sleeper.cancel()
        # The settings menu may have switched the unit to the Banker: its deed tags come
        # enrolled then too, as on a fresh Banker flash (a Banker that knows them: nothing).
        enroll_deed_tags(self.unit, DEED_SQUARES)

    def power_cycle(self, hold: str | None = None) -> None:
        """Cut power and boot again on the same flash; cards lying in the slots stay there.
        hold: a key held down while the unit powers up, released once it has booted (the
        menu's ok key, "go", opens the settings menu). Any key left down when the power went
        (a tap cut short by a power cut) is let go first: nobody holds it through the reboot."""
        logical = self._key(hold) if hold is not None else None
        self._stop()
        self.parts.keypad.release_all()
        if logical is not None:
            self.parts.keypad.press(logical)
        self._boot()
        if logical is not None:
            self.parts.keypad.release(logical)
            self.advance(TAP_S)

    def open_settings(self) -> None:
        """Power-cycle holding the menu's ok key: the unit asks "SETTINGS?"."""
        ok = self.config.menu_keys()[0]
        self._sync_keys(self.unit.edition.name)  # the menu may have changed the layout
        public = [name for name, key in self.keys.items() if key == ok]
        self.power_cycle(hold=public[0])

    def settings(self) -> dict:
        """Every setting in force for the unit's edition, by name (the volume as the edition
        has it now: Revolution journals a hold of "." as game state)."""
        settings = self.config.in_force(self.unit.edition)
        return {name: settings.get(name) for name in schema.names_for(settings.edition)}

    def _lightsleep(self, ms: int) -> None:
        """The board's machine.lightsleep: time passes, nothing of the firmware runs."""
        self.clock.sleep_us(ms * 1000)

    def _stop(self) -> None:
        if self.key_timer is not None:
            self.key_timer.deinit()  # the chip's timers stop with its power
        if self.key_sm is not None:
            self.key_sm.active(0)  # ... and so does its PIO
        task = self._task
        if task is None:
            return
        self._task = None
        if task.done():
            if not task.cancelled():
                task.exception()  # already raised by _run (a crash, a power cut): consumed
        else:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                self.loop.run_until_complete(task)
        leftovers = [t for t in asyncio.all_tasks(self.loop) if not t.done()]
        for leftover in leftovers:
            leftover.cancel()
        if leftovers:
            self.loop.run_until_complete(asyncio.gather(*leftovers, return_exceptions=True))

    def close(self) -> None:
        self._stop()
        self.loop.close()
        if self._own_flash:
            shutil.rmtree(self.flash_dir, ignore_errors=True)

    def __enter__(self) -> "VirtualUnit":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ---- hands on the unit -----------------------------------------------------------------

    def _sync_keys(self, edition: str) -> None:
        """The keys of the layout of the edition the unit runs (a menu may change it)."""
        if edition == self._keys_for:
            return
        keymap = self.board.keymap(edition)
        logical = {key for row in keymap for key in row if key is not None}
        self.keys = {name: key for name, key in KEY_NAMES.items() if key in logical}
        self._keys_for = edition
        if hasattr(self, "parts"):
            self.parts.keypad.keymap = keymap

    def _key(self, name: str) -> str:
        unit = getattr(self, "unit", None)
        if unit is not None:
            self._sync_keys(unit.edition.name)
        key = self.keys.get(ALIASES.get(name, name))
        if key is None:
            raise VirtualUnitError(
                "no key %r on the %s unit; keys: %s"
                % (name, self.edition_name, " ".join(sorted(self.keys)))
            )
        return key

    def press(self, key: str, down_ms: int | None = None, up_ms: int | None = None) -> list:
        """Tap a key. With down_ms/up_ms: the key goes down now and up down_ms later, both as
        clock events (exact even while the firmware is busy), then up_ms pass. Returns
        [(logical key, down_us)]."""
        if down_ms is None and up_ms is None:
            logical = self._key(key)
            down_us = self.clock.now_us
            self.parts.keypad.press(logical)
            self.advance(TAP_S)
            self.parts.keypad.release(logical)
            self.advance(TAP_S)
            return [(logical, down_us)]
        return self._schedule([key], down_ms, up_ms)

    def hold(self, key: str, seconds: float) -> None:
        """Press, keep it down for `seconds`, release. Both are checked before the key goes
        down: a refused call leaves the unit as it was."""
        logical = self._key(key)
        if not seconds >= 0:
            raise VirtualUnitError("a key is held for 0 seconds or more, not %r" % (seconds,))
        self.parts.keypad.press(logical)
        self.advance(seconds)
        self.parts.keypad.release(logical)
        self.advance(TAP_S)

    def type(self, text, down_ms: int | None = None, up_ms: int | None = None) -> list:
        """Tap each character as a key: type("1.5M"); or a list of key names. With down_ms /
        up_ms every key change is scheduled up front as a clock event: key n goes down at
        n x (down_ms + up_ms) from now and up down_ms later, whatever the firmware is doing
        (20 keys/s: type("1.5M", down_ms=25, up_ms=25)). Returns [(logical key, down_us)]."""
        names = list(text)
        if down_ms is None and up_ms is None:
            for name in names:
                self._key(name)  # every key checked before the first goes down
            typed: list = []
            for name in names:
                typed += self.press(name)
            return typed
        return self._schedule(names, down_ms, up_ms)

    def _schedule(self, names: list, down_ms, up_ms) -> list:
        down_us = round((TAP_S * 1000 if down_ms is None else down_ms) * 1000)
        up_us = round((TAP_S * 1000 if up_ms is None else up_ms) * 1000)
        if down_us <= 0 or up_us < 0:
            raise VirtualUnitError("a tap is down more than 0 ms and up 0 ms or more")
        logicals = [self._key(name) for name in names]  # all checked before any goes down
        start = self.clock.now_us
        typed = []
        for n, logical in enumerate(logicals):
            at = start + n * (down_us + up_us)
            self.clock.call_at(at, self._key_change(logical, True))
            self.clock.call_at(at + down_us, self._key_change(logical, False))
            typed.append((logical, at))
        self.advance(len(logicals) * (down_us + up_us) / 1e6)
        return typed

    def _key_change(self, logical: str, down: bool):
        def change() -> None:
            if down:
                self.parts.keypad.press(logical)
            else:
                self.parts.keypad.release(logical)
            self.key_changes.append((logical, down, self.clock.now_us))

        return change

    @property
    def uses_cards(self) -> bool:
        """Whether the running edition plays with cards (a settings change can switch it)."""
        return self.unit.uses_cards

    @property
    def language(self) -> str:
        """The language the screen speaks: "en", or the code of the table it draws through (a
        table that could not be read leaves it English). The settings menu can change it."""
        table = self.unit.screen.lang  # (ui.lang.load gives None for a table it cannot read)
        return "en" if table is None else table.code

    def _need_slots(self) -> None:
        if not self.uses_cards:
            raise VirtualUnitError("the %s unit has no card slots" % self.edition_name)

    def insert(
        self,
        card: int | None = None,
        slot: str = "",
        spare: int | None = None,
        deed: int | None = None,
    ) -> None:
        """Lay card number `card` in a slot (cards above 6 are cards this unit never
        enrolled), or spare tag `spare` (1..8, no player card's UID: what a cafe keeps to
        replace a lost card in the enrollment mode), or the Banker's tag of the deed on square
        `deed` (1..39) on that reader. Exactly one of card, spare and deed."""
        self._need_slots()
        if slot not in SLOTS:
            raise VirtualUnitError("slot must be 'green' or 'red', not %r" % (slot,))
        if [card, spare, deed].count(None) != 2:
            raise VirtualUnitError(
                "insert takes one of card=N, spare=K, deed=S: not both or neither"
            )
        if deed is not None:
            if deed not in DEED_SQUARES:
                raise VirtualUnitError("no deed on square %r; deeds: %s" % (deed, DEED_SQUARES))
            held = "deed %d" % deed
        elif spare is not None:
            if not isinstance(spare, int) or not 1 <= spare <= SPARES:
                raise VirtualUnitError("spare must be a number 1..%d, not %r" % (SPARES, spare))
            held = "spare %d" % spare
        else:
            if not isinstance(card, int) or not 1 <= card <= 250:
                raise VirtualUnitError("card must be a number 1..250, not %r" % (card,))
            held = card
        for name, holding in self.slot_cards.items():
            if holding == held:
                raise VirtualUnitError("%s is already in the %s slot" % (_held(held), name))
        if self.slot_cards[slot] is not None:
            raise VirtualUnitError(
                "the %s slot already holds %s" % (slot, _held(self.slot_cards[slot]))
            )
        self.slot_cards[slot] = held
        if deed is not None:
            self.parts.insert(SLOTS[slot], deed, deed=True)
        elif spare is not None:
            self.parts.insert(SLOTS[slot], spare, spare=True)
        else:
            self.parts.insert(SLOTS[slot], card)
        self.advance(CARD_SETTLE_S)

    def remove(self, slot: str) -> None:
        self._need_slots()
        if slot not in SLOTS:
            raise VirtualUnitError("slot must be 'green' or 'red', not %r" % (slot,))
        if self.slot_cards[slot] is None:
            raise VirtualUnitError("the %s slot is empty" % slot)
        self.slot_cards[slot] = None
        self.parts.remove(SLOTS[slot])
        self.advance(CARD_SETTLE_S)

    def advance(self, seconds: float) -> None:
        """Let virtual time pass; the firmware's tasks run as they would on the Pico."""
        if seconds < 0:
            raise VirtualUnitError("time only goes forward")
        self._run(seconds)

    # ---- what a person sees and hears -------------------------------------------------------

    def screen_text(self) -> list:
        """Every string on the glass, top to bottom, left to right; [] while the screen is dark."""
        if not self.parts.panel.display_on or not self.unit.display_ok:
            return []
        entries = [e for e in self.unit.screen_log if not e[2].startswith("icon:")]
        return [text for _, _, text in sorted(entries, key=lambda e: (e[1], e[0]))]

    def screen_icons(self) -> list:
        if not self.parts.panel.display_on or not self.unit.display_ok:
            return []
        return [e[2][5:] for e in self.unit.screen_log if e[2].startswith("icon:")]

    def screen_pixels(self) -> list:
        """The panel as 64 rows of 128 booleans, as lit on the glass."""
        panel = self.parts.panel
        lit = panel.display_on
        return [[lit and bool(panel.pixel(x, y)) for x in range(128)] for y in range(64)]

    def screenshot(self, path: str, scale: int = 4) -> None:
        """Save the panel as a PNG, scaled up, in OLED colours (light blue on black)."""
        from PIL import Image

        image = Image.new("RGB", (128, 64))
        on, off = (140, 210, 255), (0, 0, 0)
        image.putdata([on if lit else off for row in self.screen_pixels() for lit in row])
        image.resize((128 * scale, 64 * scale), Image.NEAREST).save(path)

    def _ledger(self):
        ledger = getattr(self.unit.edition, "ledger", None)
        if ledger is None:
            raise VirtualUnitError(
                "the %s unit keeps no balances (players hold their own money); see totals(), "
                "shares(), price()" % self.edition_name
            )
        return ledger

    def balance(self, card: int) -> int:
        return self._ledger().balance(card)

    def balances(self) -> dict:
        ledger = self._ledger()
        return {n: ledger.balance(n) for n in range(1, ledger.card_count + 1)}

    # ---- the Banker's estate (deeds by board square: Mediterranean Avenue 1 ... Boardwalk 39) --

    def _estate(self):
        part = getattr(self.unit.edition, "part", None)
        estate = getattr(part, "estate", None)
        if estate is None:
            raise VirtualUnitError("the %s unit holds no deeds" % self.edition_name)
        return estate

    def deed(self, square: int) -> dict:
        """The deed on `square` as the unit holds it: owner (card number, None: the bank),
        buildings (0..4 houses, 5 a hotel), mortgaged."""
        estate = self._estate()
        if square not in DEED_SQUARES:
            raise VirtualUnitError("no deed on square %r; deeds: %s" % (square, DEED_SQUARES))
        return {
            "owner": estate.owner(square),
            "buildings": estate.buildings_on(square),
            "mortgaged": estate.is_mortgaged(square),
        }

    def deeds(self) -> dict:
        """Every deed, square -> deed(square): the board of owners, buildings, mortgages."""
        return {square: self.deed(square) for square in DEED_SQUARES}

    def bank_supply(self) -> dict:
        """The houses and hotels the bank still holds."""
        houses, hotels = self._estate().supply()
        return {"houses": houses, "hotels": hotels}

    # ---- the Stock Exchange's market (tokens by name: "hat", "car", ... "boat") ---------------

    def _market(self):
        market = getattr(self.unit.edition, "market", None)
        if market is None:
            raise VirtualUnitError("the %s unit has no share market" % self.edition_name)
        return market

    def _code(self, code: int) -> int:
        if not isinstance(code, int) or not 1 <= code <= 22:
            raise VirtualUnitError("company code must be 1..22, not %r" % (code,))
        return code

    @staticmethod
    def _token(token: str) -> int:
        name = token.lower() if isinstance(token, str) else token
        if name not in TOKENS:
            raise VirtualUnitError("token must be one of %s, not %r" % (" ".join(TOKENS), token))
        return TOKENS.index(name)

    def shares(self, token: str, code: int) -> int:
        """Shares of company `code` the token holds, as the unit holds it."""
        return self._market().holdings[self._code(code)][self._token(token)]

    def bank_shares(self, code: int) -> int:
        return self._market().bank_shares(self._code(code))

    def price(self, code: int) -> int:
        """The share price of company `code` (0 while it is not listed)."""
        return self._market().share_price(self._code(code))

    def president(self, code: int) -> str | None:
        """The token presiding over company `code`, or None while it is not listed."""
        token = self._market().president[self._code(code)]
        return TOKENS[token] if token >= 0 else None

    def offices(self, code: int) -> int:
        """Office level of company `code`: 0..4 offices, 5 = one head office."""
        return self._market().offices[self._code(code)]

    def totals(self) -> dict:
        """What TOTAL shows: token name -> value, for the tokens in play."""
        market = self._market()
        values = market.totals()
        return {TOKENS[t]: values[t] for t in range(len(TOKENS)) if market.in_play[t]}

    def market_rows(self) -> list:
        """Every company, 1..22, as a dict: code, offices, bank (shares the bank holds),
        shares (token name -> count), president (token name or None), price, trend (-1/0/1)."""
        market = self._market()
        rows = []
        for code in range(1, 23):
            president = market.president[code]
            rows.append(
                {
                    "code": code,
                    "offices": market.offices[code],
                    "bank": market.bank_shares(code),
                    "shares": dict(zip(TOKENS, market.holdings[code], strict=True)),
                    "president": TOKENS[president] if president >= 0 else None,
                    "price": market.share_price(code),
                    "trend": market.trend[code],
                }
            )
        return rows

    # ---- the game's history, read back from the flash as the unit reads it (issue 19) ------

    def history(self, card: int | None = None) -> list:
        """Newest first. A card edition: card N's transactions as its history page shows them,
        dicts seq (the journal line), number (the game's transaction number its page's title
        shows: an undo's is the one it took back), amount (signed), other (BANK, GO, CARD 3,
        CHANCE, MORTGAGE, UNDO...), balance (after it), kind ("tx" or "undo") and undone. The Stock
        Exchange (no card): its transactions, dicts seq, kind, tokens, code, shares, amount."""
        from host_sim import history

        if not self.uses_cards:
            if card is not None:
                raise VirtualUnitError("the %s unit has no cards" % self.edition_name)
            rows = history.market_game(self.flash, self.unit.edition.name)[2]
            keep = ("seq", "kind", "tokens", "code", "shares", "amount")
            return [{name: row[name] for name in keep} for row in reversed(rows)]
        ledger = self._ledger()
        if not isinstance(card, int) or not 1 <= card <= ledger.card_count:
            raise VirtualUnitError("history(card=N): N must be 1..%d" % ledger.card_count)
        return history.card_history(self.flash, card, self.unit.edition)

    def price_history(self, code: int) -> list:
        """Company `code`'s share price after each transaction of the game, oldest first, as
        (seq, price) pairs (price 0 while unlisted)."""
        from host_sim import history

        self._market()
        column = "price_%02d" % self._code(code)
        return [
            (row["seq"], row[column])
            for row in history.market_game(self.flash, self.unit.edition.name)[2]
        ]

    def standings(self) -> dict:
        """What a step leaves behind, for scripts and the terminal UI: the balances of a card
        edition, or the Stock Exchange's totals."""
        if self.uses_cards:
            return self.balances()
        return self.totals()

    def sounds(self) -> list:
        """Names of the sound cues played since the last call, oldest first."""
        played = self._cues[:]
        del self._cues[:]
        return played

    def export_wav(self, path: str) -> float:
        """Everything the piezo played since power-up as a WAV file; returns its seconds."""
        from host_sim.audio import RATE, tones_to_wav

        heard = tones(self.board.piezo.log, self.clock.ms())
        return tones_to_wav(heard, path) / RATE

    def tones(self) -> list:
        """(frequency Hz, duration ms) the piezo sounded since the last call; 0 Hz is a rest."""
        log = self.board.piezo.log
        heard = [(freq, ms) for freq, _duty, ms in tones(log[self._tone_mark :], self.clock.ms())]
        self._tone_mark = len(log)
        while heard and heard[-1][0] == 0:
            heard.pop()  # the silence after the last note is not a rest
        return heard
