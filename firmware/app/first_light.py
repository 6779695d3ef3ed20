# The panel's first frame at power-on, drawn before the rules, the settings and the journal load:
# on the chip those imports take a few hundred milliseconds, and a dark screen for that long
# reads as a dead unit. Only the display driver and the renderer are loaded for it. In another
# language than English the frame is drawn again once the settings are read (show()).
from compat.const import const
from drivers.ssd1306 import SSD1306
from ui.render import render

TITLE = "MONOPOLY BANK"
_STARTING = const("STARTING")


def first_light(board):
    """The board's SSD1306, configured and showing the title; None when no display answers
    (the unit then looks for it again as usual)."""
    display = SSD1306(board.i2c, board.display_address)
    try:
        display.init_display()
        render(display.canvas, {"title": TITLE, "detail": _STARTING, "display_on": True})
        display.show()
    except OSError:
        return None
    return display


def show(display, screen) -> None:
    """The first frame again through `screen` (ui.render.Screen), in the language the settings
    name (its table loaded by then): drawn in English before they were read, it would stay so
    until the unit's first screen. A display that stopped answering is the unit's to find."""
    try:
        screen.forget()
        screen.draw({"title": TITLE, "detail": _STARTING, "display_on": True})
        display.show()
    except OSError:
        pass
