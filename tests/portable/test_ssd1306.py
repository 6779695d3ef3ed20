# SSD1306 driver against the virtual panel on the fake I2C bus (portable: CPython and MicroPython).
# micropython-heap: 80k (the window tests keep a driver, a panel and their frames alive next to
# the random-changes test's own: 72k passes, 80k keeps a margin)
from drivers.ssd1306 import SSD1306
from peripherals.bus import I2C
from peripherals.ssd1306_panel import HORIZONTAL, SSD1306Panel

WINDOW_BYTES = 8  # address + control + 0x21 first last + 0x22 first last
PAGE_BYTES = 130  # address + control + 128 columns


def make_display():
    i2c = I2C(0)
    panel = SSD1306Panel()
    i2c.attach(0x3C, panel)
    return i2c, panel, SSD1306(i2c)


def glass_differences(panel, canvas):
    """How many pixels of the glass differ from the canvas."""
    count = 0
    for y in range(64):
        for x in range(128):
            if panel.pixel(x, y) != canvas.pixel(x, y):
                count += 1
    return count


def draw_pattern(canvas):
    canvas.pixel(0, 0, 1)  # corners tell orientation apart
    canvas.pixel(127, 0, 1)
    canvas.pixel(0, 63, 1)
    canvas.fill_rect(100, 50, 20, 10, 1)
    canvas.line(5, 5, 90, 40, 1)
    canvas.rect(10, 20, 30, 30, 1)


def test_init_configures_an_upright_panel_on_the_charge_pump():
    i2c, panel, display = make_display()
    display.init_display()
    assert panel.charge_pump
    assert panel.segment_remap and panel.com_remap
    assert panel.com_pins == 0x12
    assert panel.multiplex == 64
    assert panel.addressing == HORIZONTAL
    assert panel.unknown_commands == []


def test_panel_lights_only_once_the_first_frame_is_in():
    i2c, panel, display = make_display()
    display.init_display()
    assert not panel.display_on  # no flash of power-up noise
    display.show()
    assert panel.display_on and display.is_on


def test_first_show_sends_every_page_and_the_glass_equals_the_canvas():
    i2c, panel, display = make_display()
    draw_pattern(display.canvas)
    display.init_display()
    before = i2c.bytes_written
    sent = display.show()
    assert sent == i2c.bytes_written - before
    assert panel.ram_writes == 1024
    assert sent >= 1024
    assert glass_differences(panel, display.canvas) == 0
    assert panel.pixel(0, 0) == 1 and panel.pixel(127, 0) == 1 and panel.pixel(0, 63) == 1
    assert panel.pixel(127, 63) == 0


def test_a_small_change_sends_only_its_columns():
    i2c, panel, display = make_display()
    display.init_display()
    display.show()
    display.canvas.pixel(40, 20, 1)  # row 20 lies in page 2
    before = i2c.bytes_written
    writes_before = panel.ram_writes
    sent = display.show()
    assert sent == i2c.bytes_written - before
    # The window (widened to 8 columns, the driver's step), then address, control, 8 columns.
    assert sent == WINDOW_BYTES + 2 + 8
    assert panel.ram_writes - writes_before == 8
    assert panel.pixel(40, 20) == 1
    assert glass_differences(panel, display.canvas) == 0


def test_a_glyph_over_three_pages_goes_through_one_window():
    i2c, panel, display = make_display()
    display.init_display()
    display.show()
    display.canvas.fill_rect(120, 24, 8, 21, 1)  # a window at the right edge stays on screen
    display.show()
    display.canvas.fill_rect(40, 24, 13, 21, 1)  # a big digit: columns 40-52, pages 3-5
    writes_before = panel.ram_writes
    sent = display.show()
    # One window of 16 columns over the three pages beats a window per page (3 * (8 + 18)),
    # and its 48 bytes go in one write (8 + 2 + 48; a write per page would be 8 + 3 * 18).
    assert sent == WINDOW_BYTES + 2 + 3 * 16
    assert panel.ram_writes - writes_before == 3 * 16
    assert glass_differences(panel, display.canvas) == 0


