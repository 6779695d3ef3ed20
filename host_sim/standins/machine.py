# CPython stand-in for MicroPython's machine module: the fake buses, so board files run unchanged.
from peripherals.bus import ADC, I2C, PWM, SPI, Pin

__all__ = ["ADC", "I2C", "PWM", "SPI", "Pin", "freq", "reset", "unique_id"]


class ResetRequested(Exception):
    """machine.reset() was called: the simulator reboots the unit instead of the process."""


def reset() -> None:
    raise ResetRequested()


def freq(hz: int | None = None) -> int:
    return 125000000


def unique_id() -> bytes:
    return b"\x00SIMUNIT"
