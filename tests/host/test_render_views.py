"""Real Electronic Banking views drawn by ui.render read back as text (CPython: the rules
package and the renderer together do not fit the 64 KB MicroPython test heap)."""

import framebuf
from table import GREEN, RED, Table

from ui.render import BIG_Y, BOTTOM_Y, render


def screen(table: Table) -> dict:
    canvas = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    log: list = []
    render(canvas, table.unit.view(), {"battery_low": False, "notice": ""}, log)
    return {(y, text) for x, y, text in log} | {("icons", text) for x, y, text in log}


def test_idle_screen() -> None:
    shown = screen(Table())
    assert (0, "MONOPOLY BANK") in shown
    assert (BIG_Y, "----") in shown
    assert (BOTTOM_Y, "INSERT A CARD") in shown
    assert ("icons", "icon:receive") not in shown


def test_card_in_green_then_amount_entry() -> None:
    table = Table()
    table.insert(GREEN, 3)
    shown = screen(table)
    assert (0, "CARD 3 RECEIVES") in shown
    assert (BIG_Y, "CARD 3") in shown
    assert ("icons", "icon:receive") in shown
    table.type("25")
    shown = screen(table)
    assert (BIG_Y, "25") in shown
    assert (BOTTOM_Y, "BALANCE 15M") in shown


def test_transfer_shows_both_slot_icons() -> None:
    table = Table()
    table.insert(RED, 1)
    table.insert(GREEN, 2)
    shown = screen(table)
    assert (0, "CARD 1 > CARD 2") in shown
    assert ("icons", "icon:receive") in shown and ("icons", "icon:pay") in shown


def test_refused_amount_shows_the_error_message() -> None:
    table = Table()
    table.insert(RED, 1)
    table.type("5K")  # under the 10K minimum
    view = table.unit.view()
    assert view["error"]
    assert (BOTTOM_Y, view["message"]) in screen(table)
