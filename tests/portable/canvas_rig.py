"""Canvases for the render suites: a blank 128x64 frame, one recording drawing outside it, and an
SSD1306 driving a virtual panel (the glass to compare with the frame)."""

import framebuf


def new_canvas():
    return framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)


def panel_display():
    """(the virtual panel, an initialised SSD1306 on its bus); imported when called: only the
    suites that compare the glass load the panel's modules."""
    from drivers.ssd1306 import SSD1306
    from peripherals.bus import I2C
    from peripherals.ssd1306_panel import SSD1306Panel

    i2c = I2C(0)
    panel = SSD1306Panel()
    i2c.attach(0x3C, panel)
    display = SSD1306(i2c)
    display.init_display()
    return panel, display


class BoundsCanvas:
    """Forwards drawing to a real canvas and records any call that reaches outside 128x64
    (for blit(): the box of the source's lit pixels, the only ones a keyed blit draws)."""

    def __init__(self):
        self.canvas = new_canvas()
        self.outside: list = []
        # blit() sources are measured on this scratch canvas: MicroPython's FrameBuffer does
        # not tell its size, and glyphs and icons are at most 15x21.
        self.scratch = framebuf.FrameBuffer(bytearray(32 * 4), 32, 32, framebuf.MONO_VLSB)

    def _check(self, x, y, w, h):
        if x < 0 or y < 0 or x + w > 128 or y + h > 64:
            self.outside.append((x, y, w, h))

    def fill(self, c):
        self.canvas.fill(c)

    def fill_rect(self, x, y, w, h, c):
        self._check(x, y, w, h)
        self.canvas.fill_rect(x, y, w, h, c)

    def hline(self, x, y, w, c):
        self._check(x, y, w, 1)
        self.canvas.hline(x, y, w, c)

    def vline(self, x, y, h, c):
        self._check(x, y, 1, h)
        self.canvas.vline(x, y, h, c)

    def pixel(self, x, y, c=None):
        self._check(x, y, 1, 1)
        return self.canvas.pixel(x, y, c) if c is not None else self.canvas.pixel(x, y)

    def blit(self, source, x, y, key=-1, palette=None):
        scratch = self.scratch
        scratch.fill(0)
        scratch.blit(source, 0, 0)
        x0, y0, x1, y1 = 32, 32, -1, -1
        for row in range(32):
            for col in range(32):
                if scratch.pixel(col, row):
                    x0, y0, x1, y1 = min(x0, col), min(y0, row), max(x1, col), max(y1, row)
        if x1 >= 0:
            self._check(x + x0, y + y0, x1 - x0 + 1, y1 - y0 + 1)
        self.canvas.blit(source, x, y, key, palette)
