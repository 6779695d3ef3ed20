# SSD1306 128x64 OLED on I2C: a framebuf canvas; show() sends only the columns that changed.
import framebuf

from compat.const import const

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from machine import I2C

WIDTH = const(128)
HEIGHT = const(64)
_PAGES = const(8)  # GDDRAM is 8 pages of 8 rows; one byte is one column of a page, bit 0 on top
_FRAME = const(1024)
_EIO = const(5)
_CHUNK = const(16)  # columns per slice compared in one go when looking for changed columns
_CHUNKS = const(8)  # chunks per page
_WINDOW_BYTES = const(8)  # a window command on the wire: address, control byte, 6 bytes
_UNCHANGED = const(255)  # _low[page] of a page that needs nothing sent
_STEP = const(8)  # a window's width is a multiple of this
_BLOCK_PAGES = const(3)  # show_window sends this many pages in one write ...
_BLOCK_COLUMNS = const(40)  # ... when no wider than this (3 x 40 bytes fit in a page's part)

# Control byte (first byte after the address): Co = bit 7, D/C# = bit 6.
_CONTROL_COMMANDS = const(0x00)  # Co=0, D/C#=0: every following byte is a command
_CONTROL_DATA = const(0x40)  # Co=0, D/C#=1: every following byte goes to GDDRAM

_SET_CONTRAST = const(0x81)
_DISPLAY_OFF = const(0xAE)  # sleep: panel dark, GDDRAM and settings kept
_DISPLAY_ON = const(0xAF)
_COLUMN_ADDRESS = const(0x21)  # + first, last column (horizontal/vertical addressing)
_PAGE_ADDRESS = const(0x22)  # + first, last page

# Power-up configuration for a 128x64 module on the internal charge pump, display left off.
_INIT = (
    const(
        b"\x00"  # control byte: command stream
        b"\xae"  # display off while configuring
        b"\xd5\x80"  # display clock: divide ratio 1, oscillator frequency 8 (reset value)
        b"\xa8\x3f"  # multiplex ratio 64 (value + 1): all 64 COM rows
        b"\xd3\x00"  # display offset 0
        b"\x40"  # display start line 0
        b"\x8d\x14"  # charge pump on: the module makes its own panel voltage from 3.3 V
        b"\x20\x00"  # horizontal addressing: column, then page, wraps within the window
        b"\xa1"  # segment remap: column 127 on SEG0 (modules mount the glass mirrored)
        b"\xc8"  # COM scan from COM[N-1] to COM0: row 0 at the top of the glass
        b"\xda\x12"  # COM pins: alternative configuration, no left/right remap (64-row glass)
        b"\x81\xcf"  # contrast
        b"\xd9\xf1"  # pre-charge: phase 1 = 1 DCLK, phase 2 = 15 DCLK (internal charge pump)
        b"\xdb\x30"  # VCOMH deselect level about 0.83 x VCC
        b"\x2e"  # horizontal scroll off
        b"\xa4"  # output follows GDDRAM (not all pixels on)
        b"\xa6"
    )  # normal, not inverted
)


