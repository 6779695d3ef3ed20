# The unit's settings on flash, and how the shell turns them into an edition and its keypad.
#
# The settings code (this module, rules.settings, the menu, the summary, the settings file) is
# needed at power-on only: a unit never set up builds its edition with the edition's own
# defaults and loads none of it (app.build does not even load this module when no settings
# file is on flash and neither the summary nor the menu is asked for), and the shell drops all
# of it once the boot summary or the menu has ended (forget_settings). What the shell
# does when a summary or menu ends (a new edition, a new game) lives here for the same reason.
import sys

from rules.keys import GREEN, RED

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MSG_OLDER = "SETTINGS: LAST GOOD"  # the newest settings file was unreadable
MSG_DEFAULTS = "SETTINGS: DEFAULTS"  # no settings file could be read
SETTINGS_FILES = "set."  # store.settings_file's names
# Code that runs at power-on only (the settings, the summary, the menu): dropped after it.
_POWER_ON_MODULES = (
    "rules.settings_menu",
    "rules.boot_summary",
    "rules.settings",
    "app.config",
    "app.selftest",
    "app.power_on",
    "store.settings_file",
    "boards.keymaps",  # the layouts of every edition: the keypad keeps its own
)


class Config:
    """Settings loaded from `fs` at power-on. make(settings or None) builds an edition;
    keypad(name) returns (Keypad, keymap) for an edition; readers() returns the two card
    readers (built only when the menu switches a card-less unit to a card edition); all three
    are set by app.build."""

    def __init__(self, fs, default_edition: str, editions) -> None:
        """editions: a callable giving the editions this unit can run (asked when needed)."""
        self.fs = fs
        self.default_edition = default_edition
        self._editions = editions
        self._records: list = []
        self._settings: Any = None
        self.notice = ""
        self.file: Any = None
        try:
            names = fs.listdir()
        except OSError:
            names = []
            self.notice = MSG_DEFAULTS  # the shell reports the flash itself as unreadable
        for name in names:
            if name.startswith(SETTINGS_FILES):
                self._records, problem = self._file().load()
                self.notice = MSG_DEFAULTS if problem else ""
                if problem == "older":
                    self.notice = MSG_OLDER
                break
        self.make: Any = None
        self.keypad: Any = None
        self.readers: Any = None
        self.keymap: tuple = ()
        self.summary = False
        self.held: Any = None

    def _file(self):
        if self.file is None:
            from store.settings_file import SettingsFile

            self.file = SettingsFile(self.fs)
        return self.file

    @property
    def settings(self):
        """The rules.settings.Settings in force (loaded on first use)."""
        if self._settings is None:
            from rules.settings import Settings

            settings = Settings(self.default_edition, self._editions())
            for record in self._records:
                try:
                    settings.restore(record)
                except ValueError:
                    self.notice = MSG_DEFAULTS
            if settings.game is None:
                # No record yet of which game the journal holds: the one these settings make.
                settings.game = settings.current_game()
            self._settings = settings
            self._records = []
        return self._settings

    def in_force(self, edition):
        """The settings, with the volume level the edition journaled since they were loaded
        (a hold of "." in Revolution): what the unit does now."""
        from rules.settings import follow_edition

        settings = self.settings
        follow_edition(settings, edition)
        return settings

    def set_up(self) -> bool:
        """Whether anything was ever set (a unit that never was runs on the defaults)."""
        return self._settings is not None or bool(self._records)

    @property
    def edition(self) -> str:
        return self.settings.edition if self.set_up() else self.default_edition

    def build_edition(self):
        """A fresh edition of the settings in force."""
        return self.make(self.settings if self.set_up() else None)

    def piezo_level(self, edition):
        """The piezo loudness for an edition without volume levels of its own, or None."""
        if not self.set_up():
            return None
        from rules.settings import piezo_level

        return piezo_level(self.settings, edition)

    def menu_keys(self) -> tuple:
        """(ok, back, next, prev) on the keypad of the edition in use."""
        from rules.settings import MENU_KEYS

        return MENU_KEYS.get(self.edition, MENU_KEYS["electronic_banking"])

    def save(self, records: list) -> None:
        """Make settings records durable, with every other setting (write-ahead: the caller
        applies them only after this returned). Raises OSError; then nothing changed."""
        twin = self.settings.copy()
        for record in records:
            twin.restore(record)
        self._file().save(twin.state_records())

    def new_game_due(self) -> bool:
        """The journal on flash holds another edition's game, or another number of players."""
        return self.set_up() and not self.settings.same_game()

    def game_started(self) -> None:
        """The journal now holds a game of the settings in force. Raises OSError."""
        game = self.settings.current_game()
        self.save([("game", game[0], game[1], game[2])])
        self.settings.game = game

    # ---- the shell's side: the summary or the menu over the edition, and what follows ------

    def begin(self, unit) -> None:
        """At the end of boot: the settings menu (its ok key held at power-on) or the summary
        runs over the edition; with neither, the settings code is let go at once."""
        if self.held is not None:
            from rules.settings_menu import SettingsMenu

            settings = self.in_force(unit.edition)  # the journal replayed: its volume level
            unit.overlay = SettingsMenu(settings, self.menu_keys(), True, self.held)
        elif self.summary:
            from rules.boot_summary import BootSummary

            unit.overlay = BootSummary(self.in_force(unit.edition))
        else:
            forget_settings(unit)

    def start_game(self, unit, cards: list) -> None:
        """A new game of the unit's edition (freshly built), keeping the enrolled cards that
        still fit; written as a snapshot, then the settings note which game the journal holds."""
        edition = unit.edition
        for record in cards:
            try:
                edition.restore(record)
            except ValueError:
                pass  # a number above the new player count, or an edition without cards
        if not unit.store.compact(edition.snapshot_records(), True):  # a new game's snapshot
            unit.storage_broken = True  # the old game's journal must not be added to
            return
        try:
            self.game_started()
        except OSError:
            unit.storage_broken = True

    def close_overlay(self, unit, now: int, key: str | None = None) -> None:
        """The summary or the menu ended (by `key`, whose release the edition must not see)."""
        overlay = unit.overlay
        unit.overlay = None
        unit.rendered_version = -1
        keymap = self.keymap
        changed = overlay.changed
        if changed:
            self.rebuild(unit, now, "volume" in changed)
        if key is not None:  # still down: by its name in the layout in use now
            if self.keymap is not keymap:
                key = _renamed(key, keymap, self.keymap)
            unit.edition.wake_key = key  # rules.machine: its release is not seen
        forget_settings(unit)
        for slot in (GREEN, RED):  # cards laid in while it ran reach the edition now
            card_slot = unit.slots[slot]
            if card_slot is not None and card_slot.uid_hex is not None:
                unit.edition.card_present(slot, card_slot.uid_hex, now)
                unit.settle()

    def rebuild(self, unit, now: int, volume_changed: bool) -> None:
        """A fresh edition from the settings: the journal replayed into it if it holds a game of
        the same edition and players, else a new game."""
        old = unit.edition
        edition = self.build_edition()
        unit.edition = edition
        edition.journal = unit.store  # its history (rules.history), as app.unit does
        if edition.name != old.name:
            if unit.uses_cards:
                if unit.readers[GREEN] is None and self.readers is not None:
                    unit.readers = self.readers()  # a card-less unit's readers, built now
                unit.retry_at[GREEN] = unit.retry_at[RED] = now  # look for the readers now
            else:
                unit.slots = [None, None]  # stop reading; poll_reader turns a field off
            keypad, keymap = self.keypad(edition.name)
            unit.keypad = keypad
            self.keymap = keymap
        if unit.storage_broken:
            return  # nothing can be written or read back: the defaults of a fresh edition
        if self.new_game_due():
            numbers = old.enrolled_cards()  # a card-less edition keeps them for this
            self.start_game(unit, [("card", card, numbers[card]) for card in numbers])
        else:
            try:
                records, _ = unit.store.load()
            except OSError:
                records = []
                unit.storage_broken = True
            for record in records:
                try:
                    edition.restore(record)
                except ValueError:
                    pass  # reported at boot already
        if volume_changed and edition.volume is not None:
            # The level is game state the edition journals: set it through its journal.
            edition.propose([("set", "volume", self.settings.get("volume"))])
            unit.settle()
        level = self.settings.get("volume")
        if edition.volume is None and level is not None and unit.piezo is not None:
            unit.piezo.set_volume(level)


