# Raspberry Pi Pico W / Pico 2 W: the Pico pin map, with the VSYS reading shared with the radio.
#
# On the W boards GP29 is also the CYW43 radio's SPI clock and GP25 its chip select. Reading
# VSYS needs GP25 high (radio deselected) and GP29 as a plain input before the ADC sample.
# The unit never starts the radio, so the pins are set once here and stay that way.
from machine import ADC, Pin

from boards.pico import Board as PicoBoard

NAME = "pico_w"


class Board(PicoBoard):
    name = NAME

    def _sleep(self) -> tuple:
        # The W boards sense VBUS on the radio chip (WL_GPIO2), which the unit never starts:
        # with no way to tell USB from batteries, a Pico W never light-sleeps (app.power).
        return None, None

    def _vsys_adc(self):
        Pin(25, Pin.OUT, value=1)  # deselect the CYW43 so GP29 is free for the ADC
        Pin(29, Pin.IN, pull=None)  # type: ignore[arg-type]  # None: no pull (pads reset pulled down)
        return ADC(Pin(29))
