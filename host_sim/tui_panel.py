"""The unit's 128x64 OLED as terminal text: half blocks (full layout), braille (compact layout).

Both keep every pixel. Half blocks put two pixels (one above the other) in a character cell:
128 x 32 cells. Braille patterns (Unicode U+2800-U+28FF) put eight, two across and four down:
64 x 16 cells, which fits an 80 x 24 terminal beside the balances. Neither Rich nor Textual
draws a bitmap as braille, and the mapping is one table, so it is written out here.
"""

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

OLED_WIDTH = 128
OLED_HEIGHT = 64
OLED_STYLE = Style(color="rgb(140,210,255)", bgcolor="black")  # light blue on black

_HALF_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
# The dot of a braille cell for each pixel of its 2x4 block, by row then column (Unicode
# numbers the dots 1-2-3 down the left, 4-5-6 down the right, then 7 and 8 under them).
BRAILLE_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def oled_rows(pixels: list) -> tuple:
    """64 rows of 128 booleans -> 32 strings of half blocks (top pixel, bottom pixel)."""
    return tuple(
        "".join(_HALF_BLOCKS[pair] for pair in zip(pixels[y], pixels[y + 1], strict=True))
        for y in range(0, len(pixels), 2)
    )


def braille_rows(pixels: list) -> tuple:
    """64 rows of 128 booleans -> 16 strings of 64 braille cells (2 x 4 pixels each); a cell
    with no pixel lit is a space."""
    rows = []
    for y in range(0, len(pixels), 4):
        band = pixels[y : y + 4]
        cells = []
        for x in range(0, len(band[0]), 2):
            bits = 0
            for row, (left, right) in zip(band, BRAILLE_DOTS, strict=True):
                if row[x]:
                    bits |= left
                if row[x + 1]:
                    bits |= right
            cells.append(chr(0x2800 + bits) if bits else " ")  # a space: blank on any font
        rows.append("".join(cells))
    return tuple(rows)


class _Panel(Widget):
    """The panel's rows, drawn as they come; redrawn only when a cell changed."""

    COLUMNS = OLED_WIDTH
    ROWS = OLED_HEIGHT // 2

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: tuple = (" " * self.COLUMNS,) * self.ROWS
        self.border_title = "OLED 128x64"

    def show(self, rows: tuple) -> bool:
        """Take a new frame; redraw only when a pixel changed. True when it did."""
        if rows == self.rows:
            return False
        self.rows = rows
        self.refresh()
        return True

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y >= len(self.rows):
            return Strip.blank(width, OLED_STYLE)
        return Strip([Segment(self.rows[y], OLED_STYLE)], self.COLUMNS).crop_extend(
            0, width, OLED_STYLE
        )


class OledView(_Panel):
    """The full layout's panel: 128x64 in half blocks, two pixels per character cell."""

    DEFAULT_CSS = """
    OledView {
        width: 130;
        height: 34;
        border: round rgb(140,210,255);
        border-title-color: rgb(140,210,255);
        background: black;
    }
    """


class BrailleView(_Panel):
    """The compact layout's panel: 128x64 in braille, eight pixels per character cell."""

    COLUMNS = OLED_WIDTH // 2
    ROWS = OLED_HEIGHT // 4
    DEFAULT_CSS = """
    BrailleView {
        width: 66;
        height: 18;
        border: round rgb(140,210,255);
        border-title-color: rgb(140,210,255);
        background: black;
    }
    """
