"""Canvases for the render suites: a blank 128x64 frame, and one recording drawing outside it."""

import framebuf


def new_canvas():
    return framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)


class BoundsCanvas:
    """Forwards drawing to a real canvas and records any call that reaches outside 128x64."""

    def __init__(self):
        self.canvas = new_canvas()
        self.outside: list = []

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
