# CPython stand-in for MicroPython's framebuf: the monochrome formats, pixel for pixel the same.
#
# Written by hand instead of wrapping adafruit-circuitpython-framebuf 1.6.12, which was tried:
# its blit() raises NotImplementedError, its line() uses a float error term and lights different
# pixels than MicroPython's integer Bresenham (e.g. (5, 15) -> (25, 0)), its scroll() never ends
# when a step is larger than the buffer, rect() takes `fill` only as a keyword, and its text()
# needs a font file on disk. Overriding those left only pixel/fill/fill_rect of it, which did not
# justify a side install with --no-deps (its metadata pulls in Adafruit-Blinka).
# text(), ellipse() and poly() raise NotImplementedError so an accidental use shows in the tests:
# the firmware draws its own fonts (ui.fonts) and needs no built-in 8x8 font.

MONO_VLSB = 0  # one byte = 8 pixels in a column, bit 0 at the top (SSD1306 pages)
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3  # one byte = 8 pixels in a row, bit 7 at the left
MONO_HMSB = 4  # one byte = 8 pixels in a row, bit 0 at the left
GS2_HMSB = 5
GS8 = 6

_MONO = (MONO_VLSB, MONO_HLSB, MONO_HMSB)
_FORMATS = _MONO + (GS8,)  # GS8: a byte per pixel (drivers.ssd1306 copies columns with it)


class FrameBuffer:
    """A pixel buffer over a bytearray or memoryview: 1-bit MONO_VLSB, MONO_HLSB or MONO_HMSB,
    or GS8 (one byte per pixel, its value the color)."""

    def __init__(self, buffer, width, height, format, stride=None):
        if format not in _FORMATS:
            raise ValueError("stand-in supports MONO_VLSB, MONO_HLSB, MONO_HMSB and GS8 only")
        if width < 1 or height < 1:
            raise ValueError("invalid size")
        if stride is None:
            stride = width
        if format == GS8:
            needed = stride * height
        elif format != MONO_VLSB:
            stride = (stride + 7) & ~7  # rows start on a byte, as MicroPython rounds it
            needed = stride * height // 8
        else:
            needed = (height + 7) // 8 * stride
        if len(buffer) < needed:
            raise ValueError("buffer too small")
        self.buf = buffer
        self.width = width
        self.height = height
        self.format = format
        self.stride = stride

    # ---- one pixel, no clipping: callers clip ---------------------------------------------

    def _address(self, x, y):
        if self.format == MONO_VLSB:
            return (y >> 3) * self.stride + x, y & 7
        index = (y * self.stride + x) >> 3
        if self.format == MONO_HLSB:
            return index, 7 - (x & 7)
        return index, x & 7

    def _get(self, x, y):
        if self.format == GS8:
            return self.buf[y * self.stride + x]
        index, bit = self._address(x, y)
        return (self.buf[index] >> bit) & 1

    def _set(self, x, y, color):
        if self.format == GS8:
            self.buf[y * self.stride + x] = color & 0xFF  # as MicroPython: the low byte
            return
        # As MicroPython's mono formats: any color but 0 lights the pixel (2 and -1 too).
        index, bit = self._address(x, y)
        if color != 0:
            self.buf[index] |= 1 << bit
        else:
            self.buf[index] &= ~(1 << bit) & 0xFF

    # ---- the MicroPython API ---------------------------------------------------------------

    def fill(self, c):
        self.fill_rect(0, 0, self.width, self.height, c)

    def fill_rect(self, x, y, w, h, c):
        if w < 1 or h < 1 or x + w <= 0 or y + h <= 0 or x >= self.width or y >= self.height:
            return
        x_end = min(self.width, x + w)
        y_end = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        if self.format == MONO_VLSB:
            self._fill_vlsb(x, y, x_end, y_end, c != 0)
            return
        for row in range(y, y_end):
            for col in range(x, x_end):
                self._set(col, row, c)

    def _fill_vlsb(self, x, y, x_end, y_end, on):
        buf = self.buf
        while y < y_end:
            page_end = min(y_end, (y | 7) + 1)
            mask = ((1 << (page_end - y)) - 1) << (y & 7)
            base = (y >> 3) * self.stride
            for index in range(base + x, base + x_end):
                buf[index] = (buf[index] | mask) if on else (buf[index] & ~mask & 0xFF)
            y = page_end

    def pixel(self, x, y, c=None):
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            return None
        if c is None:
            return self._get(x, y)
        self._set(x, y, c)
        return None

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        # Integer Bresenham stepping along the longer axis, both ends drawn, clipped per pixel.
        dx = abs(x2 - x1)
        dy = abs(y2 - y1)
        sx = 1 if x2 > x1 else -1
        sy = 1 if y2 > y1 else -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        error = 2 * dy - dx
        for _ in range(dx):
            if steep:
                self.pixel(y1, x1, c)
            else:
                self.pixel(x1, y1, c)
            while error >= 0:
                y1 += sy
                error -= 2 * dx
            x1 += sx
            error += 2 * dy
        self.pixel(x2, y2, c)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        # As MicroPython's framebuf_blit(): each source pixel's color goes through the palette
        # (palette pixel (color, 0)) first, and is then skipped if it equals `key`; -1 and any
        # other key no pixel can have skip nothing.
        source = fbuf
        if isinstance(fbuf, (tuple, list)):
            source = FrameBuffer(*fbuf)
        if x >= self.width or y >= self.height or -x >= source.width or -y >= source.height:
            return
        x_end = min(self.width, x + source.width)
        y_end = min(self.height, y + source.height)
        source_y = max(0, -y)
        for row in range(max(0, y), y_end):
            source_x = max(0, -x)
            for col in range(max(0, x), x_end):
                color = source._get(source_x, source_y)
                if palette is not None:
                    color = palette._get(color, 0)
                if color != key:
                    self._set(col, row, color)
                source_x += 1
            source_y += 1

    def scroll(self, xstep, ystep):
        # Moves the contents; the strip left behind keeps its old pixels, as on MicroPython.
        if xstep < 0:
            x_from, x_stop, x_dir = 0, self.width + xstep, 1
            if x_stop <= 0:
                return
        else:
            x_from, x_stop, x_dir = self.width - 1, xstep - 1, -1
            if x_stop >= x_from:
                return
        if ystep < 0:
            y, y_stop, y_dir = 0, self.height + ystep, 1
            if y_stop <= 0:
                return
        else:
            y, y_stop, y_dir = self.height - 1, ystep - 1, -1
            if y_stop >= y:
                return
        while y != y_stop:
            x = x_from
            while x != x_stop:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += x_dir
            y += y_dir

    def text(self, s, x, y, c=1):
        raise NotImplementedError("no built-in 8x8 font in the stand-in: draw with ui.fonts")

    def ellipse(self, x, y, xr, yr, c, f=False, m=15):
        raise NotImplementedError("ellipse is not in the framebuf stand-in")

    def poly(self, x, y, coords, c, f=False):
        raise NotImplementedError("poly is not in the framebuf stand-in")


FrameBuffer1 = FrameBuffer
