# Builds a BankUnit from a board object: drivers on the board's buses, the edition, the store,
# and the settings (app.config) that choose the edition and rebuild it when they change.
from app.unit import BankUnit
from drivers.battery import Battery
from drivers.keypad import Keypad
from drivers.piezo import Piezo
from drivers.ssd1306 import SSD1306
from store.fs import DeviceFS
from store.store import Store

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SETTINGS_FILES = "set."  # store.settings_file's names, as app.config looks for them
EDITIONS = ("electronic_banking", "revolution", "classic", "stock_exchange")
# Editions played without cards (their rules have uses_cards = False): they never start, poll
# or miss the readers, so a unit that only plays the Stock Exchange needs none fitted.
CARDLESS = ("stock_exchange",)


def uses_cards(name: str) -> bool:
    return name not in CARDLESS


def make_edition(name: str, seed: int = 0, settings=None):
    """seed: where an edition that draws cards starts its PRNG on a fresh flash (once it has
    drawn, the generator's state is journaled and restored instead). settings: a
    rules.settings.Settings whose values the edition is built with (None: the defaults)."""
    kwargs: dict = {}
    edition: Any
    if settings is not None:
        from rules.settings import edition_kwargs

        name = settings.edition
        kwargs = edition_kwargs(settings)
    if name == "electronic_banking":
        from rules.electronic_banking import ElectronicBanking

        edition = ElectronicBanking(**kwargs)
    elif name == "revolution":
        from rules.revolution import Revolution

        edition = Revolution(seed=seed, **kwargs)
    elif name == "classic":
        from rules.classic import Classic

        edition = Classic(**kwargs)
    elif name == "stock_exchange":
        from rules.stock_exchange import StockExchange

        edition = StockExchange(**kwargs)
    else:
        raise ValueError("unknown edition " + name)
    if settings is not None:
        from rules.settings import apply_attributes

        apply_attributes(settings, edition)
    return edition


def unit_editions(board) -> tuple:
    """The editions this unit can run: built, and with a layout on the board's keypad."""
    found = []
    for name in EDITIONS:
        try:
            board.keymap(name)
        except ValueError:
            continue
        found.append(name)
    return tuple(found)


def build_unit(
    board,
    edition: str = "electronic_banking",
    fs=None,
    seed: int = 0,
    summary: bool = False,
    menu: bool = False,
):
    """Every driver is constructed here; none talks to its part until BankUnit.boot().
    edition: the unit's edition until the settings name another. fs: where the state and the
    settings live; by default the "data" folder of the board's filesystem. summary: show the
    settings at power-on. menu: look for the settings gesture (the menu's ok key held).
    The settings code (app.config) is loaded only for a summary, a menu or a settings file on
    flash. The readers are built for a card edition only; if the menu switches a card-less
    unit to a card edition, app.config builds them then."""
    fs = fs if fs is not None else DeviceFS("data")

    def keypad(name: str) -> tuple:
        keymap = board.keymap(name)
        timer = getattr(board, "key_timer", None)  # None: scanned by the task (test rigs)
        return Keypad(board.rows, board.cols, keymap, timer=timer), keymap

    def readers() -> list:
        from drivers.mfrc522 import MFRC522  # not loaded at all for a card-less edition

        return [
            MFRC522(board.spi, board.green_cs, board.green_rst),
            MFRC522(board.spi, board.red_cs, board.red_rst),
        ]

    if summary or menu or _settings_on(fs):
        from app.config import configure

        config, rules, keys, level = configure(
            board, fs, edition, seed, keypad, readers, summary, menu
        )
    else:
        config = level = None
        rules = make_edition(edition, seed)
        keys, _ = keypad(rules.name)
    display = SSD1306(board.i2c, board.display_address)
    card_readers = readers() if getattr(rules, "uses_cards", True) else [None, None]
    piezo = Piezo(board.piezo) if level is None else Piezo(board.piezo, level)
    battery = Battery(board.vsys, divider=board.vsys_divider)
    unit = BankUnit(rules, keys, display, card_readers, piezo, battery, Store(fs))
    unit.config = config
    return unit


def _settings_on(fs) -> bool:
    """Whether fs holds a settings file, or cannot be listed (app.config reports that)."""
    try:
        names = fs.listdir()
    except OSError:
        return True
    return any(name.startswith(SETTINGS_FILES) for name in names)
