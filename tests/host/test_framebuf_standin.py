"""The CPython framebuf stand-in: refuses what it lacks, and every mono format draws alike.
Pixel-exact agreement with MicroPython's framebuf is checked by the portable suite
(test_render.test_canvas_primitives_match_micropython_framebuf)."""

import random

import framebuf
import pytest


def test_text_and_unsupported_formats_fail_loudly() -> None:
    canvas = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    with pytest.raises(NotImplementedError):
        canvas.text("HI", 0, 0, 1)
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(2 * 64), 8, 8, framebuf.RGB565)
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(1023), 128, 64, framebuf.MONO_VLSB)


def test_every_mono_format_draws_the_same_pixels() -> None:
    rng = random.Random(7)
    width, height = 37, 21
    canvases = [
        framebuf.FrameBuffer(bytearray(64 * 8), width, height, fmt)
        for fmt in (framebuf.MONO_VLSB, framebuf.MONO_HLSB, framebuf.MONO_HMSB)
    ]
    sprite = framebuf.FrameBuffer(bytearray(8), 5, 5, framebuf.MONO_VLSB)
    for _ in range(12):
        sprite.pixel(rng.randrange(5), rng.randrange(5), 1)
    for _ in range(400):
        op = rng.randrange(6)
        a, b = rng.randrange(-10, 50), rng.randrange(-10, 30)
        c, d = rng.randrange(-10, 50), rng.randrange(-10, 30)
        color = rng.randrange(2)
        filled = rng.random() < 0.5
        for canvas in canvases:
            if op == 0:
                canvas.line(a, b, c, d, color)
            elif op == 1:
                canvas.rect(a, b, c, d, color, filled)
            elif op == 2:
                canvas.scroll(a - 20, b - 10)
            elif op == 3:
                canvas.blit(sprite, a, b, 0)
            elif op == 4:
                canvas.hline(a, b, c, color)
            else:
                canvas.vline(a, b, d, color)
    first = canvases[0]
    for other in canvases[1:]:
        for y in range(height):
            for x in range(width):
                assert first.pixel(x, y) == other.pixel(x, y)
