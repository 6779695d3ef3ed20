# The unit's settings on flash, and how the shell turns them into an edition and its keypad.
#
# The settings code (rules.settings, the menu, the summary, the settings file) is needed at
# power-on only: a unit never set up builds its edition with the edition's own defaults and
# loads none of it, and the shell drops all of it once the boot summary or the menu has ended
# (BankUnit._forget_settings).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MSG_OLDER = "SETTINGS: LAST GOOD"  # the newest settings file was unreadable
MSG_DEFAULTS = "SETTINGS: DEFAULTS"  # no settings file could be read
SETTINGS_FILES = "set."  # store.settings_file's names


class Config:
    """Settings loaded from `fs` at power-on. make(settings or None) builds an edition;
    keypad(name) returns (Keypad, keymap) for an edition; both are set by app.build."""

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
        self.keymap: tuple = ()

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
