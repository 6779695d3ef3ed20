# Raspberry Pi Pico 2 (RP2350): same header pinout and VSYS/3 divider on GP29 as the Pico.
from boards.pico import Board as PicoBoard

NAME = "pico2"


class Board(PicoBoard):
    name = NAME
