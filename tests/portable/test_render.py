# The screen renderer (and the canvas primitives it relies on), portable: CPython and MicroPython.
# micropython-heap: 152k (the glyph bitmaps built once and kept, two 128x64 frames compared as
# text rows, and a display with its page views: about 54 KB live on the 64-bit unix port; the
# floor was 95k, 97k once ui.draw read codes with pack_into, 103k once big letters were also
# kept as page views and the suite grew, 112k once lines were drawn through the font's palettes,
# 126k with the virtual panel's modules loaded for the region windows' tests, 129k once ui.draw
# kept a glyph index per ASCII code and built x2/x3 glyphs by table; 136k failed to find 1 KB once
# the French lines' tests loaded ui.lang for its reader of lines beyond ASCII)
import framebuf
from canvas_rig import BoundsCanvas, new_canvas, panel_display

from drivers.ssd1306 import SSD1306
from ui import draw, fonts
from ui.render import (
    BAR_Y,
    BIG_FIRST_PAGE,
    BIG_LAST_PAGE,
    BIG_Y,
    BOTTOM_Y,
    ENTRY_X,
    Screen,
    big_width,
    render,
    show_drawn,
    text_width,
)

FULL_FRAME_BYTES = 8 + 8 * 130  # window command, then per page: address, control, 128


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
    for text in ("CARD 8", "123.45M", "999.99M", "----", "999,99M"):
        assert big_width(text) <= 128, text
    # typed from ENTRY_X: the longest K/M entries, with a decimal point or comma (ui.lang)
    for text in ("1234.5", "999.99", "1234,5", "999,99"):
        assert ENTRY_X + big_width(text) <= 128, text


def test_the_decimal_comma_is_a_big_glyph_on_the_baseline_like_the_point():
    # a language's decimal mark (ui.lang: French 17,25M): narrow as the point, not a
    # letter's 15 columns; its tail reaches the digits' bottom row, its top stays below half
    assert draw.big_advance(",") == 4 + fonts.BIG_GAP
    assert big_width("1,5") == big_width("1.5") + 1
    canvas = new_canvas()
    draw.draw_big(canvas, ",", 0, BIG_Y)
    assert lit_in(canvas, 0, BIG_Y + fonts.BIG_HEIGHT - 1, 4, BIG_Y + fonts.BIG_HEIGHT) > 0
    assert lit_in(canvas, 0, BIG_Y, 4, BIG_Y + 15) == 0
    assert lit_in(canvas, 4, 0, 128, 64) == 0


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


def keypresses(display, views):
    """Bytes show() sends after each view is rendered as the unit does (partial redraw)."""
    sent = []
    screen = Screen(display.canvas)
    for view in views:
        render(display.canvas, view, None, None, screen)
        sent.append(display.show())
    return sent


def test_a_digit_typed_in_amount_entry_sends_one_glyph():
    wire = CountingWire()
    display = SSD1306(wire)
    display.init_display()
    balance = make_view(green=1, big="15M", detail="+2M")
    typed = [make_view(green=1, mode="entry", big=big, detail="BALANCE 15M") for big in
             ("2", "20", "200", "2005", "200")]  # fmt: skip
    first, *digits = keypresses(display, [balance] + typed)
    print("show() bytes: first frame %d, digits %s" % (first, digits))
    assert first >= FULL_FRAME_BYTES
    # "2" -> "20" -> "200" -> "2005" -> "200": one 13-column glyph more or less each time,
    # through one window over the three pages of the big band (16 columns: show() widens a
    # window to a multiple of 8), sent in one write.
    assert digits[1:] == [8 + 2 + 3 * 16] * 4, digits
    assert digits[1] <= 100
    assert digits[0] < FULL_FRAME_BYTES // 2  # the balance gives way to the entry


