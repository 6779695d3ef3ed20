# Builds a BankUnit from a board object: drivers on the board's buses, the edition, the store,
# and the settings (app.config) that choose the edition and rebuild it when they change.
from app.unit import BankUnit
from drivers.battery import Battery
from drivers.keypad import Keypad
from drivers.mfrc522 import MFRC522
from drivers.piezo import Piezo
from drivers.ssd1306 import SSD1306
from store.fs import DeviceFS
from store.store import Store

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

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
    The readers are built for every edition (nothing talks to them until the unit starts
    them), since the settings can switch a card-less unit to a card edition."""
    from app.config import Config

    fs = fs if fs is not None else DeviceFS("data")

    def editions() -> tuple:
        found = unit_editions(board)
        return found if edition in found else found + (edition,)

    config = Config(fs, edition, editions)

    def make(settings):
        return make_edition(edition, seed, settings)

    def keypad(name: str) -> tuple:
        keymap = board.keymap(name)
        return Keypad(board.rows, board.cols, keymap), keymap

    config.make = make
    config.keypad = keypad
    rules = config.build_edition()
    keys, config.keymap = keypad(rules.name)
    held = None
    if menu:
        from app.selftest import hold_at_power_on

        ok = config.menu_keys()[0]
        if hold_at_power_on(board.rows, board.cols, config.keymap, ok):
            held = ok
    display = SSD1306(board.i2c, board.display_address)
    readers = [
        MFRC522(board.spi, board.green_cs, board.green_rst),
        MFRC522(board.spi, board.red_cs, board.red_rst),
    ]
    level = config.piezo_level(rules)
    piezo = Piezo(board.piezo) if level is None else Piezo(board.piezo, level)
    battery = Battery(board.vsys, divider=board.vsys_divider)
    unit = BankUnit(rules, keys, display, readers, piezo, battery, Store(fs))
    unit.config = config
    unit.show_summary = summary
    unit.menu_held = held
    return unit
