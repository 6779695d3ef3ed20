# Entry point on the Pico: build the board's hardware, light the panel, then the self-test (C
# held at power-on, CANCEL on the Stock Exchange keypad) or the banking unit, and run it. The
# unit shows its settings at power-on; holding the menu's ok key (GO, CONFIRM on the Stock
# Exchange) at power-on opens the settings menu instead (build_unit looks for it). Imports
# follow the order things are needed: the panel's first frame comes before the rules load. A
# board.py asking for what this firmware cannot run is said on the panel and main stops there:
# resetting would only fail again, every 3 s.
import sys
import time

import board  # type: ignore[import-not-found]  # written by `make deploy`: names the board file

from app.editions import uses_cards
from compat.const import const

_SUMMARY_MS = const(10000)  # the self-test's summary stays this long, then the unit starts


def selftest_if_held(hardware, keymap, edition: str) -> bool:
    """The self-test, when its key is held at power-on (True if it ran). Its module and parts
    are let go when this returns (nothing of it is kept in main's frame, which lives as long as
    the unit)."""
    from app.power_on import hold_at_power_on

    if not hold_at_power_on(hardware.rows, hardware.cols, keymap):  # C, or CANCEL without C
        return False
    from app.selftest import build_selftest
    from app.unit import device_ticks_ms

    selftest = build_selftest(hardware, keymap, cards=uses_cards(edition))
    while selftest.run_step(device_ticks_ms()):
        time.sleep_ms(10)  # type: ignore[attr-defined]
    time.sleep_ms(_SUMMARY_MS)  # type: ignore[attr-defined]
    return True


def runnable(edition: str) -> tuple:
    """app.unrunnable.check's answer for board.py; the module is let go when it is runnable
    (its code and the keypad layouts it reads are not needed again: about 1.3 KB of heap)."""
    from app.unrunnable import check

    matrix, problem = check(edition, getattr(board, "MATRIX", None))
    if problem is None:
        sys.modules.pop("app.unrunnable", None)
        app = sys.modules.get("app")
        if app is not None and hasattr(app, "unrunnable"):
            delattr(app, "unrunnable")
    return matrix, problem


def main() -> None:
    edition = getattr(board, "EDITION", "electronic_banking")
    # The keypad this unit was built with; by default the smallest that holds the edition's keys
    matrix, problem = runnable(edition)
    if problem is not None:
        from app.unrunnable import report

        report(board.Board(), problem)  # the panel says it; USB says what to deploy instead
        return
    hardware = board.Board(matrix)
    display = None
    if not selftest_if_held(hardware, hardware.keymap(edition), edition):
        from app.first_light import first_light

        display = first_light(hardware)  # the self-test draws its own pattern
        del first_light
    import asyncio

    from app.build import build_unit
    from app.memory import forget_boot

    unit = build_unit(hardware, edition, summary=True, menu=True, display=display)
    del build_unit  # this frame lives as long as the unit: it must not keep app.build alive
    forget_boot()
    asyncio.run(unit.run())


try:
    main()
except Exception as error:  # noqa: BLE001 - last resort: log it, then restart the unit
    import gc

    gc.collect()  # the unit's objects are garbage now; opening a file allocates
    if isinstance(error, MemoryError):
        try:
            from app.restart import note
            from store.fs import DeviceFS

            note(DeviceFS("data"))  # the next boot says MEMORY FULL: REBOOTED
        except Exception:  # noqa: BLE001, S110 - the reset below matters more than the notice
            pass
    import machine

    try:
        with open("crash.log", "a") as log:
            sys.print_exception(error, log)  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001, S110 - a full flash or heap must not stop the reset
        pass
    sys.print_exception(error)  # type: ignore[attr-defined]
    time.sleep(3)  # room for a developer to interrupt over USB before the reset
    machine.reset()
