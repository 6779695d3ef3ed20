# The unit's settings: which ones each edition has, their defaults and ranges, records, and how
# they are handed to a freshly built edition. Pure: no storage, no clock.
#
# Records: ("setting", name, value) for a value set by the maker (the menu or the simulator);
# ("game", edition, players, start) names the edition, player count and start balance the game
# journal on flash was started with: the shell starts a new game when edition or players
# changed, and replays the journal onto that start balance (a changed start balance is the next
# new game's).
from app.editions import EDITIONS, about
from compat.const import const

# The settings' names: the public ones are read by other modules; the others are folded where
# they are used (mpy-cross), and a global name of theirs would cost the chip's heap a name each.
EDITION = const("edition")
_PLAYERS = const("players")
_START = const("start")
_GO = const("go")
CURRENCY = const("currency")
VOLUME = const("volume")
_STANDBY = const("standby")
_AUCTION = const("auction")
CHANCE = const("chance")
_CHANCE_PCT = const("chance_pct")
_HOLD = const("hold")
_FINE = const("fine")
_LANG = const("lang")

# Menu and summary order.
ORDER = (
    EDITION,
    _PLAYERS,
    _START,
    _GO,
    _FINE,
    CURRENCY,
    VOLUME,
    _STANDBY,
    _AUCTION,
    CHANCE,
    _CHANCE_PCT,
    _HOLD,
    _LANG,
)
# The settings' labels: literal pairs, one constant whose strings are not names in the chip's
# heap (a dict literal's would be).
LABELS = dict(
    (
        (EDITION, "EDITION"),
        (_PLAYERS, "PLAYERS"),
        (_START, "START"),
        (_GO, "GO"),
        (_FINE, "JAIL FINE"),
        (CURRENCY, "CURRENCY"),
        (VOLUME, "VOLUME"),
        (_STANDBY, "STANDBY S"),
        (_AUCTION, "AUCTION S"),
        (CHANCE, "CHANCE"),
        (_CHANCE_PCT, "CHANCE %"),
        (_HOLD, "HOLD MS"),
        (_LANG, "LANGUAGE"),
    )
)
# A change of these starts a new game (the journal holds balances for so many players of one
# edition): the menu asks first.
NEW_GAME = (EDITION, _PLAYERS)
_MONEY = const((_START, _GO))

_CURRENCIES = const(("$", "\u00a3", "\u20ac", "M"))  # dollar, pound, euro, Monopoly's M
ON_OFF = ("OFF", "ON")
# The screen's languages (English, and those with a table: lang/<code>.txt), and their names.
_LANGUAGES = const(("en", "fr"))
_LANGUAGE_NAMES = const(("ENGLISH", "FRAN\u00c7AIS"))
# The currency a language's units counted in, while none is set ("": the edition's own): the
# French units in francs, then euros, as the Stock Exchange's rulebook writes them (\u20acM).
_LANGUAGE_CURRENCIES = const(("", "\u20ac"))
# Volume names for an edition with levels (0 silent, 1 beeps only), and for the others, whose
# level is the piezo's loudness (silence is their own sound on/off key).
LEVEL_NAMES = ("SILENT", "BEEPS ONLY", "SOFT", "MEDIUM", "LOUD")
PIEZO_NAMES = ("SILENT", "QUIET", "SOFT", "MEDIUM", "LOUD")

# Per edition (its about module's SETTINGS, app.editions): setting -> (default, lowest, highest,
# step); what it does not list of these it has as here. EDITION is never listed: every edition
# has it, its choices are the editions this unit can run. Money is in the edition's units: K/M
# editions (about.KM_MONEY) in currency units (1M = 1_000_000), Classic in whole notes.
_COMMON = dict(
    (
        (_STANDBY, (60, 10, 600, 1)),
        (_HOLD, (2000, 500, 5000, 1)),
        (_LANG, ("en", None, None, None)),
    )
)
# The menu's keys (ok, back, next, prev) are the edition's about.MENU_KEYS: in an edit, next/prev
# step through a list; on a number, K and M (where the keypad has them) are its units.

# How a setting reaches an edition: (setting, constructor keyword, attribute, scale). A setting
# the edition's table does not list is skipped; one it lists names an attribute the edition has.
_APPLY = const(
    (
        (_PLAYERS, "card_count", None, 1),
        (_START, "start_balance", "start_balance", 1),  # built with the game's, set to the next's
        (_GO, "go_amount", None, 1),
        (_FINE, "fine", None, 1),
        (CURRENCY, "currency", None, 1),
        (_AUCTION, "auction_ms", None, 1000),
        (_CHANCE_PCT, "chance_percent", None, 1),
        (_STANDBY, None, "standby_ms", 1000),
        (_HOLD, None, "long_press_ms", 1),
    )
)
# holding K to enroll cards takes this much longer than the hold time
_ENROLL_EXTRA_MS = const(1000)

