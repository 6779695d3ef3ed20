"""Cross-check of host_sim's SSD1306Panel against a driver not written here: Adafruit's
adafruit_ssd1306 (with adafruit_framebuf and adafruit_bus_device, see requirements-nodeps.txt)
draws into its own buffer and sends it over our fake I2C bus; the panel's glass must then show
exactly the pixels of Adafruit's buffer.

On a PC, Adafruit's libraries expect Blinka to provide `busio`, `digitalio` and `micropython`.
Blinka is not installed (its import probes the host's hardware); at import time this file
provides `busio.I2C` as an adapter over host_sim's machine-like I2C (what Blinka does on a
PC), `digitalio.DigitalInOut` over a host_sim Pin, and `micropython` comes from
host_sim/standins. Adafruit's text() needs a font5x8.bin file that its wheel does not ship,
so text is drawn through its image() method from a Pillow bitmap instead.
"""

import importlib
import random
import sys
import types

import pytest

from peripherals.bus import I2C, Pin
from peripherals.ssd1306_panel import ADDRESS, HORIZONTAL, SSD1306Panel

WIDTH, HEIGHT = 128, 64


class BusioI2C:
    """busio.I2C's interface as adafruit_bus_device uses it, over host_sim's fake I2C."""

    def __init__(self, bus: I2C) -> None:
        self.bus = bus
        self.locked = False
        self.locked_writes = 0

    def try_lock(self) -> bool:
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self) -> None:
        if not self.locked:
            raise RuntimeError("unlock() of an I2C bus that is not locked")
        self.locked = False

    def _must_hold_lock(self) -> None:
        if not self.locked:
            raise RuntimeError("I2C used without try_lock()")  # busio refuses this too

    def scan(self) -> list:
        self._must_hold_lock()
        return self.bus.scan()

    def writeto(self, address: int, buffer, *, start: int = 0, end: int | None = None) -> None:
        self._must_hold_lock()
        end = len(buffer) if end is None else end
        self.bus.writeto(address, memoryview(buffer)[start:end])
        self.locked_writes += 1

    def readfrom_into(self, address: int, buffer, *, start: int = 0, end=None) -> None:
        self._must_hold_lock()
        end = len(buffer) if end is None else end
        self.bus.readfrom_into(address, memoryview(buffer)[start:end])

    def writeto_then_readfrom(
        self, address, out_buffer, in_buffer, *, out_start=0, out_end=None, in_start=0, in_end=None
    ) -> None:
        self.writeto(address, out_buffer, start=out_start, end=out_end)
        self.readfrom_into(address, in_buffer, start=in_start, end=in_end)


class DigitalInOut:
    """digitalio.DigitalInOut over a host_sim Pin, as far as a reset line needs it."""

    def __init__(self, pin: Pin) -> None:
        self.pin = pin

    def switch_to_output(self, value: bool = False, drive_mode=None) -> None:
        self.pin.init(Pin.OUT, value=value)

    @property
    def value(self) -> bool:
        return bool(self.pin.value())

    @value.setter
    def value(self, level: bool) -> None:
        self.pin.value(level)


def _import_adafruit():
    provided = {
        "busio": types.SimpleNamespace(I2C=BusioI2C, SPI=None),  # SPI: only named, not used
        "digitalio": types.SimpleNamespace(DigitalInOut=DigitalInOut),
        "framebuf": None,  # host_sim's framebuf stand-in is on the path: use Adafruit's own
    }
    saved = {name: sys.modules.get(name) for name in provided}
    sys.modules.update(provided)  # type: ignore[arg-type]
    try:
        ssd1306 = importlib.import_module("adafruit_ssd1306")
        framebuf = importlib.import_module("adafruit_framebuf")
    except ImportError as error:
        raise ImportError(
            "%s: install the cross-check's libraries with `.venv/bin/pip install --no-deps "
            "-r requirements-nodeps.txt`" % error
        ) from error
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
    return ssd1306, framebuf


adafruit_ssd1306, adafruit_framebuf = _import_adafruit()


def make(**options) -> tuple:
    bus = I2C()
    panel = SSD1306Panel()
    bus.attach(ADDRESS, panel)
    i2c = BusioI2C(bus)
    display = adafruit_ssd1306.SSD1306_I2C(WIDTH, HEIGHT, i2c, **options)
    return panel, display, i2c