def test_changes_in_separate_pages_send_a_window_each():
    i2c, panel, display = make_display()
    display.init_display()
    display.show()
    display.canvas.pixel(3, 9, 1)  # page 1
    display.canvas.hline(0, 47, 128, 1)  # page 5
    display.canvas.pixel(120, 48, 1)  # page 6
    sent = display.show()
    # A window per page (3 * 8 + 10 + 130 + 10) beats one over pages 1-6, columns 0-127.
    assert sent == 3 * WINDOW_BYTES + 10 + PAGE_BYTES + 10
    assert glass_differences(panel, display.canvas) == 0


def test_a_new_amount_and_its_bottom_line_go_as_a_window_each():
    # The first digit of an amount: the big balance (pages 3-5) makes way for the digit, and
    # the bottom line (pages 6-7) changes. A window per page cost 450 bytes and one window over
    # pages 3-7 458; a window for each band sends 434, in seven writes rather than ten.
    i2c, panel, display = make_display()
    bus = RecordingBus(i2c)
    display = SSD1306(bus)
    display.init_display()
    display.show()
    canvas = display.canvas
    canvas.fill_rect(23, 24, 83, 21, 1)  # pages 3-5, columns 23-105 ...
    canvas.fill_rect(23, 32, 4, 8, 0)  # ... but page 4 from column 27
    canvas.fill_rect(22, 55, 71, 7, 1)  # pages 6-7, columns 22-92
    writes = bus.writes
    sent = display.show()
    assert sent == (WINDOW_BYTES + 3 * (2 + 88)) + (WINDOW_BYTES + 2 * (2 + 72))
    assert bus.writes - writes == 7
    assert glass_differences(panel, canvas) == 0


class RecordingBus:
    """Passes writes on to the fake I2C bus and keeps the length of the longest one."""

    def __init__(self, i2c):
        self.i2c = i2c
        self.longest = 0
        self.writes = 0

    def writeto(self, address, buf, stop=True):
        self.writes += 1
        self.longest = max(self.longest, len(buf))
        return self.i2c.writeto(address, buf, stop)

    def writevto(self, address, vector, stop=True):
        self.writes += 1
        length = 0
        for part in vector:
            length += len(part)
        self.longest = max(self.longest, length)
        return self.i2c.writevto(address, vector, stop)


def test_random_changes_reach_the_glass_and_no_write_is_longer_than_a_page():
    i2c, panel, _ = make_display()
    bus = RecordingBus(i2c)
    display = SSD1306(bus)
    display.init_display()
    display.show()
    canvas = display.canvas
    seed = 12345
    for step in range(40):
        for _ in range(1 + step % 4):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            x, y = seed % 128, (seed >> 7) % 64
            w, h = 1 + (seed >> 13) % 40, 1 + (seed >> 19) % 20
            canvas.fill_rect(x, y, w, h, (seed >> 25) & 1)
        before = i2c.bytes_written
        sent = display.show()
        assert sent == i2c.bytes_written - before
        assert glass_differences(panel, canvas) == 0, step
    assert bus.longest == 1 + 128  # control byte and one page: ~2.9 ms at 400 kHz


def test_show_with_nothing_new_sends_nothing():
    i2c, panel, display = make_display()
    display.init_display()
    display.show()
    display.canvas.pixel(5, 5, 1)
    display.canvas.pixel(5, 5, 0)  # drawn and undone before show()
    before = i2c.bytes_written
    assert display.show() == 0
    assert i2c.bytes_written == before


def test_power_off_and_on_keeps_the_frame():
    i2c, panel, display = make_display()
    draw_pattern(display.canvas)
    display.init_display()
    display.show()
    writes = panel.ram_writes
    display.power(False)
    assert not panel.display_on and not display.is_on
    assert panel.pixel(0, 0) == 0  # dark glass
    display.power(True)
    assert panel.display_on
    assert panel.ram_writes == writes  # nothing resent: the controller kept GDDRAM
    assert glass_differences(panel, display.canvas) == 0


def test_standby_before_the_first_frame_stays_dark():
    i2c, panel, display = make_display()
    display.init_display()
    display.power(False)
    display.show()
    assert not panel.display_on


def test_missing_display_raises_oserror():
    display = SSD1306(I2C(0))
    for action in (display.init_display, display.show):
        try:
            action()
        except OSError:
            continue
        raise AssertionError("no OSError from a display that does not answer")