def test_typed_amount_starts_at_a_fixed_x_and_a_balance_is_centred():
    for big in ("0", "12", "2005", "123.45"):
        log: list = []
        render(new_canvas(), make_view(mode="entry", big=big), log=log)
        assert (ENTRY_X, BIG_Y, big) in log
    log = []
    render(new_canvas(), make_view(mode="entry", big="1234567"), log=log)
    width = big_width("1234567")
    assert ENTRY_X + width > 128  # does not fit from the fixed x: centred instead
    assert ((128 - width) // 2, BIG_Y, "1234567") in log
    log = []
    render(new_canvas(), make_view(big="12"), log=log)
    assert ((128 - big_width("12")) // 2, BIG_Y, "12") in log


def frame_of(canvas):
    rows = []
    for y in range(64):
        rows.append("".join("#" if canvas.pixel(x, y) else "." for x in range(128)))
    return rows


STATUSES = (
    None,
    {"battery_low": True, "notice": ""},
    {"battery_low": False, "notice": "RED READER MISSING"},
)
VIEWS = (
    make_view(),
    make_view(green=1, mode="entry", big="0", detail="BALANCE 15M"),
    make_view(green=1, mode="entry", big="1", detail="BALANCE 15M"),
    make_view(green=1, mode="entry", big="1.5", detail="BALANCE 15M"),
    make_view(green=1, mode="entry", big="1.25", detail="BALANCE 15M", sound=False),
    make_view(green=1, red=2, title="CARD 2 > CARD 1", big="150K", message="PAID", error=False),
    make_view(big="123.45M", message="NOT ENOUGH MONEY", error=True),
    make_view(big="CARD 8 > CARD 7", symbol="chance", title="CHANCE"),
    make_view(big="MMMMMMMMMMMMMMMMMMMMMMMMM", symbol="zone_car"),
    make_view(big="", lines=["ROUND 3", "GO 2M", "SOUND ON"], title="SETTINGS"),
    make_view(big="SURE?", lines=["ROUND 3", "GO 2M"], title="SETTINGS"),
    make_view(big="12", lines=["ROUND 3", "GO 2M"], title="SETTINGS", mode="entry"),
    make_view(big="----", title="MONOPOLY BANK", detail="INSERT CARD"),
)


def test_partial_redraws_equal_a_full_redraw_of_the_same_view():
    partial = new_canvas()
    screen = Screen(partial)
    full = new_canvas()
    seed = 99
    for step in range(60):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        view = VIEWS[seed % len(VIEWS)]
        status = STATUSES[(seed >> 8) % len(STATUSES)]
        partial_log: list = []
        render(partial, view, status, partial_log, screen)
        full_log: list = []
        render(full, view, status, full_log)
        assert frame_of(partial) == frame_of(full), (step, view)
        assert sorted(partial_log) == sorted(full_log), step


def test_an_unchanged_view_draws_nothing_and_allocates_nothing_on_micropython():
    canvas = new_canvas()
    screen = Screen(canvas)
    view = make_view(green=1, mode="entry", big="20", detail="BALANCE 15M")
    status = {"battery_low": False, "notice": ""}
    render(canvas, view, status, None)
    typed = make_view(green=1, mode="entry", big="205", detail="BALANCE 15M")
    render(canvas, typed, status, None, screen)  # builds the glyphs once
    render(canvas, view, status, None, screen)
    try:
        from micropython import heap_lock, heap_unlock
    except ImportError:
        print("SKIP heap_lock needs MicroPython")
        return
    heap_lock()
    try:
        render(canvas, view, status, None, screen)  # nothing changed
        render(canvas, typed, status, None, screen)  # a digit typed
        render(canvas, view, status, None, screen)  # and taken back
    finally:
        heap_unlock()
    check = new_canvas()
    render(check, view, status, None)
    assert frame_of(canvas) == frame_of(check)


class QuietBus:
    """Acknowledges every write and keeps nothing: heap_lock sees only the firmware."""

    def writeto(self, address, buf, stop=True):
        return len(buf)

    def writevto(self, address, vector, stop=True):
        count = 0
        for part in vector:
            count += len(part)
        return count


def test_an_entry_edit_alone_returns_its_columns_and_draws_without_allocating():
    """render() tells the caller the columns of a character typed or taken back when nothing
    else changed (the unit then sends only them); drawing it and sending that window allocate
    nothing on MicroPython."""
    display = SSD1306(QuietBus())
    canvas = display.canvas
    screen = Screen(canvas)
    status = {"battery_low": False, "notice": ""}
    short = make_view(green=1, mode="entry", big="12", detail="BALANCE 15M")
    longer = make_view(green=1, mode="entry", big="123", detail="BALANCE 15M")
    assert render(canvas, make_view(green=1, big="15M"), status, None, screen) is None
    assert render(canvas, short, status, None, screen) is None  # the balance made way: not alone
    display.show()
    edit = render(canvas, longer, status, None, screen)
    start = ENTRY_X + big_width("12") + fonts.BIG_GAP
    assert edit is not None and (edit[0], edit[1]) == (start, ENTRY_X + big_width("123") - 1)
    display.show_window(edit[0], edit[1], 3, 5)
    assert display.show() == 0  # the window held every change
    edit = render(canvas, short, status, None, screen)  # taken back
    assert edit is not None and (edit[0], edit[1]) == (start, ENTRY_X + big_width("123") - 1)
    display.show_window(edit[0], edit[1], 3, 5)
    assert display.show() == 0
    other = make_view(green=1, mode="entry", big="123", detail="BALANCE 16M")
    assert render(canvas, other, status, None, screen) is None  # the bottom line changed too
    assert render(canvas, short, status, [], screen) is None  # a log asked for: drawn whole
    display.show()
    try:
        from micropython import heap_lock, heap_unlock
    except ImportError:
        print("SKIP heap_lock needs MicroPython")
        return
    render(canvas, longer, status, None, screen, display.pages)  # its glyphs as bytes, built
    render(canvas, short, status, None, screen, display.pages)
    display.show()
    sent = [0, 0, 0, 0]
    heap_lock()
    try:
        edit = render(canvas, longer, status, None, screen)
        sent[0] = display.show_window(edit[0], edit[1], 3, 5)
        edit = render(canvas, short, status, None, screen)
        sent[1] = display.show_window(edit[0], edit[1], 3, 5)
        edit = render(canvas, longer, status, None, screen, display.pages)
        sent[2] = display.show_window(edit[0], edit[1], 3, 5)
        edit = render(canvas, short, status, None, screen, display.pages)
        sent[3] = display.show_window(edit[0], edit[1], 3, 5)
    finally:
        heap_unlock()
    assert sent[0] == sent[1] == sent[2] == sent[3] > 0
    assert display.show() == 0


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


# blit() with a key and a palette, as MicroPython's framebuf_blit() does it: each source pixel's
# color goes through the palette (its pixel (color, 0)) and is then skipped if it equals the key.
# Expected frames were printed by MicroPython 1.29's own framebuf for the same calls.
BLIT_CASES = (  # key, palette (color of source 0, of source 1) or None, frame after the blit
    (-1, None, "0f5a3c81ff0000ff"),
    (-1, (0, 1), "0f5a3c81ff0000ff"),
    (-1, (1, 0), "0fa5c37e00ff00ff"),
    (-1, (1, 1), "0fffffffffff00ff"),
    (-1, (0, 0), "0f000000000000ff"),
    (0, None, "0ffa3fcdffaa00ff"),
    (0, (0, 1), "0ffa3fcdffaa00ff"),
    (0, (1, 0), "0ff5f3fe55ff00ff"),
    (0, (1, 1), "0fffffffffff00ff"),
    (0, (0, 0), "0ff033cc55aa00ff"),
    (1, None, "0f503080550000ff"),
    (1, (0, 1), "0f503080550000ff"),
    (1, (1, 0), "0fa0034c00aa00ff"),
    (1, (1, 1), "0ff033cc55aa00ff"),
    (1, (0, 0), "0f000000000000ff"),
    (2, None, "0f5a3c81ff0000ff"),
    (2, (0, 1), "0f5a3c81ff0000ff"),
    (2, (1, 0), "0fa5c37e00ff00ff"),
    (2, (1, 1), "0fffffffffff00ff"),
    (2, (0, 0), "0f000000000000ff"),
    (-2, None, "0f5a3c81ff0000ff"),
    (-2, (0, 1), "0f5a3c81ff0000ff"),
    (-2, (1, 0), "0fa5c37e00ff00ff"),
    (-2, (1, 1), "0fffffffffff00ff"),
    (-2, (0, 0), "0f000000000000ff"),
)


def test_blit_key_and_palette_match_micropython_framebuf():
    source = framebuf.FrameBuffer(bytearray(b"\x5a\x3c\x81\xff\x00"), 5, 8, framebuf.MONO_VLSB)
    for key, colors, expected in BLIT_CASES:
        buf = bytearray(b"\x0f\xf0\x33\xcc\x55\xaa\x00\xff")
        dest = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
        if colors is None:
            dest.blit(source, 1, 0, key)
        else:
            palette = framebuf.FrameBuffer(bytearray(2), 2, 1, framebuf.MONO_VLSB)
            palette.pixel(0, 0, colors[0])
            palette.pixel(1, 0, colors[1])
            dest.blit(source, 1, 0, key, palette)
        assert bytes(buf) == bytes.fromhex(expected), (key, colors)


def test_any_color_but_zero_lights_a_pixel_as_on_micropython():
    for color in (2, 3, -1, 255):
        buf = bytearray(8)
        canvas = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
        canvas.fill_rect(1, 1, 3, 3, color)
        canvas.pixel(6, 6, color)
        assert bytes(buf) == bytes.fromhex("000e0e0e00004000"), color
    buf = bytearray(8)
    canvas = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
    canvas.blit((bytearray(b"\xff\x81\xff"), 3, 8, framebuf.MONO_VLSB), -1, 2)  # a tuple source
    assert bytes(buf) == bytes.fromhex("04fc000000000000")


def test_big_text_measures_and_draws_alike_read_by_codes_or_by_characters():
    # draw reads an ASCII text's codes in one go and any other text character by character:
    # both ways must give each character its own advance and glyph.

    for text in ("1.5M", "1,5M", "-260K", "CARD 12", "\xa31500", "12\u20ac", "+ 7", "9" * 40):
        expected = 0
        for ch in text:
            expected += draw.big_advance(ch)
        assert draw.big_run(text, 0, len(text)) == expected, text
        assert draw.big_run(text, 1, len(text) - 1) == expected - draw.big_advance(
            text[0]
        ) - draw.big_advance(text[-1]), text
        assert big_width(text) == expected - fonts.BIG_GAP, text
    whole = bytearray(1024)
    alone = bytearray(1024)
    for text in ("\xa31500", "15.25M", "15,25M", "CARD 3"):
        for i in range(1024):
            whole[i] = alone[i] = 0
        canvas = framebuf.FrameBuffer(whole, 128, 64, framebuf.MONO_VLSB)
        assert draw.draw_big(canvas, text, 0, BIG_Y) == big_width(text), text
        canvas = framebuf.FrameBuffer(alone, 128, 64, framebuf.MONO_VLSB)
        x = 0
        for ch in text:
            x = draw.draw_big(canvas, ch, x, BIG_Y) + fonts.BIG_GAP
        assert whole == alone and any(whole), text


class _PixelBlits:
    """A canvas that only counts blit() calls: the glyphs drawn a pixel at a time."""

    def __init__(self) -> None:
        self.blits = 0

    def blit(self, *args) -> None:
        self.blits += 1


def test_big_letters_and_signs_go_through_the_page_view_as_bytes_and_look_the_same():
    # Classic's "$1500" and a big "GO": with `pages` the x3 small glyphs are copied a byte
    # per column of a page, like the digits (a MONO blit of 15x21 pixels each before).
    for text in ("$1500", "\xa31500", "GO 3", "1,5M"):
        buf = bytearray(1024)
        pages = framebuf.FrameBuffer(buf, 128, 8, framebuf.GS8)
        counting = _PixelBlits()
        end = draw.draw_big(counting, text, 5, BIG_Y, None, 0, pages)
        assert counting.blits == 0, text
        whole = bytearray(1024)
        canvas = framebuf.FrameBuffer(whole, 128, 64, framebuf.MONO_VLSB)
        assert draw.draw_big(canvas, text, 5, BIG_Y) == end == 5 + big_width(text), text
        assert buf == whole and any(whole), text


class _FillRecorder:
    """A canvas forwarding to a real one that records its fill_rect() calls."""

    def __init__(self, canvas) -> None:
        self.canvas = canvas
        self.fills: list = []

    def fill(self, c) -> None:
        self.canvas.fill(c)

    def hline(self, x, y, w, c) -> None:
        self.canvas.hline(x, y, w, c)

    def fill_rect(self, x, y, w, h, c) -> None:
        self.fills.append((x, y, w, h, c))
        self.canvas.fill_rect(x, y, w, h, c)

    def blit(self, source, x, y, key=-1, palette=None) -> None:
        self.canvas.blit(source, x, y, key, palette)


def test_a_new_title_is_cleared_through_the_page_view_and_looks_the_same():
    # A Chance card's title giving way to the card's own as a digit is typed (Revolution):
    # with `pages` the title's rows (page 0) are cleared a byte per column, not pixel by pixel.
    buf = bytearray(1024)
    recorder = _FillRecorder(framebuf.FrameBuffer(buf, 128, 8 * 8, framebuf.MONO_VLSB))
    screen = Screen(recorder)
    pages = framebuf.FrameBuffer(buf, 128, 8, framebuf.GS8)
    chance = make_view(red=1, title="CHANCE CARD 1", symbol="chance", big="+2M", detail="GETS")
    typed = make_view(red=1, title="CARD 1 PAYS", mode="entry", big="2", detail="BALANCE 15M")
    render(recorder, chance, None, None, screen, pages)
    recorder.fills.clear()
    render(recorder, typed, None, None, screen, pages)
    assert not [f for f in recorder.fills if f[1] < 8], recorder.fills
    whole = bytearray(1024)
    render(framebuf.FrameBuffer(whole, 128, 64, framebuf.MONO_VLSB), typed)
    assert buf == whole


def test_partial_redraws_through_a_page_view_equal_a_full_redraw():
    # With `pages` (the canvas's bytes as GS8, SSD1306.pages) the big band and the bottom bar
    # are cleared, and big glyphs copied, a byte per column: the frame must be the same.
    buf = bytearray(1024)
    partial = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    screen = Screen(partial)
    pages = framebuf.FrameBuffer(buf, 128, 8, framebuf.GS8)
    whole = bytearray(1024)
    full = framebuf.FrameBuffer(whole, 128, 64, framebuf.MONO_VLSB)
    typed = [make_view(green=1, mode="entry", big=big, detail="BALANCE 15M") for big in
             ("2", "20", "200", "2005", "200", "20.5", "2")]  # fmt: skip
    seed = 7
    for step in range(80):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        if seed >> 4 & 1:
            view = typed[(seed >> 5) % len(typed)]
        else:
            view = VIEWS[(seed >> 5) % len(VIEWS)]
        status = STATUSES[(seed >> 9) % len(STATUSES)]
        render(partial, view, status, None, screen, pages)
        for i in range(1024):
            whole[i] = 0
        render(full, view, status)
        assert buf == whole, (step, view)
    edit = None
    for view in typed:  # an amount typed and taken back: each an edit of one glyph
        edit = render(partial, view, None, None, screen, pages)
        for i in range(1024):
            whole[i] = 0
        render(full, view, None)
        assert buf == whole, view
    assert edit is not None


class _BlitCounter:
    """Forwards to a canvas or page view and counts its blit() calls."""

    def __init__(self, target) -> None:
        self.target = target
        self.blits = 0

    def fill(self, c) -> None:
        self.target.fill(c)

    def fill_rect(self, x, y, w, h, c) -> None:
        self.target.fill_rect(x, y, w, h, c)

    def hline(self, x, y, w, c) -> None:
        self.target.hline(x, y, w, c)

    def pixel(self, x, y, c=None):
        return self.target.pixel(x, y) if c is None else self.target.pixel(x, y, c)

    def blit(self, source, x, y, key=-1, palette=None) -> None:
        self.blits += 1
        self.target.blit(source, x, y, key, palette)


def test_a_title_and_a_bottom_line_cost_a_few_blits_not_one_per_character():
    # Revolution's worst digit: the Chance card's title and effect line give way to the card's
    # title and balance line. Through the page view each line is built from the font's
    # palettes and copied in one or two blits (a blit per character cost the chip 0.6 ms).
    chance = make_view(red=1, title="CHANCE CARD 12", symbol="chance", big="+2M", detail="GO")
    typed = make_view(red=1, title="CARD 1 PAYS", mode="entry", big="2", detail="BALANCE 1,250M")
    _a_few_blits(chance, typed)


def _a_few_blits(before: dict, after: dict) -> None:
    """`after` drawn over `before` through the page view: six blits at most, the frame as a
    full redraw of `after` draws it."""
    buf = bytearray(1024)
    canvas = _BlitCounter(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB))
    screen = Screen(canvas)
    pages = _BlitCounter(framebuf.FrameBuffer(buf, 128, 8, framebuf.GS8))
    render(canvas, before, None, None, screen, pages)
    canvas.blits = pages.blits = 0
    render(canvas, after, None, None, screen, pages)
    assert canvas.blits + pages.blits <= 6, (canvas.blits, pages.blits)
    whole = bytearray(1024)
    render(framebuf.FrameBuffer(whole, 128, 64, framebuf.MONO_VLSB), after)
    assert buf == whole


LINE_VIEWS = (
    make_view(title="CARD 12 > CARD 11 RECEIVES ALL", red=1, green=2, detail="x" * 25),
    make_view(title="lower case [x] ~", detail="BALANCE 999,999,999M"),
    make_view(title="A", big="", detail="21 CHARACTERS LINE..."),
    make_view(title="", big="5", message="MAX 5 DIGITS, ALL CUT HERE", error=True),
    make_view(title="SETTINGS", big="", lines=["A", "B", "C", "D"], message="NO", error=True),
    make_view(title="SETTINGS", big="", lines=["A", "B", "C", "D"], detail="{|}"),
    make_view(title="MONOPOLY BANK", big="----", detail="INSERT CARD", symbol="chance"),
    make_view(title="\xa3 POUNDS", big="\xa31500", detail="BALANCE \xa31500"),
    make_view(title="CARD 1 PAYS", big="", message="a", error=True),
    # beyond ASCII through the page view too: the accented capitals, lower case, the euro sign,
    # a character the font lacks ("?")
    make_view(title="CARTE 1 RE\xc7OIT", big="\u20ac15", detail="SOLDE \u20ac1500"),
    make_view(
        title="\xc9DITION \xe9\xe8\xe0",
        big="",
        detail="\xc0\xc2\xc7\xc8\xc9\xca\xcb\xce\xcf\xd4\xd9\xdb \u03a9",
    ),
    make_view(title="", big="1,5", message="CHIFFRE APR\xc8S VIRGULE", error=True),
    make_view(title="\u03a9 OHM \u03a9", big="", detail="\u2192 ARROW"),  # none the font draws
)


def test_a_french_title_and_bottom_line_cost_a_few_blits_not_one_per_character():
    # Their accented capitals and euro sign go through the page view's palettes as ASCII does
    # (glyph by glyph, a French digit key cost the chip about 4 ms more), in every language:
    # ui.draw reads a text's UTF-8 into the palettes' codes (fonts.read_utf8)
    shown = make_view(red=1, title="CARTE 1 PAIE", big="\u20ac1500", detail="")
    typed = make_view(
        red=1, title="CARTE 1 RE\xc7OIT", mode="entry", big="1", detail="SOLDE \u20ac1500"
    )
    _a_few_blits(shown, typed)


def test_lines_through_the_page_view_equal_lines_drawn_glyph_by_glyph():
    _lines_equal()


def test_text_beyond_ascii_is_read_as_one_code_a_character():
    # ui.draw reads a text's UTF-8 in place (fonts.read_utf8: no str per character): the font's
    # glyphs beyond ASCII as codes 1-14 (its table of Latin-1's letters, as small_index picks
    # their glyphs), lower case as its capital, a character the font lacks as "?"; one with a
    # lead byte it does not read (U+03A9) is left to the per-character path.
    for code in range(0xA0, 0x100):
        text = "A" + chr(code) + "\u20ac" + chr(code) + "Z"
        assert draw._load_codes(text), code
        index = draw.small_index(code)  # an extra glyph's index (59 on), else "?"'s
        expected = index - 58 if index >= 59 else 63
        assert list(draw._codes[:6]) == [65, expected, 2, expected, 90, 0], code
        assert draw.small_index(expected) == index, code
    assert draw._load_codes("\xa3 1 \xe9")
    assert bytes(draw._codes[:6]) == b"\x01 1 \x07\x00"
    assert draw._load_codes("\u2192!") and bytes(draw._codes[:3]) == b"?!\x00"  # (E2 86 92)
    assert not draw._load_codes("OHM \u03a9")
    assert draw.blanks("  \xc9T\xc9 ", 6, False) == 2
    assert draw.blanks("  \xc9T\xc9 ", 6, True) == 1
    assert draw._load_codes("\xc9" * 31)  # 62 bytes fit; 63 do not
    assert list(draw._codes[:32]) == [7] * 31 + [0]
    assert not draw._load_codes("\xc9" * 30 + "\u20ac")


def _lines_equal():
    buf = bytearray(1024)
    partial = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    screen = Screen(partial)
    pages = framebuf.FrameBuffer(buf, 128, 8, framebuf.GS8)
    whole = bytearray(1024)
    full = framebuf.FrameBuffer(whole, 128, 64, framebuf.MONO_VLSB)
    for step in range(3 * len(LINE_VIEWS)):
        view = LINE_VIEWS[step * 5 % len(LINE_VIEWS)]
        status = STATUSES[step % len(STATUSES)]
        partial_log: list = []
        render(partial, view, status, partial_log, screen, pages)
        for i in range(1024):
            whole[i] = 0
        full_log: list = []
        render(full, view, status, full_log)
        assert buf == whole, (step, view)
        assert sorted(partial_log) == sorted(full_log), step


def _glass_is_frame(panel, display) -> bool:
    frame = display.buffer
    for page in range(8):
        for column in range(128):
            if panel.column_byte(page, column) != frame[1 + page * 128 + column]:
                return False
    return True


def test_a_chance_card_giving_way_to_a_digit_goes_as_the_windows_of_its_regions():
    # Revolution's worst digit: title, big text and bottom line all change. show_drawn() sends
    # each region's window (the columns it held before or holds now), so show() finds nothing
    # left and searches no page (its search was 0.8 ms of that keypress on the chip).
    panel, display = panel_display()
    screen = Screen(display.canvas)
    chance = make_view(red=1, title="CHANCE CARD 12", symbol="chance", big="APPLY", detail="GO")
    typed = make_view(red=1, title="CARD 1 PAYS", mode="entry", big="2", detail="BALANCE 1,250M")
    render(display.canvas, chance, None, None, screen, display.pages)
    show_drawn(screen, display)
    display.show()
    render(display.canvas, typed, None, None, screen, display.pages)
    assert show_drawn(screen, display)  # every change in its windows: no show() needed
    assert display.show() == 0
    assert _glass_is_frame(panel, display)


def test_windows_of_the_regions_then_show_keep_the_glass_equal_to_the_frame():
    panel, display = panel_display()
    screen = Screen(display.canvas)
    # Between views without "lines" (whose middle is cleared whole) the windows are all that
    # changed: show() then sends nothing more.
    views = VIEWS + LINE_VIEWS
    seed = 5
    lines = True
    covers = 0
    for step in range(30):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        view = views[(seed >> 5) % len(views)]
        status = STATUSES[(seed >> 9) % len(STATUSES)]
        edit = render(display.canvas, view, status, None, screen, display.pages)
        covered = False
        if edit is not None:
            display.show_window(edit[0], edit[1], BIG_FIRST_PAGE, BIG_LAST_PAGE)
        else:
            covered = show_drawn(screen, display)  # as app.unit: then no show()
        rest = 0 if covered else display.show()
        assert _glass_is_frame(panel, display), (step, view)
        if not lines and "lines" not in view:
            assert rest == 0, (step, view)
            covers += covered
        lines = "lines" in view
    assert covers >= 5, covers


def test_an_amount_typed_glyph_by_glyph_is_in_the_window_that_replaces_it():
    # The unit draws typed digits with edit_entry() alone; the big text's window at the next
    # layout change must still cover every glyph of them (it did not: the glass kept one).
    from ui.render import edit_entry

    panel, display = panel_display()
    screen = Screen(display.canvas)
    typed = make_view(green=1, mode="entry", big="1", detail="BALANCE 15M")
    render(display.canvas, typed, None, None, screen, display.pages)
    display.show()
    for big in ("11", "111", "1111"):
        edit = edit_entry(screen, big, None, display.pages)
        display.show_window(edit[0], edit[1], BIG_FIRST_PAGE, BIG_LAST_PAGE)
    other = make_view(green=1, red=2, title="CARD 2 > CARD 1", big="2", detail="CARD 1: 15M")
    render(display.canvas, other, None, None, screen, display.pages)
    if not show_drawn(screen, display):
        display.show()
    assert _glass_is_frame(panel, display)


# ---- the capitals French needs (issue 34) ------------------------------------------------------

ACCENTED = "\xc0\xc2\xc7\xc8\xc9\xca\xcb\xce\xcf\xd4\xd9\xdb"  # À Â Ç È É Ê Ë Î Ï Ô Ù Û


def _picture(text: str, scale: int = 1, big: bool = False, pages: bool = False) -> bytes:
    """The first four pages (32 rows) of a canvas with text drawn at the top left: small at
    `scale`, or big (through a page view of the canvas when `pages`); a byte per column of a
    page, bit 0 the top row."""
    data = bytearray(1024)
    canvas = framebuf.FrameBuffer(data, 128, 64, framebuf.MONO_VLSB)
    if big:
        view = framebuf.FrameBuffer(data, 128, 8, framebuf.GS8) if pages else None
        draw.draw_big(canvas, text, 0, 0, None, 0, view)
    else:
        draw.draw_text(canvas, text, 0, 0, 1, 128, scale)
    return bytes(data[:512])


def _last_column(picture: bytes) -> int:
    for x in range(127, -1, -1):
        if picture[x] or picture[128 + x] or picture[256 + x] or picture[384 + x]:
            return x
    return -1


def _row_count(picture: bytes, row: int) -> int:
    """Lit pixels of a row of the first page's five columns (the glyph's cell)."""
    return sum((picture[x] >> row) & 1 for x in range(fonts.SMALL_WIDTH))


def test_the_accented_capitals_are_drawn_each_its_own():
    question = _picture("?")
    seen = []
    for char in ACCENTED:
        lit = _picture(char)
        assert any(lit) and lit != question, hex(ord(char))
        # within the 5 x 7 cell: nothing past column 4, nothing in row 7 or below
        assert _last_column(lit) < fonts.SMALL_WIDTH, char
        assert not any(lit[x] & 0x80 for x in range(fonts.SMALL_WIDTH)) and not any(lit[128:])
        assert lit not in seen, char
        seen.append(lit)
    # the letter under its accent: É is not E, and its two top rows hold an accent (2 pixels),
    # where E's top row is a bar
    assert _picture("\xc9") != _picture("E")
    assert _row_count(_picture("\xc9"), 0) + _row_count(_picture("\xc9"), 1) == 2
    assert _row_count(_picture("E"), 0) == fonts.SMALL_WIDTH


def test_lower_case_accented_letters_are_drawn_as_their_capitals():
    for char in ACCENTED:
        assert _picture(char.lower()) == _picture(char), hex(ord(char))


def test_accented_capitals_in_a_line_at_every_scale_and_in_big_text():
    word = "R\xc9SERV\xc9"  # RÉSERVÉ: ASCII and accented in one line
    for scale in (1, 2, 3):
        lit = _picture(word, scale)
        assert 0 <= _last_column(lit) < len(word) * fonts.SMALL_CELL * scale
        assert lit != _picture("RESERVE", scale)
    big = _picture("\xc9T\xc9", big=True)
    assert big == _picture("\xc9T\xc9", big=True, pages=True)  # page view and canvas agree
    assert big != _picture("ETE", big=True)
    assert draw.big_width("\xc9T\xc9") == draw.big_width("ETE")


def test_the_big_glyphs_of_accented_capitals_are_built_once():
    assert draw.prepare_big("\xc9\xc0") <= 2  # (another test may have drawn them)
    assert draw.prepare_big("\xc9\xc0") == 0  # kept: a second call builds nothing
