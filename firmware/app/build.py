# Builds a BankUnit from a board object: drivers on the board's buses, the edition, the store,
# and the settings (app.config) that choose the edition and rebuild it when they change.
from app import memory
from app.editions import draws_market, make_edition
from app.unit import BankUnit
from drivers.battery import Battery
from drivers.piezo import Piezo
from drivers.ssd1306 import SSD1306
from store.fs import DeviceFS
from store.store import Store
from ui.render import prepare


def build_unit(
    board,
    edition: str = "electronic_banking",
    fs=None,
    seed: int = 0,
    summary: bool = False,
    menu: bool = False,
    display=None,
):
    """Every driver is constructed here; none talks to its part until BankUnit.boot().
    edition: the unit's edition until the settings name another. fs: where the state and the
    settings live; by default the "data" folder of the board's filesystem. summary: show the
    settings at power-on. menu: look for the settings gesture (the menu's ok key held).
    The settings code (app.config) is loaded only for a summary, a menu or a settings file on
    flash. display: the SSD1306 already lit by app.first_light (None: built here). The
    readers are built for a card edition only; if the menu switches a card-less
    unit to a card edition, app.config builds them then. A language's table (<code>.tbl) is in
    the flash's "lang" folder, or board.lang_fs (ui.lang.load), looked at only when not English."""
    fs = fs if fs is not None else DeviceFS("data")
    lit = display is not None  # (its first frame on: drawn again in the settings' language)
    if display is None:
        display = SSD1306(board.i2c, board.display_address)
    # The renderer's large blocks first, while the heap is empty (issue 27); the Stock
    # Exchange's screens too when no summary or menu comes first (else BankUnit loads them
    # once it closes: the two at once would make the unit's highest heap).
    screen = prepare(display.canvas, draws_market(edition) and not (summary or menu))

    def keypad(name: str) -> tuple:
        keymap = board.keymap(name)
        sm = getattr(board, "key_sm", None)  # an rp2 state machine scans it (the Pico boards)
        if sm is not None:
            from drivers.pio_keypad import PioKeypad  # only on a board with PIO

            return PioKeypad(board.rows, board.cols, keymap, sm), keymap
        from drivers.keypad import Keypad  # a board without PIO, or a test rig

        timer = getattr(board, "key_timer", None)  # None: scanned by the task (test rigs)
        return Keypad(board.rows, board.cols, keymap, timer=timer), keymap

    def readers() -> list:
        from drivers.mfrc522 import MFRC522  # not loaded at all for a card-less edition

        return [
            MFRC522(board.green_spi, board.green_cs, board.green_rst),
            MFRC522(board.red_spi, board.red_cs, board.red_rst),
        ]

    if summary or menu or _settings_on(fs):
        from app.config import configure

        config, rules, keys, level = configure(
            board, fs, edition, seed, keypad, readers, summary, menu
        )
        lang = screen.lang = config.lang()
        if lang is not None:  # (an English edition is left without the attribute)
            rules.lang = lang
            if lit:
                from app.first_light import show

                show(display, screen)
    else:
        config = level = None
        rules = make_edition(edition, seed)
        keys, _ = keypad(rules.name)
    card_readers = readers() if rules.uses_cards else [None, None]
    piezo = Piezo(board.piezo) if level is None else Piezo(board.piezo, level)
    battery = Battery(board.vsys, divider=board.vsys_divider)
    unit = BankUnit(rules, keys, display, card_readers, piezo, battery, Store(fs), config, screen)
    unit.sleeper = getattr(board, "lightsleep", None)  # light sleep in standby (app.power)
    unit.vbus = getattr(board, "vbus", None)
    memory.set_threshold()
    return unit


def _settings_on(fs) -> bool:
    """Whether fs holds a settings file, or cannot be listed (app.config reports that)."""
    try:
        names = fs.listdir()
    except OSError:
        return True
    # store.settings_file's names, as app.config looks for them
    return any(name.startswith("set.") for name in names)