def configure(board, fs, edition: str, seed: int, keypad, readers, summary: bool, menu: bool):
    """app.build.build_unit's settings part: (config, edition built from the settings, its
    Keypad, piezo level or None). keypad(name) and readers() build those parts on the board.
    summary: show the settings at power-on. menu: look for the settings gesture."""
    from app.editions import make_edition, unit_editions

    def editions() -> tuple:
        found = unit_editions(board)
        return found if edition in found else found + (edition,)

    def make(settings):
        return make_edition(edition, seed, settings)

    config = Config(fs, edition, editions)
    config.make = make
    config.keypad = keypad
    config.readers = readers
    config.summary = summary
    rules = config.build_edition()
    keys, config.keymap = keypad(rules.name)
    if menu:
        from app.power_on import hold_at_power_on

        ok = config.menu_keys()[0]
        if hold_at_power_on(board.rows, board.cols, config.keymap, ok):
            config.held = ok
    return config, rules, keys, config.piezo_level(rules)


def forget_settings(unit) -> None:
    """The game has begun: the settings code gives its heap back to it (the unit keeps no
    reference to the Config, and the modules leave sys.modules and their packages)."""
    unit.config = None
    modules = sys.modules
    for name in _POWER_ON_MODULES:
        if modules.pop(name, None) is not None:
            package, _, leaf = name.rpartition(".")
            parent = modules.get(package)
            if parent is not None and hasattr(parent, leaf):
                delattr(parent, leaf)


def _renamed(key: str, old_keymap, new_keymap):
    """The name the key at `key`'s position has in another keypad layout (None: no key)."""
    for r in range(len(old_keymap)):
        for c in range(len(old_keymap[r])):
            if old_keymap[r][c] == key:
                return new_keymap[r][c]
    return None
