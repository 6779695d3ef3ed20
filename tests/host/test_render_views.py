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


def test_digits_drawn_from_a_number_are_the_pixels_of_its_text():
    # draw_digits() draws an int without making its str: the same pixels and end x as
    # draw_text() of "%d" % number, at x1 and x2, over lit and unlit pixels. (Few x2 digits:
    # their glyphs stay built, on the suite's heap.)
    from ui import draw

    by_text = bytearray(256)  # 128 x 16
    by_number = bytearray(256)
    for number, scale in ((0, 1), (7, 1), (305, 1), (99999, 1), (1234567, 1), (-42, 1)) + (
        (10, 2),
        (1001, 2),
    ):
        for under in (0, 0x55):
            for i in range(256):
                by_text[i] = by_number[i] = under
            canvas = framebuf.FrameBuffer(by_text, 128, 16, framebuf.MONO_VLSB)
            end = draw.draw_text(canvas, "%d" % number, 3, 1, 1, 128, scale)
            canvas = framebuf.FrameBuffer(by_number, 128, 16, framebuf.MONO_VLSB)
            assert draw.draw_digits(canvas, number, 3, 1, scale) == end, number
            assert by_text == by_number, (number, scale, under)
            assert by_text != bytearray(256) and end > 3, (number, scale)
