# Entry point on the Pico: build the board's hardware and the unit, then run it forever.
import asyncio
import sys

import board  # type: ignore[import-not-found]  # written by `make deploy`: names the board file

from app.build import build_unit


def main() -> None:
    unit = build_unit(board.Board(), getattr(board, "EDITION", "electronic_banking"))
    asyncio.run(unit.run())


try:
    main()
except Exception as error:  # noqa: BLE001 - last resort: log it, then restart the unit
    import time

    import machine

    with open("crash.log", "a") as log:
        sys.print_exception(error, log)  # type: ignore[attr-defined]
    sys.print_exception(error)  # type: ignore[attr-defined]
    time.sleep(3)  # room for a developer to interrupt over USB before the reset
    machine.reset()
