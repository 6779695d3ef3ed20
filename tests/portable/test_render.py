# The screen renderer (and the canvas primitives it relies on), portable: CPython and MicroPython.
import framebuf
from canvas_rig import BoundsCanvas, new_canvas

from drivers.ssd1306 import SSD1306
from ui import fonts
from ui.render import BAR_Y, BIG_Y, BOTTOM_Y, big_width, render, text_width

FULL_FRAME_BYTES = 8 + 1026  # window command + control byte and 1024 data bytes


def make_view(**changes):
    view = {
        "display_on": True,
        "green": None,
        "red": None,
        "sound": True,
        "message": "",
        "error": False,
        "title": "CARD 1 RECEIVES",
        "big": "15M",
        "detail": "+2M",
        "mode": "receive",
    }
    view.update(changes)
    return view


def lit_in(canvas, x0, y0, x1, y1):
    """Lit pixels in the box x0 <= x < x1, y0 <= y < y1."""
    count = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            count += canvas.pixel(x, y)
    return count


def entry_at(log, y):
    for entry in log:
        if entry[1] == y and not entry[2].startswith("icon:"):
            return entry
    return None


def test_big_balance_is_centred_in_the_big_band_and_logged():
    canvas = new_canvas()
    log: list = []
    render(canvas, make_view(big="123.45M"), log=log)
    width = big_width("123.45M")
    assert width <= 128
    x = (128 - width) // 2
    assert (x, BIG_Y, "123.45M") in log
    band = lit_in(canvas, x, BIG_Y, x + width, BIG_Y + fonts.BIG_HEIGHT)
    assert band > 300  # thick strokes
    assert lit_in(canvas, 0, 12, 128, BIG_Y) == 0  # nothing between the rule and the band
    assert lit_in(canvas, 0, BIG_Y + fonts.BIG_HEIGHT, 128, BAR_Y) == 0


def test_card_number_and_longest_balance_fit_in_big_glyphs():
    for text in ("CARD 8", "123.45M", "999.99M", "----"):
        assert big_width(text) <= 128, text


def test_title_and_detail_read_back_from_the_log():
    canvas = new_canvas()
    log: list = []
    render(canvas, make_view(), log=log)
    assert (0, 0, "CARD 1 RECEIVES") in log
    assert entry_at(log, BOTTOM_Y)[2] == "+2M"
    assert lit_in(canvas, 0, 0, 128, 8) > 0
    assert lit_in(canvas, 0, BOTTOM_Y, 128, 64) > 0


def test_message_replaces_the_detail_line_without_a_bar():
    canvas = new_canvas()
    log: list = []
    render(canvas, make_view(message="SOUND OFF"), log=log)
    assert entry_at(log, BOTTOM_Y)[2] == "SOUND OFF"
    assert "+2M" not in [entry[2] for entry in log]
    assert canvas.pixel(0, 60) == 0 and canvas.pixel(127, BAR_Y) == 0


def test_error_message_is_drawn_inverted_in_a_white_bar():
    canvas = new_canvas()
    log: list = []
    render(canvas, make_view(message="NOT ENOUGH MONEY", error=True), log=log)
    x, y, text = entry_at(log, BOTTOM_Y)
    assert text == "NOT ENOUGH MONEY"
    assert canvas.pixel(0, BAR_Y) == 1 and canvas.pixel(127, 63) == 1
    bar = 128 * (64 - BAR_Y)
    dark = bar - lit_in(canvas, 0, BAR_Y, 128, 64)
    assert dark > 40  # the letters are holes in the bar
    assert lit_in(canvas, 0, BAR_Y, x, 64) == x * (64 - BAR_Y)  # solid left of the text


def test_notice_fills_the_message_line_only_when_there_is_no_message():
    canvas = new_canvas()
    log: list = []
    status = {"battery_low": False, "notice": "RED READER MISSING"}
    render(canvas, make_view(), status, log)
    assert entry_at(log, BOTTOM_Y)[2] == "RED READER MISSING"
    assert canvas.pixel(0, BAR_Y) == 1
    log = []
    render(canvas, make_view(message="MIN 10K", error=True), status, log)
    assert entry_at(log, BOTTOM_Y)[2] == "MIN 10K"


def icon_names(log):
    return sorted(entry[2] for entry in log if entry[2].startswith("icon:"))


def test_icons_appear_for_filled_slots_sound_off_and_low_battery():
    canvas = new_canvas()
    log: list = []
    render(canvas, make_view(), log=log)
    assert icon_names(log) == []
    assert lit_in(canvas, 92, 0, 128, 8) == 0
    log = []
    render(canvas, make_view(green=1, red=2, sound=False), {"battery_low": True}, log)
    assert icon_names(log) == ["icon:battery_low", "icon:pay", "icon:receive", "icon:sound_off"]
    for x, y, name in log:
        if name.startswith("icon:"):
            assert lit_in(canvas, x, y, x + 8, y + 8) > 8, name
    log = []
    render(canvas, make_view(red=2), log=log)
    assert icon_names(log) == ["icon:pay"]