def glass(panel: SSD1306Panel) -> list:
    return [[panel.pixel(x, y) for x in range(WIDTH)] for y in range(HEIGHT)]


def drawn(display, transform=None) -> list:
    """Adafruit's own buffer as rows of 0/1; transform(x, y) picks the source pixel."""
    pick = transform or (lambda x, y: (x, y))
    return [[display.pixel(*pick(x, y)) for x in range(WIDTH)] for y in range(HEIGHT)]


def assert_same(shown: list, expected: list) -> None:
    wrong = [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if shown[y][x] != expected[y][x]]
    assert not wrong, "%d pixels differ, first at %s" % (len(wrong), wrong[:5])


# ---- patterns drawn with Adafruit's framebuffer API -------------------------------------


def checkerboard(display) -> None:
    for y in range(HEIGHT):
        for x in range((y & 1), WIDTH, 2):
            display.pixel(x, y, 1)


def corners_and_edges(display) -> None:
    for x, y in ((0, 0), (WIDTH - 1, 0), (0, HEIGHT - 1), (WIDTH - 1, HEIGHT - 1)):
        display.pixel(x, y, 1)
    display.hline(2, 7, 124, 1)  # the last row of page 0
    display.hline(2, 8, 124, 1)  # the first row of page 1
    display.vline(64, 0, HEIGHT, 1)


