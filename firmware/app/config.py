# The unit's settings on flash, and how the shell turns them into an edition and its keypad.
#
# The settings code (this module, rules.settings, the menu, the summary, the settings file) is
# needed at power-on only: a unit never set up builds its edition with the edition's own
# defaults and loads none of it (app.build does not even load this module when no settings
# file is on flash and neither the summary nor the menu is asked for), and the shell drops all
# of it once the boot summary or the menu has ended (Config.forget). What the shell
# does when a summary or menu ends (a new edition, a new game) lives here for the same reason.
from app.memory import forget_module
from compat.const import const
from rules.keys import GREEN

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from typing import Any

_MSG_OLDER = const("SETTINGS: LAST GOOD")  # the newest settings file was unreadable
_MSG_DEFAULTS = const("SETTINGS: DEFAULTS")  # no settings file could be read
_SETTINGS_FILES = const("set.")  # store.settings_file's names
# The language settings drawn without a table (a tuple constant's texts are no names on the chip)
_ENGLISH = const((None, "", "en"))
# A language set whose table cannot be read (none in the flash's lang folder, or one of an older
# format: make deploy writes it): the screens stay English and the notice says why.
_NO_TABLE = const(("NO LANGUAGE TABLE",))
# What a game enrolled, carried into a new game of another edition (start_game): the cards and
# the Banker's deed tags (rules.cards: every other edition keeps those for it)
_ENROLMENTS = const(("card", "uncard", "deed_tag"))
# Code that runs at power-on only (the settings, the summary, the menu): dropped after it.
_POWER_ON_MODULES = const(
    (
        "rules.settings_menu",
        "rules.boot_summary",
        "rules.settings",
        "app.config",
        "app.selftest",
        "app.power_on",
        "store.settings_file",
        "boards.keymaps",  # the layouts of every edition: the keypad keeps its own
    )
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
        self.editions = editions
        self.records: list = []  # the settings file's records, until applied
        self._settings: Any = None
        self.notice = ""
        self.file: Any = None
        try:
            names = fs.listdir()
        except OSError:
            names = []
            self.notice = _MSG_DEFAULTS  # the shell reports the flash itself as unreadable
        for name in names:
            if name.startswith(_SETTINGS_FILES):
                self.records, problem = self._file().load()
                self.notice = _MSG_DEFAULTS if problem else ""
                if problem == "older":
                    self.notice = _MSG_OLDER
                break
        self.make: Any = None
        self.keypad: Any = None
        self.readers: Any = None
        self.keymap: tuple = ()
        self.summary = False
        self.held: Any = None
        self.board: Any = None  # (set by configure: where a language's table is, ui.lang.load)

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

            settings = Settings(self.default_edition, self.editions())
            for record in self.records:
                try:
                    settings.restore(record)
                except ValueError:
                    self.notice = _MSG_DEFAULTS
            if settings.game is None:
                # No record yet of which game the journal holds: the one these settings make.
                settings.game = settings.current_game()
            self._settings = settings
            self.records = []
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
        return self._settings is not None or bool(self.records)

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

    def lang(self):
        """The screen's language: None for English, else its table (ui.lang.Table), its index
        read now (at boot, while the heap is empty, or as the menu closes). A language whose
        table cannot be read is drawn in English, with the notice NO LANGUAGE TABLE (a
        settings file's notice, said first, wins)."""
        if not self.set_up():
            return None
        code = self.settings.get("lang")
        if code in _ENGLISH:
            return None
        from ui.lang import load

        table = load(self.board, code)
        if table is None and not self.notice:
            self.notice = _NO_TABLE[0]
        return table

    def menu_keys(self) -> tuple:
        """(ok, back, next, prev) on the keypad of the edition in use."""
        from app.editions import DEFAULT, EDITIONS
        from rules.settings import menu_keys

        edition = self.edition
        return menu_keys(edition if edition in EDITIONS else DEFAULT)

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
    # Each step returns a Change; the unit applies it (BankUnit.apply): nothing here writes the
    # unit's state.

    def begin(self, edition):
        """At the end of boot: the settings menu (its ok key held at power-on) or the summary
        runs over the edition; with neither, the settings code is let go at once."""
        if self.held is not None:
            from rules.settings_menu import SettingsMenu

            settings = self.in_force(edition)  # the journal replayed: its volume level
            return Change(overlay=SettingsMenu(settings, self.menu_keys(), True, self.held))
        if self.summary:
            from rules.boot_summary import BootSummary

            # The summary holds its text alone and changes no setting: the settings code (this
            # module too) is let go as it starts. With the game's modules loaded, the two at
            # once made the unit's highest heap (issue 27). The unit closes it by itself.
            return Change(overlay=BootSummary(self.in_force(edition).summary()), done=True)
        return Change(done=True)

    def start_game(self, edition, store, records: list):
        """A new game of `edition` (freshly built), keeping what the old game's `records` (its
        journal, or its edition's snapshot) enrolled: the cards that still fit, the Banker's
        deed tags (which every edition keeps for it); written as a snapshot, then the settings
        note which game the journal holds. The Change says whether the storage failed (the
        old game's journal must not be added to)."""
        for record in records:
            if record[0] in _ENROLMENTS:
                try:
                    edition.restore(record)
                except ValueError:
                    pass  # a number above the new player count
        if not store.compact(edition.snapshot_records(), True):  # a new game's snapshot
            return Change(storage_broken=True)
        try:
            self.game_started()
        except OSError:
            return Change(storage_broken=True)
        return Change()

    def close_overlay(self, overlay, edition, store, readers, broken: bool, key=None):
        """The summary or the menu ended (by `key`, whose release the edition must not see):
        the unit's edition, store and readers and whether its storage is broken, as they are."""
        keymap = self.keymap
        changed = overlay.changed
        change = Change(done=True, closed=True)
        if changed:
            change = self.rebuild(change, edition, store, readers, broken, "volume" in changed)
            lang = edition.lang  # the screen's, as the old edition was given it
            if "lang" in changed:
                self.notice = ""  # (the boot's was shown then)
                lang = change.lang = self.lang()
                change.notice = self.notice
            if lang is not None:
                change.edition.lang = lang
        if key is not None:  # still down: by its name in the layout in use now
            if self.keymap is not keymap:
                key = _renamed(key, keymap, self.keymap)
            change.release = key
        return change

    def rebuild(self, change, old, store, readers, broken: bool, volume_changed: bool):
        """A fresh edition from the settings: the journal replayed into it if it holds a game of
        the same edition and players, else a new game."""
        edition = self.build_edition()
        change.edition = edition
        edition.journal = store  # its history (rules.history), as app.unit does
        if edition.name != old.name:
            if edition.uses_cards and readers[GREEN] is None and self.readers is not None:
                change.readers = self.readers()  # a card-less unit's readers, built now
            change.keypad, self.keymap = self.keypad(edition.name)
        if broken:
            return change  # nothing can be written or read back: the defaults of a fresh edition
        if self.new_game_due():
            # What the old game enrolled, as its snapshot holds it (a card-less edition keeps
            # the cards, every edition the Banker's deed tags, for this)
            started = self.start_game(edition, store, old.snapshot_records())
            change.storage_broken = started.storage_broken
        else:
            try:
                records, _ = store.load()
            except OSError:
                records = []
                change.storage_broken = True
            for record in records:
                try:
                    edition.restore(record)
                except ValueError:
                    pass  # reported at boot already
        if volume_changed and edition.volume is not None:
            # The level is game state the edition journals: set it through its journal.
            edition.propose([("set", "volume", self.settings.get("volume"))])
        if edition.volume is None:
            change.volume = self.settings.get("volume")
        return change

    def forget(self) -> None:
        """The game has begun: the settings code gives its heap back to it (the modules leave
        sys.modules and their packages; the unit has dropped its reference to this Config)."""
        for name in _POWER_ON_MODULES:
            forget_module(name)


class Change:
    """A configuration step's outcome, applied by the unit in one place (BankUnit.apply); each
    field left as built leaves that part of the unit as it is."""

    def __init__(
        self, overlay=None, done: bool = False, closed: bool = False, storage_broken=False
    ):
        self.overlay = overlay  # the summary or the menu to run over the edition
        self.done = done  # the settings code is let go (Config.forget)
        self.closed = closed  # the summary or the menu ended
        self.storage_broken = storage_broken  # the journal can no longer be written or read
        self.edition: Any = None  # a fresh edition, its journal replayed (or a new game)
        self.keypad: Any = None  # that edition's keypad, when its layout differs
        self.readers: Any = None  # the card readers, built now for a card-less unit
        self.volume: Any = None  # the piezo's level, for an edition without levels of its own
        self.release: Any = False  # a key still down the edition must ignore (False: none)
        self.lang: Any = False  # the screen's new language (Config.lang; False: as it is)
        self.notice = ""  # with it, the shell's notice: NO LANGUAGE TABLE, or none


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
    config.board = board
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


def _renamed(key: str, old_keymap, new_keymap):
    """The name the key at `key`'s position has in another keypad layout (None: no key)."""
    for r in range(len(old_keymap)):
        for c in range(len(old_keymap[r])):
            if old_keymap[r][c] == key:
                return new_keymap[r][c]
    return None