def test_title_stops_before_the_first_icon():
    canvas = new_canvas()
    log: list = []
    render(canvas, make_view(title="A VERY LONG TITLE THAT GOES ON", green=1), log=log)
    x, y, text = entry_at(log, 0)
    icon_x = min(entry[0] for entry in log if entry[2].startswith("icon:"))
    assert x + text_width(text) < icon_x
    assert lit_in(canvas, x + text_width(text), 0, icon_x, 8) == 0


def test_letters_outside_the_font_draw_as_question_marks_and_lower_case_as_upper():
    first = new_canvas()
    second = new_canvas()
    render(first, make_view(detail="abc ~"), log=None)
    render(second, make_view(detail="ABC ?"), log=None)
    assert lit_in(first, 0, BOTTOM_Y, 128, 64) > 0
    for y in range(BOTTOM_Y, 64):
        for x in range(128):
            assert first.pixel(x, y) == second.pixel(x, y)


def test_text_never_draws_outside_the_screen():
    long_text = "WXYZ%#@ 0123456789 MMMMMMMMMM WWWWWWWWWW"
    views = (
        make_view(title=long_text, big=long_text, detail=long_text, green=1, red=2, sound=False),
        make_view(big="88888888M", message=long_text, error=True),
        make_view(big="CARD 8 > CARD 7"),
        make_view(big="MMMMMMMMMMMMMMMMMMMMMMMMM", message=long_text),
    )
    for view in views:
        canvas = BoundsCanvas()
        log: list = []
        render(canvas, view, {"battery_low": True, "notice": long_text}, log)
        assert canvas.outside == [], canvas.outside
        for x, y, text in log:
            assert x >= 0 and y >= 0
            if not text.startswith("icon:"):
                assert x + text_width(text) <= 128 or x + big_width(text) <= 128, text


class CountingWire:
    """Stands in for the I2C bus: counts bytes on the wire (address bytes included) and the
    frame bytes among them (transactions whose control byte is 0x40)."""

    def __init__(self):
        self.bytes_written = 0
        self.frame_bytes = 0

    def writeto(self, address, buf, stop=True):
        self._count(len(buf), buf[0])
        return len(buf)

    def writevto(self, address, vector, stop=True):
        count = 0
        for part in vector:
            count += len(part)
        self._count(count, vector[0][0])
        return count

    def _count(self, count, control):
        self.bytes_written += count + 1
        if control == 0x40:
            self.frame_bytes += count - 1


def test_one_keypress_in_amount_entry_sends_three_pages():
    wire = CountingWire()
    display = SSD1306(wire)
    display.init_display()
    view = make_view(green=1, mode="entry", big="1", detail="BALANCE 15M")
    render(display.canvas, view)
    full = display.show()
    view["big"] = "12"
    render(display.canvas, view)
    frame_bytes = wire.frame_bytes
    before = wire.bytes_written
    keypress = display.show()
    print("show() bytes: first frame %d, keypress 1 -> 12: %d" % (full, keypress))
    assert keypress == wire.bytes_written - before
    assert full >= FULL_FRAME_BYTES
    assert wire.frame_bytes - frame_bytes == 3 * 128  # the big band is pages 3-5
    assert keypress == 8 + 3 * 130  # one window command, then a write per page
    assert keypress * 2 < FULL_FRAME_BYTES


def test_canvas_primitives_match_micropython_framebuf():
    # Expected bytes come from MicroPython's own framebuf; on CPython this checks the stand-in.
    buf = bytearray(64)
    canvas = framebuf.FrameBuffer(buf, 32, 16, framebuf.MONO_VLSB)
    canvas.line(5, 15, 25, 0, 1)
    assert bytes(buf) == bytes.fromhex(
        "0000000000000000000000000000008080402010100804020201000000000000"
        "0000000000804020201008040402010000000000000000000000000000000000"
    )
    sprite_buf = bytearray(3)
    sprite = framebuf.FrameBuffer(sprite_buf, 3, 3, framebuf.MONO_VLSB)
    sprite.pixel(0, 0, 1)
    sprite.pixel(2, 2, 1)
    canvas.fill(0)
    canvas.blit(sprite, 30, 14, 0)  # clipped at the right and bottom edges
    assert canvas.pixel(30, 14) == 1 and canvas.pixel(31, 15) == 0
    canvas.rect(0, 0, 4, 4, 1, True)
    canvas.scroll(2, 1)
    assert canvas.pixel(5, 4) == 1 and canvas.pixel(6, 5) == 0
    assert canvas.pixel(0, 0) == 1  # the strip left behind keeps its pixels