def test_invalidate_sends_the_whole_frame_again():
    i2c, panel, display = make_display()
    display.init_display()
    display.show()
    display.invalidate()
    assert display.show() == WINDOW_BYTES + 8 * PAGE_BYTES  # a transaction per page
    assert display.show() == 0


def test_after_a_fault_the_next_frame_is_sent_whole():
    i2c, panel, display = make_display()
    draw_pattern(display.canvas)
    display.init_display()
    display.show()
    i2c.detach(0x3C)  # cable pulled
    display.canvas.fill_rect(0, 0, 8, 8, 1)
    try:
        display.show()
    except OSError:
        pass
    else:
        raise AssertionError("show() to an absent display did not fail")
    i2c.attach(0x3C, panel)  # back after a glitch: the failed show() means resend everything
    writes = panel.ram_writes
    display.show()
    assert panel.ram_writes - writes == 1024
    assert glass_differences(panel, display.canvas) == 0
    panel.power_up()  # power-cycled instead: GDDRAM is noise again, the panel dark
    writes = panel.ram_writes
    display.init_display()
    display.show()
    assert panel.display_on
    assert panel.ram_writes - writes == 1024
    assert glass_differences(panel, display.canvas) == 0


def test_contrast_reaches_the_panel_and_is_clamped():
    i2c, panel, display = make_display()
    display.init_display()
    display.contrast(0x20)
    assert panel.contrast == 0x20
    display.contrast(300)
    assert panel.contrast == 255


class QuietBus:
    """Acknowledges everything and keeps nothing, so heap_lock sees only the driver."""

    def writeto(self, address, buf, stop=True):
        return len(buf)

    def writevto(self, address, vector, stop=True):
        count = 0
        for part in vector:
            count += len(part)
        return count


def test_show_allocates_nothing_on_micropython():
    try:
        from micropython import heap_lock, heap_unlock
    except ImportError:
        print("SKIP heap_lock needs MicroPython")
        return
    display = SSD1306(QuietBus())
    display.init_display()
    display.show()
    display.canvas.pixel(3, 30, 1)
    display.canvas.pixel(3, 60, 1)
    result = [0]
    heap_lock()
    try:
        result[0] = display.show()
    finally:
        heap_unlock()
    assert result[0] == 2 * (WINDOW_BYTES + 2 + 8)
    display.canvas.fill_rect(20, 24, 13, 21, 1)
    heap_lock()
    try:
        result[0] = display.show()
    finally:
        heap_unlock()
    assert result[0] == WINDOW_BYTES + 2 + 3 * 16  # one window, its three pages in one write


def test_panel_decodes_single_byte_controls_and_page_addressing():
    panel = SSD1306Panel()
    panel.i2c_write(b"\x80\x8d\x80\x14\x80\xaf\x80\xa7")  # Co=1: one command per control byte
    assert panel.charge_pump and panel.display_on and panel.inverse
    panel.i2c_write(b"\x00\x20\x02\xb3\x05\x11")  # page addressing; page 3; column 0x15
    panel.i2c_write(b"\xc0\x81\x40\x7e\x3c")  # Co=1 data byte, then a data stream
    assert panel.column_byte(3, 0x15) == 0x81
    assert panel.column_byte(3, 0x16) == 0x7E and panel.column_byte(3, 0x17) == 0x3C
    assert panel.unknown_commands == []


def test_panel_vertical_addressing_fills_columns_down_the_window():
    panel = SSD1306Panel()
    panel.i2c_write(b"\x00\x20\x01\x21\x0a\x0b\x22\x02\x03")  # vertical; columns 10-11; pages 2-3
    panel.i2c_write(b"\x40\x01\x02\x03\x04\x05")  # the 5th byte wraps to the window start
    assert panel.column_byte(2, 10) == 0x05
    assert panel.column_byte(3, 10) == 0x02
    assert panel.column_byte(2, 11) == 0x03 and panel.column_byte(3, 11) == 0x04