MSG_UNKNOWN = "UNKNOWN SETTING"
MSG_NOT_HERE = "NOT IN THIS EDITION"
MSG_EDITION = "EDITION NOT ON UNIT"
_MSG_NUMBER = const("%s: A NUMBER")
_MSG_RANGE = const("%s: %s TO %s")
_MSG_STEP = const("%s: STEPS OF %s")
MSG_CURRENCY = "CURRENCY: $ \u00a3 \u20ac M"  # _CURRENCIES, spelled out (no "CURRENCY: " name)
_MSG_LANG = const("LANGUAGE: EN FR")  # _LANGUAGES, spelled out


def applies(name: str, edition: str) -> bool:
    """Whether `edition` has this setting."""
    if name == EDITION:
        return True
    if edition not in EDITIONS:
        return False
    return name in about(edition).SETTINGS or name in _COMMON


def spec(name: str, edition: str) -> tuple:
    """(default, lowest, highest, step) of a setting in an edition; KeyError if it has none."""
    if edition not in EDITIONS:
        raise KeyError(edition)
    table = about(edition).SETTINGS
    if name in table:
        return table[name]
    return _COMMON[name]


def names_for(edition: str) -> list:
    """The settings of an edition, in menu order."""
    return [name for name in ORDER if applies(name, edition)]


def choices(name: str, edition: str, editions: tuple = ()) -> tuple | None:
    """The list a setting is chosen from, or None for a number typed with digits."""
    if name == EDITION:
        return tuple(editions)
    if name == CURRENCY:
        return _CURRENCIES
    if name == _LANG:
        return _LANGUAGES
    if name in (CHANCE, VOLUME):
        _, low, high, _ = spec(name, edition)
        return tuple(range(low, high + 1))
    return None


def validate(name: str, value, edition: str, editions: tuple = ()) -> str | None:
    """Why `value` cannot be `name` on a unit running `edition` (a message of at most 21
    characters), or None. editions: the editions this unit can run (for EDITION)."""
    if name not in LABELS:
        return MSG_UNKNOWN
    if name == EDITION:
        if value in editions and value in EDITIONS:
            return None
        return MSG_EDITION
    if not applies(name, edition):
        return MSG_NOT_HERE
    label = LABELS[name]
    if name == CURRENCY:
        return None if value in _CURRENCIES else MSG_CURRENCY
    if name == _LANG:
        return None if value in _LANGUAGES else _MSG_LANG
    if type(value) is not int:
        return _MSG_NUMBER % label
    _, low, high, step = spec(name, edition)
    if not low <= value <= high:
        return _MSG_RANGE % (label, _bound(name, low, edition), _bound(name, high, edition))
    if value % step:
        return _MSG_STEP % (label, _bound(name, step, edition))
    return None


def _bound(name: str, value: int, edition: str) -> str:
    if name in _MONEY and _km_money(edition):
        from rules.money import format_amount  # (a K/M edition's: loaded with it)

        return format_amount(value)
    return str(value)


def _km_money(edition: str) -> bool:
    """Whether the edition writes its amounts with K and M."""
    return edition in EDITIONS and about(edition).KM_MONEY


def menu_keys(edition: str) -> tuple:
    """(ok, back, next, prev) on the keypad of `edition`."""
    return about(edition).MENU_KEYS


def show(name: str, value, edition: str) -> str:
    """A value as the screen shows it."""
    if name == EDITION:
        return about(value).TITLE if value in EDITIONS else str(value).upper()
    if name in _MONEY and _km_money(edition):
        from rules.money import format_amount  # (a K/M edition's: loaded with it)

        return format_amount(value)
    if name == CHANCE:
        return ON_OFF[1 if value else 0]
    if name == _LANG:
        return _LANGUAGE_NAMES[_LANGUAGES.index(value)] if value in _LANGUAGES else str(value)
    if name == VOLUME:
        names = LEVEL_NAMES if spec(VOLUME, edition)[1] == 0 else PIEZO_NAMES
        return names[value] if 0 <= value < len(names) else str(value)
    return str(value)


