# Draws an edition's view() on any 128x64 framebuf-compatible canvas: title, big text, bottom line.
from ui import fonts, icons

try:
    from micropython import const
except ImportError:

    def const(x):  # type: ignore[misc, no-redef]  # CPython: no micropython module
        return x


WIDTH = const(128)
HEIGHT = const(64)
TITLE_Y = const(0)  # title, small font, page 0
RULE_Y = const(10)  # a line under the title, page 1
BIG_Y = const(24)  # big glyphs cover rows 24-44: pages 3-5, so a keypress changes 3 pages
BOTTOM_Y = const(55)  # detail or message, small font
BAR_Y = const(54)  # the inverted message bar covers rows 54-63
_SMALL_TALL_Y = const(27)  # big text too wide for big glyphs: small font x2 (14 rows)
_SMALL_LINE_Y = const(31)  # ... and still too wide: small font x1
# Icons keep fixed slots at the right of the title line, left to right.
_SLOT_RECEIVE = const(92)
_SLOT_PAY = const(101)
_SLOT_SOUND = const(110)
_SLOT_BATTERY = const(119)
_TITLE_AFTER_SYMBOL = const(11)  # a view's symbol (a Revolution zone, Chance) sits left of it
_QUESTION = const(63)  # '?' stands in for characters the small font lacks
_LINES_Y = const(13)  # a view's "lines" (the settings summary): small font, 10 rows apart
_LINE_STEP = const(10)