class SSD1306:
    """128x64 SSD1306 on an I2C bus: draw on .canvas, then show() sends what changed."""

    width = WIDTH
    height = HEIGHT
    windows = True  # declared: show_window() sends one window it is told about (app.unit)

    def __init__(self, i2c: "I2C", address: int = 0x3C) -> None:
        self.i2c = i2c
        self.address = address
        # One buffer: the data control byte, then the frame; a page is sent as the control
        # byte and that page, so no single write is longer than 129 bytes (~2.9 ms at 400 kHz).
        self.buffer = bytearray(1 + _FRAME)
        self.buffer[0] = _CONTROL_DATA
        view = memoryview(self.buffer)
        self.frame = view[1:]
        self.canvas = framebuf.FrameBuffer(self.frame, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self._sent = bytearray(_FRAME)  # what the panel holds, as of the last show()
        sent = memoryview(self._sent)
        self._page = tuple(view[1 + p * WIDTH : 1 + (p + 1) * WIDTH] for p in range(_PAGES))
        self._sent_page = tuple(sent[p * WIDTH : (p + 1) * WIDTH] for p in range(_PAGES))
        # 16-column slices of both, compared in C to find the changed columns quickly.
        self._chunk = tuple(
            view[1 + c * _CHUNK : 1 + (c + 1) * _CHUNK] for c in range(_FRAME // _CHUNK)
        )
        self._sent_chunk = tuple(
            sent[c * _CHUNK : (c + 1) * _CHUNK] for c in range(_FRAME // _CHUNK)
        )
        # writevto vectors: the control byte, then one page; built once, reused every show().
        self._page_write = tuple((view[0:1], self._page[p]) for p in range(_PAGES))
        # Windows of the frame are copied with blit() (in C, no allocation) between GS8 views
        # of the same bytes: 128 "pixels" wide and one per page high, a pixel being one byte, a
        # column of 8 rows. A MONO_VLSB blit would move them one bit at a time, 8 times the work.
        self._pages = framebuf.FrameBuffer(self.frame, WIDTH, _PAGES, framebuf.GS8)
        # Declared for ui.render (app.unit passes it on): the canvas's bytes as that GS8 view,
        # so a region of whole pages is cleared, or a big glyph copied, a byte per column.
        self.pages = self._pages
        self._sent_pages = framebuf.FrameBuffer(self._sent, WIDTH, _PAGES, framebuf.GS8)
        # Part of a page goes out of one buffer (its views and canvases keep it): the control
        # byte, then the window's columns, copied onto a one-page GS8 canvas of the window's
        # width over it. Windows are widened to a multiple of 8 columns (at most 7 bytes more
        # per page), so 16 views and 16 canvases, made here, serve every write: index
        # n // 8 - 1 for n columns.
        part = memoryview(bytearray(1 + WIDTH))
        part[0] = _CONTROL_DATA
        self._part_view = tuple(part[: 1 + n] for n in range(_STEP, WIDTH + 1, _STEP))
        columns = part[1:]
        # The window's columns alone, as sent: what show_window() records in _sent.
        self._part_columns = tuple(columns[:n] for n in range(_STEP, WIDTH + 1, _STEP))
        self._part_canvas = tuple(
            framebuf.FrameBuffer(columns, n, 1, framebuf.GS8)
            for n in range(_STEP, WIDTH + 1, _STEP)
        )
        self._sent_frame = sent
        # A window of up to 3 pages and _BLOCK_COLUMNS columns goes out in one write: in
        # horizontal addressing the panel fills the window page by page, the order of a GS8
        # canvas the window's width and 3 pages high. One canvas per width, over that buffer.
        self._block_canvas = tuple(
            framebuf.FrameBuffer(columns, n, _BLOCK_PAGES, framebuf.GS8)
            for n in range(_STEP, _BLOCK_COLUMNS + 1, _STEP)
        )
        self._block_view = tuple(
            part[: 1 + n * _BLOCK_PAGES] for n in range(_STEP, _BLOCK_COLUMNS + 1, _STEP)
        )
        self._low = bytearray(_PAGES)  # first changed column per page, or _UNCHANGED
        self._high = bytearray(_PAGES)  # last changed column per page
        # show()'s windows, 4 bytes each: first page, last page, first column, columns.
        self._groups = bytearray(4 * _PAGES)
        self._window = bytearray(
            (_CONTROL_COMMANDS, _COLUMN_ADDRESS, 0, WIDTH - 1, _PAGE_ADDRESS, 0, _PAGES - 1)
        )
        self._command1 = bytearray(2)  # control byte + one command byte
        self._command2 = bytearray(3)  # control byte + command + one argument
        self._resend = True  # the panel's GDDRAM is unknown: send every page next time
        self._light_at_show = False  # turn the panel on after the first frame lands
        self.is_on = False

    def init_display(self) -> None:
        """Configure the controller; the panel lights up at the next show(), on a real frame
        rather than on power-up noise. OSError if the display does not acknowledge."""
        self._write(_INIT)
        self.is_on = False
        self._resend = True
        self._light_at_show = True

    def show(self) -> int:
        """Send what differs from the last show(): the changed columns of the changed pages.
        Neighbouring changed pages share a window when that sends no more bytes than a window
        each (the glyphs of big text span three pages, a line of small text two), and one
        window over every change is used when it is fewer bytes still; a page at most per
        write. Returns the I2C bytes sent (each transaction counts its address byte)."""
        resend = self._resend
        if not resend and not self._light_at_show and self.frame == self._sent_frame:
            return 0  # nothing new (one compare in C)
        self._resend = True  # until this show() completes: a fault part-way means resend all
        low = self._low
        high = self._high
        # Windows of neighbouring pages, in _groups, and the bytes they cost; the window open
        # is g_first..g_last, g_left..g_right.
        groups = 0
        grouped = 0
        g_first = -1
        g_last = g_left = g_right = g_cost = 0
        first = -1  # changed pages and the union of their columns
        last = 0
        left = WIDTH
        right = 0
        page = self._page
        sent_page = self._sent_page
        for p in range(_PAGES):
            if resend:
                low[p] = 0
                high[p] = WIDTH - 1
            elif page[p] == sent_page[p]:
                low[p] = _UNCHANGED
                continue
            else:
                self._find_changes(p)
            p_low = low[p]
            p_high = high[p]
            if first < 0:
                first = p
            last = p
            if p_low < left:
                left = p_low
            if p_high > right:
                right = p_high
            cost = _WINDOW_BYTES + ((p_high - p_low + _STEP) & ~(_STEP - 1)) + 2  # widened as sent
            if g_first >= 0:
                m_left = g_left if g_left < p_low else p_low
                m_right = g_right if g_right > p_high else p_high
                width = (m_right - m_left + _STEP) & ~(_STEP - 1)
                merged = _WINDOW_BYTES + (p - g_first + 1) * (width + 2)
                if merged <= g_cost + cost:
                    g_last = p
                    g_left = m_left
                    g_right = m_right
                    g_cost = merged
                    continue
                grouped += self._close_group(groups, g_first, g_last, g_left, g_right, g_cost)
                groups += 1
            g_first = g_last = p
            g_left = p_low
            g_right = p_high
            g_cost = cost
        count = 0
        if first >= 0:
            grouped += self._close_group(groups, g_first, g_last, g_left, g_right, g_cost)
            groups += 1
            width = (right - left + _STEP) & ~(_STEP - 1)
            if _WINDOW_BYTES + (last - first + 1) * (width + 2) <= grouped:
                self._close_group(0, first, last, left, right, 0)  # one window over all
                groups = 1
            windows = self._groups
            for g in range(0, 4 * groups, 4):
                count += self._send_window(
                    windows[g + 2], windows[g + 3], windows[g], windows[g + 1]
                )
            # Every write went through (a fault raises, and the next show() sends every page):
            # the panel holds the frame, outside the windows as before.
            self._sent_frame[:] = self.frame
        self._resend = False
        if self._light_at_show:
            count += self.power(True)
        return count

    def _close_group(self, g: int, first: int, last: int, left: int, right: int, cost: int):
        """Window g of show(): pages first..last, columns left..right widened; returns cost."""
        width = (right - left + _STEP) & ~(_STEP - 1)
        windows = self._groups
        g *= 4
        windows[g] = first
        windows[g + 1] = last
        windows[g + 2] = left if left <= WIDTH - width else WIDTH - width
        windows[g + 3] = width
        return cost

    def _send_window(self, left: int, width: int, first_page: int, last_page: int) -> int:
        """Set the window, then send its columns of each page (three pages up to 40 columns
        wide in one write). The caller records what the panel holds."""
        count = self._set_window(left, left + width - 1, first_page, last_page)
        if last_page - first_page + 1 == _BLOCK_PAGES and width <= _BLOCK_COLUMNS:
            block = self._block_canvas[width // _STEP - 1]
            block.blit(self._pages, -left, -first_page)
            return count + self._write(self._block_view[width // _STEP - 1])
        if width == WIDTH:
            for p in range(first_page, last_page + 1):
                count += self._write_vector(self._page_write[p], 1 + WIDTH)
            return count
        part = self._part_canvas[width // _STEP - 1]
        view = self._part_view[width // _STEP - 1]
        pages = self._pages
        for p in range(first_page, last_page + 1):
            part.blit(pages, -left, -p)
            count += self._write(view)
        return count

    def show_window(self, left: int, right: int, first_page: int, last_page: int) -> int:
        """Send columns left..right of pages first_page..last_page, without looking for what
        changed: for a caller that knows nothing else on the canvas changed since the last
        show() (ui.render after a character typed or taken back: one glyph). Widened to a
        multiple of 8 columns like show(); three pages up to 40 columns wide go in one write,
        others a write per page. Only the window is recorded as sent, so a change elsewhere
        would still go out at the next show(). Returns the I2C bytes sent."""
        if self._resend or self._light_at_show:
            return self.show()  # the panel needs more than this window
        width = (right - left + _STEP) & ~(_STEP - 1)
        if left > WIDTH - width:
            left = WIDTH - width
        self._resend = True  # until this write completes: a fault part-way means resend all
        count = self._set_window(left, left + width - 1, first_page, last_page)
        if last_page - first_page + 1 == _BLOCK_PAGES and width <= _BLOCK_COLUMNS:
            block = self._block_canvas[width // _STEP - 1]
            block.blit(self._pages, -left, -first_page)
            count += self._write(self._block_view[width // _STEP - 1])
            self._sent_pages.blit(block, left, first_page)
            self._resend = False
            return count
        if width == WIDTH:  # whole pages: sent from the frame, recorded with a copy (no blit)
            for p in range(first_page, last_page + 1):
                count += self._write_vector(self._page_write[p], 1 + WIDTH)
                self._sent_page[p][:] = self._page[p]
            self._resend = False
            return count
        part = self._part_canvas[width // _STEP - 1]
        view = self._part_view[width // _STEP - 1]
        columns = self._part_columns[width // _STEP - 1]
        pages = self._pages
        sent = self._sent_page
        right = left + width
        for p in range(first_page, last_page + 1):
            part.blit(pages, -left, -p)
            count += self._write(view)
            sent[p][left:right] = columns  # (a copy in C: a blit goes a pixel at a time)
        self._resend = False
        return count

    def _find_changes(self, p: int) -> None:
        """The first and last columns where page p (known to differ) differs from the panel,
        into _low[p] and _high[p]."""
        chunk = self._chunk
        sent_chunk = self._sent_chunk
        frame = self.frame
        sent = self._sent
        c = p * _CHUNKS
        while chunk[c] == sent_chunk[c]:
            c += 1
        x = c * _CHUNK
        while frame[x] == sent[x]:
            x += 1
        self._low[p] = x - p * WIDTH
        c = p * _CHUNKS + _CHUNKS - 1
        while chunk[c] == sent_chunk[c]:
            c -= 1
        x = c * _CHUNK + _CHUNK - 1
        while frame[x] == sent[x]:
            x -= 1
        self._high[p] = x - p * WIDTH

    def invalidate(self) -> None:
        """Send every page at the next show() (after a fault or a controller reset)."""
        self._resend = True

    def power(self, on: bool) -> int:
        """Panel on, or off for standby (GDDRAM and the frame are kept); returns bytes sent."""
        self._light_at_show = False
        self.is_on = bool(on)
        return self._command(_DISPLAY_ON if on else _DISPLAY_OFF)

    def contrast(self, level: int) -> int:
        """Contrast 0..255 (segment output current); returns bytes sent."""
        command = self._command2
        command[0] = _CONTROL_COMMANDS
        command[1] = _SET_CONTRAST
        command[2] = max(0, min(255, level))
        return self._write(command)

    # ---- bus -------------------------------------------------------------------------------

    def _command(self, code: int) -> int:
        command = self._command1
        command[0] = _CONTROL_COMMANDS
        command[1] = code
        return self._write(command)

    def _set_window(self, left: int, right: int, first_page: int, last_page: int) -> int:
        window = self._window
        window[2] = left
        window[3] = right
        window[5] = first_page
        window[6] = last_page
        return self._write(window)

    def _write(self, data) -> int:
        # The bus raises OSError when the address is not acknowledged; a short count means a
        # data byte was refused.
        if self.i2c.writeto(self.address, data) != len(data):
            raise OSError(_EIO)
        return len(data) + 1

    def _write_vector(self, vector, length: int) -> int:
        if self.i2c.writevto(self.address, vector) != length:
            raise OSError(_EIO)
        return length + 1