class Settings:
    """The values in force: what was set, and each edition's default for the rest."""

    def __init__(self, default_edition: str, editions: tuple = ()) -> None:
        self.default_edition = default_edition
        self.editions = tuple(editions) or (default_edition,)
        self.values: dict = {}  # name -> value set by the maker (may not apply to the edition)
        self.game: tuple | None = None  # (edition, players, start) of the journal on flash

    @property
    def edition(self) -> str:
        chosen = self.values.get(EDITION)
        if chosen is not None and validate(EDITION, chosen, "", self.editions) is None:
            return chosen
        return self.default_edition

    def get(self, name: str):
        """The value in force for the current edition (None where the edition lacks it)."""
        edition = self.edition
        if name == EDITION:
            return edition
        if not applies(name, edition):
            return None
        value = self.values.get(name)
        if value is not None and validate(name, value, edition, self.editions) is None:
            return value
        if name == CURRENCY:  # none set: the language's, if it has one
            value = _LANGUAGE_CURRENCIES[_LANGUAGES.index(self.get(_LANG))]
            if value:
                return value
        return spec(name, edition)[0]

    def players(self) -> int:
        players = self.get(_PLAYERS)
        return players if players is not None else 0

    def current_game(self) -> tuple:
        start = self.get(_START)
        return (self.edition, self.players(), start if start is not None else 0)

    def same_game(self) -> bool:
        """The journal on flash holds a game of this edition and player count."""
        game = self.game
        return game is not None and tuple(game[:2]) == self.current_game()[:2]

    def restore(self, record: tuple) -> None:
        """Apply one record; ValueError if it is not a settings record. A value that does not
        fit the current edition is kept but not used (another edition may take it)."""
        kind = record[0]
        if kind == "setting" and len(record) == 3 and record[1] in LABELS:
            value = record[2]
            if type(value) is not int and type(value) is not str:
                raise ValueError("bad setting value")
            self.values[record[1]] = value
        elif kind == "game" and len(record) == 4:
            if type(record[1]) is not str or type(record[2]) is not int:
                raise ValueError("bad game record")
            if type(record[3]) is not int:
                raise ValueError("bad game record")
            self.game = (record[1], record[2], record[3])
        else:
            raise ValueError("not a settings record")

    def state_records(self) -> list:
        """Everything as records: restore() of these on fresh Settings rebuilds them."""
        records: list = [
            ("setting", name, self.values[name]) for name in ORDER if name in self.values
        ]
        if self.game is not None:
            records.append(("game", self.game[0], self.game[1], self.game[2]))
        return records

    def copy(self):
        twin = Settings(self.default_edition, self.editions)
        twin.values = dict(self.values)
        twin.game = self.game
        return twin

    def edition_kwargs(self) -> dict:
        """Constructor keywords for the edition these settings make (edition_kwargs)."""
        return edition_kwargs(self)

    def apply_attributes(self, edition) -> None:
        """The timing attributes and volume level of a freshly built edition (apply_attributes)."""
        apply_attributes(self, edition)

    def summary(self) -> list:
        """(label, shown value) of every setting of the current edition, in menu order."""
        edition = self.edition
        return [(LABELS[name], show(name, self.get(name), edition)) for name in names_for(edition)]


def edition_kwargs(settings: Settings) -> dict:
    """Constructor keywords for the settings' edition: one for each setting its table lists."""
    kwargs = {}
    for name, keyword, _, scale in _APPLY:
        value = settings.get(name)
        if keyword is None or value is None:
            continue
        if name == _CHANCE_PCT and not settings.get(CHANCE):
            value = 0  # random Chance off
        if name == _START and settings.same_game():
            value = settings.game[2]  # type: ignore[index]  # the journal replays onto it
        kwargs[keyword] = value * scale
    return kwargs


def apply_attributes(settings: Settings, edition) -> None:
    """Set the timing attributes of a freshly built edition, and its starting volume level.
    What it sets is declared, never probed (docs/editions.md): a setting the edition's table
    (about.SETTINGS) lists names an attribute it has; a card edition (uses_cards) has an enrolling
    hold, enroll_press_ms; an edition with volume levels declares its level (volume)."""
    for name, _, attribute, scale in _APPLY:
        value = settings.get(name)
        if attribute is None or value is None:
            continue
        setattr(edition, attribute, value * scale)
        if name == _HOLD and edition.uses_cards:
            edition.enroll_press_ms = value + _ENROLL_EXTRA_MS
    level = settings.get(VOLUME)
    if level is not None and edition.volume is not None:
        edition.restore(("set", VOLUME, level))  # the journal, replayed after, may change it


def follow_edition(settings: Settings, edition) -> None:
    """An edition that journals its own volume level (Revolution: a hold of "." changes it in
    play) has the level in force; the settings take it in memory (the file gets it with the
    next save), so that the menu, the summary and the simulator say the level that is heard."""
    level = edition.volume  # declared by every edition (rules.machine): None, or its level
    name = settings.edition
    if level is None or name != edition.name or not applies(VOLUME, name):
        return
    if settings.get(VOLUME) != level and validate(VOLUME, level, name) is None:
        settings.values[VOLUME] = level


def piezo_level(settings: Settings, edition) -> int | None:
    """The piezo loudness for an edition without its own volume levels (None: it has them)."""
    if edition.volume is not None:  # declared by every edition (rules.machine)
        return None
    return settings.get(VOLUME)