def lines(display) -> None:
    for x in range(0, WIDTH, 9):
        display.line(WIDTH // 2, HEIGHT // 2, x, 0, 1)
        display.line(WIDTH // 2, HEIGHT // 2, WIDTH - 1 - x, HEIGHT - 1, 1)
    display.line(0, HEIGHT - 1, WIDTH - 1, 0, 1)


def filled_rects(display) -> None:
    display.fill_rect(3, 5, 20, 11, 1)
    display.fill_rect(100, 40, 60, 60, 1)  # clipped at the right and bottom edges
    display.fill_rect(-5, 50, 12, 30, 1)  # clipped at the left
    display.fill_rect(40, 20, 48, 24, 1)
    display.fill_rect(50, 26, 28, 12, 0)  # a dark hole in it


def outlines(display) -> None:
    display.rect(0, 0, WIDTH, HEIGHT, 1)
    display.rect(10, 10, 30, 17, 1)
    display.circle(90, 32, 20, 1)
    display.circle(90, 32, 3, 1)


def pillow_text(display) -> None:
    from PIL import Image, ImageDraw

    image = Image.new("1", (WIDTH, HEIGHT))
    pen = ImageDraw.Draw(image)
    pen.text((2, 2), "MONOPOLY BANK", fill=1)
    pen.text((2, 30), "15M  +2M  260K", fill=1)
    display.image(image)


def noise(display) -> None:
    dice = random.Random(1306)
    for y in range(HEIGHT):
        for x in range(WIDTH):
            if dice.random() < 0.3:
                display.pixel(x, y, 1)


def everything_lit(display) -> None:
    display.fill(1)


PATTERNS = (
    checkerboard,
    corners_and_edges,
    lines,
    filled_rects,
    outlines,
    pillow_text,
    noise,
    everything_lit,
)


# ---- the cross-checks -------------------------------------------------------------------


def test_adafruit_init_leaves_a_lit_blank_panel() -> None:
    panel, display, i2c = make()
    assert adafruit_ssd1306.framebuf is adafruit_framebuf  # Adafruit's framebuf, not ours
    assert panel.display_on and panel.charge_pump
    assert panel.contrast == 0xFF
    assert panel.addressing == HORIZONTAL
    assert (panel.segment_remap, panel.com_remap, panel.multiplex) == (True, True, 64)
    assert panel.ram == bytes(WIDTH * HEIGHT // 8)  # init clears the power-up noise
    assert_same(glass(panel), drawn(display))
    assert not i2c.locked and i2c.locked_writes > 30
    # 0xAD 0x30 is the internal-IREF select of later SSD1306 datasheets (and the SSD1315),
    # which the panel does not model; it must be the only thing the panel did not understand.
    assert set(panel.unknown_commands) <= {0xAD, 0x30}


@pytest.mark.parametrize("pattern", PATTERNS, ids=[p.__name__ for p in PATTERNS])
def test_the_glass_shows_adafruits_buffer(pattern) -> None:
    panel, display, _ = make()
    display.fill(0)
    pattern(display)
    display.show()
    assert_same(glass(panel), drawn(display))
    assert panel.ram == bytes(display.buffer[1:])  # GDDRAM holds the frame byte for byte
    assert any(any(row) for row in glass(panel)), "the pattern drew nothing"


def test_frame_after_frame() -> None:
    panel, display, _ = make()
    for pattern in PATTERNS:
        display.fill(0)
        pattern(display)
        display.show()
        assert_same(glass(panel), drawn(display))


def test_software_rotation_of_the_framebuffer() -> None:
    panel, display, _ = make()
    display.rotation = 1  # adafruit_framebuf rotates in software; the panel sees the result
    display.fill(0)
    display.fill_rect(0, 0, 10, 30, 1)
    display.line(0, 0, 63, 127, 1)
    display.show()
    display.rotation = 0
    assert_same(glass(panel), drawn(display))


def test_invert() -> None:
    panel, display, _ = make()
    lines(display)
    display.show()
    display.invert(True)
    assert panel.inverse
    assert_same(glass(panel), [[1 - bit for bit in row] for row in drawn(display)])
    display.invert(False)
    assert_same(glass(panel), drawn(display))


def test_contrast() -> None:
    panel, display, _ = make()
    for level in (0x00, 0x01, 0x7F, 0xCF, 0xFF):
        display.contrast(level)
        assert panel.contrast == level
    assert set(panel.unknown_commands) <= {0xAD, 0x30}


def test_poweroff_darkens_the_glass_and_poweron_brings_the_frame_back() -> None:
    panel, display, _ = make()
    outlines(display)
    display.show()
    display.poweroff()
    assert not display.power and not panel.display_on
    assert not any(any(row) for row in glass(panel))
    display.poweron()
    assert display.power and panel.display_on
    assert_same(glass(panel), drawn(display))  # GDDRAM kept the frame while asleep


def test_rotate_180_after_show() -> None:
    panel, display, _ = make()
    filled_rects(display)
    corners_and_edges(display)
    display.rotate(False)  # segment remap and COM scan back to their reset values
    display.show()
    assert (panel.segment_remap, panel.com_remap) == (False, False)
    upside_down = drawn(display, lambda x, y: (WIDTH - 1 - x, HEIGHT - 1 - y))
    assert_same(glass(panel), upside_down)
    display.rotate(True)
    display.show()
    assert_same(glass(panel), drawn(display))


def test_segment_remap_applies_to_data_written_after_it() -> None:
    panel, display, _ = make()
    filled_rects(display)
    display.show()
    display.rotate(False)  # COM scan flips at once; the columns only at the next show()
    mirrored_rows = drawn(display, lambda x, y: (x, HEIGHT - 1 - y))
    assert_same(glass(panel), mirrored_rows)


def test_page_addressing_option_also_matches() -> None:
    # Adafruit's page_addressing=True sends 0x20 0x10: A[1:0] = 00b is horizontal mode, so
    # its per-page writes (0xB0+page, column nibbles: ignored outside page mode) still land
    # as one continuous horizontal stream.
    panel, display, _ = make(page_addressing=True)
    assert panel.addressing == HORIZONTAL
    noise(display)
    display.show()
    assert_same(glass(panel), drawn(display))


def test_the_reset_line_is_pulsed_on_poweron() -> None:
    levels: list = []
    reset = Pin(21, Pin.OUT, value=1)
    reset.watchers.append(lambda pin, level: levels.append(level))
    panel, display, _ = make(reset=DigitalInOut(reset))
    assert levels == [0, 1, 0, 1]  # switch_to_output(0), then high, low (reset), high
    checkerboard(display)
    display.show()
    assert_same(glass(panel), drawn(display))


def test_no_panel_at_the_address_is_refused() -> None:
    bus = I2C()  # nothing attached: every transfer is not acknowledged (OSError EIO)
    with pytest.raises(ValueError, match="No I2C device"):
        adafruit_ssd1306.SSD1306_I2C(WIDTH, HEIGHT, BusioI2C(bus))