def render(canvas, view: dict, status: dict | None = None, log: list | None = None) -> None:
    """Draw `view` (title, big, detail, message, error, green, red, sound, symbol, and "lines":
    up to 4 rows of small text under the title) on the canvas.

    status: {"battery_low": bool, "notice": str} from the shell; a notice (a fault such as
    "RED READER MISSING") fills the message line, inverted, when the view has no message.
    log: if a list, gets (x, y, text) for every string drawn and (x, y, "icon:<name>") for
    every icon, so a simulator can read the screen as text. Powering the panel for
    view["display_on"] is the shell's job; this only draws. A view with a "screen" key (the
    Stock Exchange) is drawn by ui.market_screens, imported only when first needed.
    """
    if "screen" in view:
        from ui.market_screens import render_screen

        render_screen(canvas, view, status, log)
        return
    canvas.fill(0)
    title_right = WIDTH
    battery_low = bool(status and status.get("battery_low"))
    if battery_low:
        title_right = _icon(canvas, icons.BATTERY_LOW, _SLOT_BATTERY, "icon:battery_low", log)
    if not view.get("sound", True):
        title_right = _icon(canvas, icons.SOUND_OFF, _SLOT_SOUND, "icon:sound_off", log)
    if view.get("red") is not None:
        title_right = _icon(canvas, icons.PAY, _SLOT_PAY, "icon:pay", log)
    if view.get("green") is not None:
        title_right = _icon(canvas, icons.RECEIVE, _SLOT_RECEIVE, "icon:receive", log)
    title_left = 0
    symbol = icons.SYMBOLS.get(view.get("symbol") or "")
    if symbol is not None:
        _icon(canvas, symbol, 0, "icon:" + view["symbol"], log)
        title_left = _TITLE_AFTER_SYMBOL
    draw_text(canvas, view.get("title") or "", title_left, TITLE_Y, 1, title_right - 1, 1, log)
    canvas.hline(0, RULE_Y, WIDTH, 1)

    lines = view.get("lines")
    if lines:
        for i in range(len(lines)):
            draw_text(canvas, lines[i], 0, _LINES_Y + i * _LINE_STEP, 1, WIDTH, 1, log)
    big = view.get("big") or ""
    if big:
        width = big_width(big)
        if width <= WIDTH:
            draw_big(canvas, big, (WIDTH - width) // 2, BIG_Y, log)
        elif text_width(big, 2) <= WIDTH:
            draw_text(
                canvas, big, (WIDTH - text_width(big, 2)) // 2, _SMALL_TALL_Y, 1, WIDTH, 2, log
            )
        else:
            _centered(canvas, big, _SMALL_LINE_Y, 1, log)

    line = view.get("message") or ""
    inverted = bool(line) and bool(view.get("error"))
    if not line and status and status.get("notice"):
        line = status["notice"]
        inverted = True
    if not line:
        line = view.get("detail") or ""
    if inverted:
        canvas.fill_rect(0, BAR_Y, WIDTH, HEIGHT - BAR_Y, 1)
    _centered(canvas, line, BOTTOM_Y, 0 if inverted else 1, log)


# ---- text ----------------------------------------------------------------------------------


def text_width(text: str, scale: int = 1) -> int:
    """Pixels the small font covers for `text`, without the blank column after the last glyph."""
    return len(text) * fonts.SMALL_CELL * scale - scale if text else 0


def draw_text(
    canvas,
    text: str,
    x: int,
    y: int,
    color: int = 1,
    right: int = WIDTH,
    scale: int = 1,
    log: list | None = None,
) -> int:
    """Small font at (x, y), cut so nothing passes column `right` - 1; returns the end x."""
    cell = fonts.SMALL_CELL * scale
    room = max(0, (right - x + scale) // cell)
    if len(text) > room:
        text = text[:room]
    for i in range(len(text)):
        _small_glyph(canvas, ord(text[i]), x + i * cell, y, scale, color)
    if log is not None and text:
        log.append((x, y, text))
    return x + text_width(text, scale)


def big_width(text: str) -> int:
    """Pixels the big glyphs cover for `text` (letters are the small font x3)."""
    width = 0
    for i in range(len(text)):
        width += _big_advance(text[i])
    return width - fonts.BIG_GAP if text else 0


def draw_big(canvas, text: str, x: int, y: int, log: list | None = None) -> int:
    """Big glyphs from (x, y), 21 rows tall; returns the end x. Callers check big_width()."""
    if log is not None and text:
        log.append((x, y, text))
    data = fonts.BIG
    for i in range(len(text)):
        char = text[i]
        index = fonts.BIG_CHARS.find(char)
        if index >= 0:
            at = fonts.BIG_OFFSETS[index]
            for col in range(fonts.BIG_WIDTHS[index]):
                bits = data[at] | (data[at + 1] << 8) | (data[at + 2] << 16)
                _column(canvas, bits, x + col, y, 1, 1)
                at += 3
        elif char != " ":
            _small_glyph(canvas, ord(char), x, y, fonts.BIG_SCALE, 1)
        x += _big_advance(char)
    return x - fonts.BIG_GAP


def _big_advance(char: str) -> int:
    index = fonts.BIG_CHARS.find(char)
    if index >= 0:
        return fonts.BIG_WIDTHS[index] + fonts.BIG_GAP
    if char == " ":
        return fonts.BIG_SPACE + fonts.BIG_GAP
    return fonts.SMALL_WIDTH * fonts.BIG_SCALE + fonts.BIG_GAP


def _centered(canvas, text: str, y: int, color: int, log: list | None) -> None:
    room = (WIDTH + 1) // fonts.SMALL_CELL
    if len(text) > room:
        text = text[:room]
    draw_text(canvas, text, (WIDTH - text_width(text)) // 2, y, color, WIDTH, 1, log)


def _small_glyph(canvas, code: int, x: int, y: int, scale: int, color: int) -> None:
    if 97 <= code <= 122:
        code -= 32  # lower case is drawn as upper case
    data = fonts.SMALL
    if code < fonts.SMALL_FIRST or code > fonts.SMALL_LAST:
        if code in fonts.SMALL_EXTRA_CODES:
            data = fonts.SMALL_EXTRA
            code = fonts.SMALL_FIRST + fonts.SMALL_EXTRA_CODES.index(code)
        else:
            code = _QUESTION
    at = (code - fonts.SMALL_FIRST) * fonts.SMALL_WIDTH
    for col in range(fonts.SMALL_WIDTH):
        _column(canvas, data[at + col], x + col * scale, y, scale, color)


def _column(canvas, bits: int, x: int, y: int, scale: int, color: int) -> None:
    # One glyph column, bit 0 on top: one fill_rect per run of lit rows.
    row = 0
    while bits:
        if bits & 1:
            start = row
            while bits & 1:
                bits >>= 1
                row += 1
            canvas.fill_rect(x, y + start * scale, scale, (row - start) * scale, color)
        else:
            bits >>= 1
            row += 1


def _icon(canvas, bitmap: bytes, x: int, name: str, log: list | None) -> int:
    for col in range(icons.SIZE):
        _column(canvas, bitmap[col], x + col, TITLE_Y, 1, 1)
    if log is not None:
        log.append((x, TITLE_Y, name))
    return x