def test_panel_without_remap_shows_the_frame_rotated():
    panel = SSD1306Panel()
    panel.i2c_write(b"\x00\x8d\x14\xaf\x20\x00\x21\x00\x7f\x22\x00\x07")  # reset: A0, C0
    panel.i2c_write(b"\x40\x01" + bytes(1023))  # clear the noise; RAM row 0, column 0 lit
    assert panel.pixel(127, 63) == 1  # mirrored both ways on this glass
    panel.i2c_write(b"\x00\xa1\xc8")
    # COM scan direction acts at once; segment remap only on data written after it.
    assert panel.pixel(127, 0) == 1 and panel.pixel(127, 63) == 0 and panel.pixel(0, 0) == 0
    panel.i2c_write(b"\x00\x21\x00\x7f\x22\x00\x07")  # rewrite the frame under A1
    panel.i2c_write(b"\x40\x01" + bytes(1023))
    assert panel.pixel(0, 0) == 1 and panel.pixel(127, 0) == 0
    panel.i2c_write(b"\x00\x41")  # start line 1: RAM row 1 at the top
    assert panel.pixel(0, 63) == 1


def test_show_window_sends_its_columns_and_leaves_the_rest_to_show():
    i2c, panel, display = make_display()
    display.init_display()
    display.show()
    display.canvas.fill_rect(40, 24, 13, 21, 1)  # a big digit: columns 40-52, pages 3-5
    display.canvas.pixel(5, 60, 1)  # a change the caller does not tell show_window about
    writes_before = panel.ram_writes
    sent = display.show_window(40, 52, 3, 5)
    # One window, then its three pages in one write: address, control, 3 x 16 columns.
    assert sent == WINDOW_BYTES + 2 + 3 * 16
    assert panel.ram_writes - writes_before == 3 * 16
    assert panel.pixel(52, 44) == 1 and panel.pixel(5, 60) == 0
    # Only the window counts as sent: the next show() finds the other change and sends it.
    assert display.show() == WINDOW_BYTES + 2 + 8
    assert glass_differences(panel, display.canvas) == 0
    display.canvas.fill_rect(124, 24, 4, 21, 1)  # at the right edge the window moves left
    assert display.show_window(124, 127, 3, 5) == WINDOW_BYTES + 2 + 3 * 8
    assert display.show() == 0
    assert glass_differences(panel, display.canvas) == 0
    display.canvas.fill_rect(10, 20, 60, 30, 1)  # wider than one write takes: a page each
    assert display.show_window(10, 69, 2, 6) == WINDOW_BYTES + 5 * (2 + 64)
    display.canvas.fill_rect(90, 60, 3, 2, 1)  # one page
    assert display.show_window(90, 92, 7, 7) == WINDOW_BYTES + 2 + 8
    assert display.show() == 0
    assert glass_differences(panel, display.canvas) == 0
    # Whole pages go from the frame itself; recorded as sent, show() finds nothing there.
    display.canvas.fill_rect(0, 17, 128, 14, 1)
    display.canvas.pixel(64, 63, 1)  # outside the window: show() sends it
    assert display.show_window(0, 127, 2, 3) == WINDOW_BYTES + 2 * (2 + 128)
    assert display.show() == WINDOW_BYTES + 2 + 8
    assert glass_differences(panel, display.canvas) == 0


def test_show_window_sends_everything_when_the_panel_needs_it():
    i2c, panel, display = make_display()
    draw_pattern(display.canvas)
    display.init_display()  # nothing sent yet: the panel holds noise
    writes = panel.ram_writes
    display.show_window(40, 52, 3, 5)
    assert panel.ram_writes - writes == 1024 and panel.display_on
    assert glass_differences(panel, display.canvas) == 0
    display.invalidate()
    writes = panel.ram_writes
    display.show_window(40, 52, 3, 5)
    assert panel.ram_writes - writes == 1024


def test_show_window_allocates_nothing_on_micropython():
    try:
        from micropython import heap_lock, heap_unlock
    except ImportError:
        print("SKIP heap_lock needs MicroPython")
        return
    display = SSD1306(QuietBus())
    display.init_display()
    display.show()
    display.canvas.fill_rect(20, 24, 13, 21, 1)
    result = [0]
    heap_lock()
    try:
        result[0] = display.show_window(20, 32, 3, 5)
    finally:
        heap_unlock()
    assert result[0] == WINDOW_BYTES + 2 + 3 * 16
    assert display.show() == 0
