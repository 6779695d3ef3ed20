# Glyph primitives for ui.render and editions.stock_exchange.draw: prebuilt bitmaps, blit().
#
# Every glyph, icon and scaled letter is a MONO_VLSB FrameBuffer over its own bytearray
# (MicroPython's FrameBuffer needs a writable buffer), built the first time it is drawn and
# kept: blit() then copies it in C. Drawing passes key 0 (unlit source pixels are left alone),
# so text and icons only light pixels, as the screens expect; color 0 maps through the
# palette _INVERT (lit -> 0, unlit -> 1 = key) so only the glyph's own pixels go dark.
# Nothing here allocates once a glyph is built but log entries (when a log is kept) and, for a
# text beyond ASCII, fonts.read_utf8's slice copies (a bytearray of up to 64 bytes a character).
from struct import pack_into

import framebuf

from compat.const import const
from ui import fonts
from ui.fonts import BIG_CHARS, BIG_WIDTHS, read_utf8  # used per character: globals

# The screen and the lines both renderers share.
WIDTH = const(128)
HEIGHT = const(64)
TITLE_Y = const(0)  # title, small font, page 0
RULE_Y = const(10)  # a line under the title, page 1
BOTTOM_Y = const(55)  # detail or message, small font
BAR_Y = const(54)  # the inverted message bar covers rows 54-63
_QUESTION = const(63)  # '?' stands in for characters the small font lacks
_SMALL_COUNT = const(59)  # glyphs of fonts.SMALL: codes 32..90
_SLOTS = const(60)  # a glyph cache's slots a scale: fonts.SMALL's, one left empty (codes 1-14)
_VLSB = const(0)  # framebuf.MONO_VLSB, folded: no name in the heap

_INVERT = framebuf.FrameBuffer(bytearray(2), 2, 1, _VLSB)
_INVERT.pixel(0, 0, 1)  # source 0 -> 1, the key: skipped; source 1 -> 0: drawn dark

_small: list = [None] * _SLOTS
# The small glyphs x2, x3, then x3 as GS8 (a byte a page's column: big letters through pages).
_scaled: list = [None] * (3 * _SLOTS)
# Glyphs beyond ASCII (fonts.SMALL_EXTRA) by index * 4 + slot (0: as drawn, 1: x2, 2: x3, 3: x3
# as GS8), made when first drawn: a unit that never shows one keeps no room for them.
_extra: dict = {}
_big: list = [None] * len(fonts.BIG_CHARS)
_big_pages: list = [None] * len(fonts.BIG_CHARS)  # the same glyphs as GS8, a byte per column
_images: dict = {}  # icon bytes -> its FrameBuffer

# Character codes of a text, read without making a str per character: on MicroPython text[i]
# is a new 1-character str, looked up among every interned string (about 0.14 ms with the
# firmware loaded), and text.encode() allocates. pack_into() copies the text's UTF-8 bytes
# into _codes (zero-padded) in C, allocating nothing; CPython's "s" wants bytes. A text beyond
# ASCII is read there by fonts.read_utf8, its glyphs beyond ASCII as codes 1-14.
_CODES_MAX = const(31)  # longest text read this way (a small-font line is 21 characters)
_BYTES = const(64)  # its UTF-8 (an accented capital is 2 bytes, the euro sign 3)
_CODES_FORMAT = const("64s")
_codes = bytearray(_BYTES)
_loaded: str | None = None  # the text whose codes _codes holds (None: none, or changed since)
try:
    pack_into("1s", _codes, 0, "0")
    _PACKS_STR = True
except Exception:  # struct.error on CPython, not a TypeError
    _PACKS_STR = False
_big_index = bytearray(128)  # index in fonts.BIG_CHARS + 1 per ASCII code, or 0
# Read as bytes (one allocation): BIG_CHARS[i] would be a 1-character str, a lookup among the
# interned strings each (14 of them were about 6 ms of the boot before the first pixel).
_i = 0
for _c in BIG_CHARS.encode():
    _i += 1
    _big_index[_c] = _i
del _i, _c
# The glyph index of each ASCII code (what small_index() gives), read per character by
# _draw_run() instead of its comparisons: upper case and signs, lower case drawn as upper
# case, codes 1-14 (beyond ASCII: fonts.read_utf8) the caches' empty slot, '?' for the rest.
_small_at = bytearray(bytes((_QUESTION - fonts.SMALL_FIRST,)) * 128)
_small_at[1:15] = bytes((_SMALL_COUNT,)) * 14
_small_at[32:91] = bytes(range(_SMALL_COUNT))
_small_at[97:123] = bytes(range(33, _SMALL_COUNT))
# Four rows of a glyph's column (a nibble, bit 0 on top) drawn x2: each bit twice, a page byte.
_SPREAD3 = const((0, 7, 56, 63, 448, 455, 504, 511))  # three rows (bits) drawn x3: nine bits
_SPREAD2 = const(b"\x00\x03\x0c\x0f\x30\x33\x3c\x3f\xc0\xc3\xcc\xcf\xf0\xf3\xfc\xff")


# ---- lines of small text through palettes --------------------------------------------------
# A line of small text in one page (y = 8p: the title) or ending a row into the next (y = 8p + 7:
# the bottom line) is built without a blit per character (each blit call costs the chip more
# than the 35 pixels it copies): the codes (_codes, read as a GS8 column, one code per row) go
# through 5 palettes, one per glyph column (code -> that column's byte), into every 6th byte of
# a scratch page: 5 blits, whatever the length. The scratch page is then copied onto the
# canvas's pages in one blit, or two through palettes that shift its bytes down by 7 rows.
# Made at the first such line (the game's first screen), not at import: the first pixel, drawn
# without the page view (app.first_light), need not wait for them.
_CELLS = const(21)  # characters of a line: 126 columns, 6 a character
_line_tools: tuple | None = None  # the scratch page, its cells, the codes' column, 9 palettes


def _make_line_tools() -> tuple:
    global _line_tools
    line = bytearray(WIDTH)
    made = [
        framebuf.FrameBuffer(line, WIDTH, 1, framebuf.GS8),
        framebuf.FrameBuffer(line, fonts.SMALL_CELL, _CELLS, framebuf.GS8),
        framebuf.FrameBuffer(_codes, 1, _CODES_MAX + 1, framebuf.GS8),
    ]
    # Nine palettes (each 128 entries, a code or a glyph column's byte -> a byte) in one buffer,
    # made with blits: a loop over the entries, or a FrameBuffer per step, cost the boot more.
    # 0-4: code -> column k of its small glyph, as small_index() picks the glyph (lower case as
    # upper case, a code the font lacks as "?"; code 0, after the text, -> 0: nothing drawn).
    # For a line at y = 8p + 7, page p gets a column's bit 0 as its bit 7, page p + 1 its other
    # bits one row up: 5 and 7 for lit text, 6 and 8 for dark text on a band lit from row y - 1.
    tables = bytearray(9 * 128)
    view = memoryview(tables)
    gs8 = framebuf.GS8
    # The font as a GS8 image, a glyph a row; the tables as one column, an entry a row.
    font = framebuf.FrameBuffer(bytearray(fonts.SMALL), fonts.SMALL_WIDTH, _SMALL_COUNT, gs8)
    column = framebuf.FrameBuffer(tables, 1, 5 * 128, gs8)
    extra = framebuf.FrameBuffer(
        bytearray(fonts.SMALL_EXTRA), fonts.SMALL_WIDTH, len(fonts.SMALL_EXTRA_CODES), gs8
    )
    for k in range(fonts.SMALL_WIDTH):
        at = k * 128
        question = fonts.SMALL[(_QUESTION - fonts.SMALL_FIRST) * fonts.SMALL_WIDTH + k]
        column.fill_rect(0, at + 1, 1, 127, question)
        column.blit(font, -k, at + 64)  # 97-122 (a-z) from A-Z; 64-96 are redone below
        column.blit(font, -k, at + 32)  # 32-90: the font's own codes
        column.fill_rect(0, at + 91, 1, 6, question)  # 91-96
        column.blit(extra, -k, at + 1)  # 1-14: the glyphs beyond ASCII (page_line's codes)
    view[5 * 128 : 7 * 128] = b"\x00\x80" * 64 + b"\xc0\x40" * 64
    # 7 and 8: entry b is the value for b >> 1, so each value goes to two entries side by side.
    pairs = framebuf.FrameBuffer(view[7 * 128 :], 2, 128, gs8)
    values = bytearray(bytes(range(64)) + bytes(range(255, 191, -1)))
    halves = framebuf.FrameBuffer(values, 1, 128, gs8)
    pairs.blit(halves, 0, 0)
    pairs.blit(halves, 1, 0)
    for i in range(9):
        made.append(framebuf.FrameBuffer(view[i * 128 :], 128, 1, gs8))
    _line_tools = tuple(made)
    return _line_tools


def prepare_lines() -> None:
    """Make the line tools now (about 1.5 KB in a few blocks of up to 1,152 bytes): at boot,
    while the heap is empty, not at the first line drawn (issue 27)."""
    if _line_tools is None:
        _make_line_tools()


def page_line(pages, text: str, count: int, x: int, y: int, color: int, log) -> bool:
    """The first `count` characters of small text at (x, y), drawn through `pages` (the canvas's
    bytes as a GS8 FrameBuffer, a "pixel" per column of a page) as draw_text() would; False
    (nothing drawn) when it cannot: y neither 8p nor 8p + 7 (or 8p with color 0), or a text
    _load_codes() cannot read. The bytes it writes replace the canvas's: from x on, page p (and
    at 8p + 7 page p + 1) must hold nothing else but, with color 0, a band lit from row y - 1."""
    global _loaded
    shift = y & 7
    if count < 1 or (shift and shift != 7) or (not shift and not color):
        return False
    if not _load_codes(text):
        return False
    codes = _codes
    for i in range(count, len(text)):
        codes[i] = 0  # cut: nothing drawn past `count`
        _loaded = None
    tools = _line_tools or _make_line_tools()
    line = tools[0]
    line.fill_rect(0, 0, WIDTH, 1, 0)
    cells = tools[1]
    column = tools[2]
    for k in range(fonts.SMALL_WIDTH):
        cells.blit(column, k, 0, 0, tools[3 + k])
    page = y >> 3
    if not shift:
        pages.blit(line, x, page, 0)
    elif color:
        pages.blit(line, x, page, 0, tools[3 + 5])
        pages.blit(line, x, page + 1, 0, tools[3 + 7])
    else:  # every byte from x on: the band's too
        pages.blit(line, x, page, -1, tools[3 + 6])
        pages.blit(line, x, page + 1, -1, tools[3 + 8])
    if log is not None:
        log.append((x, y, text if count == len(text) else text[:count]))
    return True


def _load_codes(text: str) -> bool:
    """Whether _codes holds text's codes, a byte a character then zeros (fonts.read_utf8 beyond
    ASCII; the same text again is not read again). False: too long, or another script's."""
    global _loaded
    if text is _loaded:
        return True
    count = len(text)
    if count > _CODES_MAX:
        return False
    codes = _codes
    pack_into(_CODES_FORMAT, codes, 0, text if _PACKS_STR else text.encode())
    if codes[count] and (codes[_BYTES - 2] or not read_utf8(codes, count)):
        _loaded = None  # (codes[_BYTES - 2]: its UTF-8 may go on past _codes)
        return False
    _loaded = text
    return True


# ---- measuring -----------------------------------------------------------------------------


def blanks(text: str, count: int, end: bool) -> int:
    """Spaces at the start (or, `end`, at the end) of text[:count]; 0 if _load_codes() fails."""
    if not _load_codes(text):
        return 0
    codes = _codes
    blank = 0
    while blank < count and codes[count - 1 - blank if end else blank] == 32:
        blank += 1
    return blank


def text_width(text: str, scale: int = 1) -> int:
    """Pixels the small font covers for `text`, without the blank column after the last glyph."""
    return len(text) * fonts.SMALL_CELL * scale - scale if text else 0


def big_advance(char: str) -> int:
    """Columns one character of big text takes, the gap after it included."""
    index = BIG_CHARS.find(char)
    if index >= 0:
        return BIG_WIDTHS[index] + fonts.BIG_GAP
    if char == " ":
        return fonts.BIG_SPACE + fonts.BIG_GAP
    return fonts.SMALL_WIDTH * fonts.BIG_SCALE + fonts.BIG_GAP


def big_run(text: str, start: int, end: int) -> int:
    """Columns text[start:end] takes in big text, the gap after its last character included."""
    width = 0
    if not _load_codes(text):
        for i in range(start, end):
            width += big_advance(text[i])
        return width
    codes = _codes
    index = _big_index
    for i in range(start, end):
        code = codes[i]
        at = index[code]  # (every code is below 128: those beyond ASCII too)
        if at:
            width += BIG_WIDTHS[at - 1] + fonts.BIG_GAP
        elif code == 32:
            width += fonts.BIG_SPACE + fonts.BIG_GAP
        else:
            width += fonts.SMALL_WIDTH * fonts.BIG_SCALE + fonts.BIG_GAP
    return width


def big_width(text: str) -> int:
    """Pixels the big glyphs cover for `text` (letters are the small font x3)."""
    return big_run(text, 0, len(text)) - fonts.BIG_GAP if text else 0


def fitting(text: str, x: int, right: int = WIDTH, scale: int = 1) -> int:
    """How many characters of `text` the small font draws from x before column `right`."""
    room = (right - x + scale) // (fonts.SMALL_CELL * scale)
    if room < 0:
        return 0
    return len(text) if len(text) < room else room


# ---- drawing -------------------------------------------------------------------------------


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
    room = (right - x + scale) // (fonts.SMALL_CELL * scale)  # fitting(), without its call
    count = len(text)
    if room < count:
        count = room if room > 0 else 0
    return _draw_run(canvas, text, count, x, y, color, scale, log)


def _draw_run(canvas, text: str, count: int, x: int, y: int, color: int, scale: int, log) -> int:
    """draw_text() of the first `count` characters (fitting() worked out by the caller)."""
    cell = fonts.SMALL_CELL * scale
    # The built glyphs of this scale, found by index (_small_at: three calls per character were
    # most of a line's cost, then the comparisons that replaced them).
    glyphs = _small if scale == 1 else _scaled
    offset = 0 if scale == 1 else (scale - 2) * _SLOTS
    at = x
    # The codes from _load_codes() (a text too long for it: from one encode()): text[i] would
    # be a new str, looked up among the interned ones (more than the blit). One character:
    # ord() of it; a text _load_codes() cannot read: character by character.
    codes: bytes | bytearray = _codes
    read = count > 1 and _load_codes(text)
    if count > 1 and len(text) > _CODES_MAX:
        codes = text.encode()
        read = len(codes) == len(text)
    # Lit pixels only (key 0), or through _INVERT (key 1): lit ones dark.
    if read and color:  # the common case, with as little as can be done per character
        blit = canvas.blit  # (a palette argument, even None, costs a blit about a third more)
        table = _small_at
        for i in range(count):
            code = codes[i]
            glyph = glyphs[offset + table[code]]
            if glyph is None:
                glyph = _small_glyph(code, scale)
            blit(glyph, at, y, 0)
            at += cell
    elif read:  # the same loop with the palette: written twice so the lit one passes none
        blit = canvas.blit
        table = _small_at
        for i in range(count):
            code = codes[i]
            glyph = glyphs[offset + table[code]]
            if glyph is None:
                glyph = _small_glyph(code, scale)
            blit(glyph, at, y, 1, _INVERT)
            at += cell
    else:
        for i in range(count):
            code = ord(text) if len(text) == 1 else ord(text[i])
            glyph = glyphs[offset + _small_at[code]] if code < 128 else None
            if glyph is None:
                glyph = _small_glyph(code, scale)
            if color:
                canvas.blit(glyph, at, y, 0)
            else:
                canvas.blit(glyph, at, y, 1, _INVERT)
            at += cell
    if count:
        if log is not None:
            log.append((x, y, text if count == len(text) else text[:count]))
        return x + count * cell - scale
    return x


def draw_digits(canvas, number: int, x: int, y: int, scale: int = 1) -> int:
    """draw_text() of "%d" % number (lit pixels, nothing cut), without making that str for a
    number >= 0: a new str is looked up among the interned ones on the chip. Returns the end x."""
    if number < 0:
        return draw_text(canvas, "%d" % number, x, y, 1, WIDTH, scale)
    i = _BYTES
    while True:  # the digits' codes, at the end of _codes (past a text's codes: _CODES_MAX)
        i -= 1
        _codes[i] = 48 + number % 10
        number //= 10
        if not number:
            break
    glyphs = _small if scale == 1 else _scaled
    offset = 0 if scale == 1 else (scale - 2) * _SLOTS
    for j in range(i, _BYTES):
        code = _codes[j]
        glyph = glyphs[offset + code - 32]
        if glyph is None:
            glyph = _small_glyph(code, scale)
        canvas.blit(glyph, x, y, 0)
        x += fonts.SMALL_CELL * scale
    return x - scale


def centered(canvas, text: str, y: int, color: int, log: list | None, scale: int = 1) -> None:
    """Small text centred on the screen, cut to the screen's width."""
    count = fitting(text, 0, WIDTH, scale)
    width = count * fonts.SMALL_CELL * scale - scale if count else 0
    _draw_run(canvas, text, count, (WIDTH - width) // 2, y, color, scale, log)


def draw_big(
    canvas,
    text: str,
    x: int,
    y: int,
    log: list | None = None,
    first: int = 0,
    pages=None,
) -> int:
    """Big glyphs of text[first:] from (x, y), 21 rows tall; returns the end x. Callers check
    big_width(); the log gets the whole text at x when `first` is 0.

    pages: a GS8 view of the canvas's bytes (a "pixel" per column of a page), given when
    nothing but this text lies in its pages, which are blank where it goes: then a glyph at a
    y on a page boundary is copied a byte per column (blit() works a pixel at a time: 39
    bytes instead of 273 pixels). A zero byte is skipped, another replaces what was there."""
    if log is not None and text and not first:
        log.append((x, y, text))
    gap = fonts.BIG_GAP
    read = _load_codes(text)
    for i in range(first, len(text)):
        if read:
            code = _codes[i]
            index = _big_index[code] - 1
        else:
            char = text[i]
            index = BIG_CHARS.find(char)
            code = ord(char)
        if index >= 0:
            if pages is not None and not y & 7:
                glyph = _big_pages[index]
                if glyph is None:
                    glyph = _big_pages[index] = _build_big(index, framebuf.GS8)
                pages.blit(glyph, x, y >> 3, 0)
            else:
                glyph = _big[index]
                if glyph is None:
                    glyph = _big[index] = _build_big(index, _VLSB)
                canvas.blit(glyph, x, y, 0)
            x += BIG_WIDTHS[index] + gap
        elif code == 32:
            x += fonts.BIG_SPACE + gap
        else:  # a letter or a currency sign: the small glyph x3
            if pages is not None and not y & 7:
                pages.blit(_page_glyph(small_index(code)), x, y >> 3, 0)
            else:
                _blit(canvas, _small_glyph(code, fonts.BIG_SCALE), x, y, 1)
            x += fonts.SMALL_WIDTH * fonts.BIG_SCALE + gap
    return x - gap


def prepare(text: str, scale: int = 1) -> None:
    """Builds the glyphs of `text` at `scale` now, if not yet built: a screen whose keypresses
    would build them (about 0.1 ms each on the chip) builds them once when it is made."""
    codes: bytes | list = text.encode()  # (text[i] would be a new str each)
    if len(codes) != len(text):  # beyond ASCII: a character's code, not its UTF-8 bytes
        codes = [ord(char) for char in text]
    for code in codes:
        _small_glyph(code, scale)


def prepare_big(text: str) -> int:
    """Build now the page views of text's big glyphs (draw_big() copies them through `pages`), for
    the first amount typed (a currency sign x3 built in a keypress cost it about 0.5 ms on the
    chip). For the boot (a str per character is no matter there). Returns how many it built."""
    built = 0
    for char in text:
        index = BIG_CHARS.find(char)
        if index >= 0:
            if _big_pages[index] is None:
                _big_pages[index] = _build_big(index, framebuf.GS8)
                built += 1
        elif char != " ":
            index = small_index(ord(char))
            made = (
                _extra.get(index * 4 + 3) if index >= _SMALL_COUNT else _scaled[index + 2 * _SLOTS]
            )
            if made is None:
                _page_glyph(index)
                built += 1
    return built


def draw_image(canvas, bitmap: bytes, x: int, y: int, color: int = 1) -> int:
    """An 8-row bitmap (column bytes, bit 0 on top: icons.*), lit pixels only; returns x."""
    image = _images.get(bitmap)
    if image is None:
        image = _images[bitmap] = framebuf.FrameBuffer(bytearray(bitmap), len(bitmap), 8, _VLSB)
    _blit(canvas, image, x, y, color)
    return x


def _blit(canvas, glyph, x: int, y: int, color: int) -> None:
    if color:
        canvas.blit(glyph, x, y, 0)
    else:
        canvas.blit(glyph, x, y, 1, _INVERT)


# ---- building the bitmaps, once each -------------------------------------------------------


def small_index(code: int) -> int:
    """The small font's glyph for character `code`: fonts.SMALL's index, past its end the glyphs
    beyond ASCII (fonts.SMALL_EXTRA, also codes 1-14), "?" for a character the font lacks."""
    if 0 < code < 15:  # fonts.read_utf8's codes of the glyphs beyond ASCII
        return _SMALL_COUNT - 1 + code
    if 97 <= code <= 122 or (0xE0 <= code <= 0xFE and code != 0xF7):
        code -= 32  # lower case is drawn as upper case (accented letters too: Latin-1's)
    if fonts.SMALL_FIRST <= code <= fonts.SMALL_LAST:
        return code - fonts.SMALL_FIRST
    if code in fonts.SMALL_EXTRA_CODES:
        return _SMALL_COUNT + fonts.SMALL_EXTRA_CODES.index(code)
    return _QUESTION - fonts.SMALL_FIRST


def _small_glyph(code: int, scale: int):
    index = small_index(code)
    if index >= _SMALL_COUNT:
        return _extra_glyph(index, scale - 1)
    if scale == 1:
        glyph = _small[index]
        if glyph is None:
            glyph = _small[index] = framebuf.FrameBuffer(
                bytearray(_small_columns(index)), fonts.SMALL_WIDTH, fonts.SMALL_HEIGHT, _VLSB
            )
        return glyph
    at = index + (scale - 2) * _SLOTS
    glyph = _scaled[at]
    if glyph is None:
        glyph = _scaled[at] = _build_scaled(_small_columns(index), scale)
    return glyph


def _page_glyph(index: int):
    """Small glyph `index` x3 as GS8 (big text's letters and signs through a page view)."""
    if index >= _SMALL_COUNT:
        return _extra_glyph(index, 3)
    at = index + 2 * _SLOTS
    glyph = _scaled[at]
    if glyph is None:
        glyph = _scaled[at] = _build_scaled(_small_columns(index), fonts.BIG_SCALE, framebuf.GS8)
    return glyph


def _extra_glyph(index: int, slot: int):
    """A glyph beyond ASCII (past fonts.SMALL's), made once; slot 0: x1, 1: x2, 2: x3, 3: GS8 x3"""
    key = index * 4 + slot
    glyph = _extra.get(key)
    if glyph is None:
        columns = _small_columns(index)
        if slot == 0:
            glyph = framebuf.FrameBuffer(
                bytearray(columns), fonts.SMALL_WIDTH, fonts.SMALL_HEIGHT, _VLSB
            )
        elif slot == 3:
            glyph = _build_scaled(columns, fonts.BIG_SCALE, framebuf.GS8)
        else:
            glyph = _build_scaled(columns, slot + 1)
        _extra[key] = glyph
    return glyph


def _small_columns(index: int) -> bytes:
    if index < _SMALL_COUNT:
        at = index * fonts.SMALL_WIDTH
        return fonts.SMALL[at : at + fonts.SMALL_WIDTH]
    at = (index - _SMALL_COUNT) * fonts.SMALL_WIDTH
    return fonts.SMALL_EXTRA[at : at + fonts.SMALL_WIDTH]


def _build_scaled(columns: bytes, scale: int, format: int = _VLSB):
    # Drawn as MONO_VLSB; GS8 asked: the same bytes as a GS8 image a byte per column of a page.
    width = fonts.SMALL_WIDTH * scale
    height = fonts.SMALL_HEIGHT * scale
    pages = bytearray((height + 7) // 8 * width)
    # No fill_rect() per lit pixel (35 tests and a call per lit pixel were about 0.4 ms a glyph
    # on the chip, for the first amount drawn): x2 by table, a nibble of rows (a page byte) at
    # a time; else each column's bits spread `scale` times, its bytes written `scale` times.
    if scale == 2:
        for col in range(fonts.SMALL_WIDTH):
            bits = columns[col]
            at = 2 * col
            pages[at] = pages[at + 1] = _SPREAD2[bits & 15]
            pages[at + width] = pages[at + width + 1] = _SPREAD2[bits >> 4]
    elif scale == 3:  # by table, three rows at a time (big text's letters and signs)
        for col in range(fonts.SMALL_WIDTH):
            bits = columns[col]
            wide = _SPREAD3[bits & 7] | _SPREAD3[bits >> 3 & 7] << 9 | _SPREAD3[bits >> 6] << 18
            at = 3 * col
            for _ in range(3):  # its three pages
                byte = wide & 255
                pages[at] = pages[at + 1] = pages[at + 2] = byte
                wide >>= 8
                at += width
    else:
        block = (1 << scale) - 1
        for col in range(fonts.SMALL_WIDTH):
            bits = columns[col]
            wide = 0
            shift = 0
            while bits:
                if bits & 1:
                    wide |= block << shift
                bits >>= 1
                shift += scale
            at = col * scale
            while wide:
                for i in range(at, at + scale):
                    pages[i] = wide & 255
                wide >>= 8
                at += width
    glyph = framebuf.FrameBuffer(pages, width, height, _VLSB)
    if format != _VLSB:
        return framebuf.FrameBuffer(pages, width, (height + 7) // 8, format)
    return glyph


def _build_big(index: int, format: int):
    # fonts.BIG keeps each glyph as a MONO_VLSB buffer wants it: its first page (every
    # column), then the second, then the third; one copy, no loop over the columns. The same
    # bytes are a GS8 image as wide and 3 pixels high.
    width = fonts.BIG_WIDTHS[index]
    at = fonts.BIG_OFFSETS[index]
    pages = bytearray(fonts.BIG[at : at + 3 * width])
    if format == framebuf.GS8:
        return framebuf.FrameBuffer(pages, width, 3, format)
    return framebuf.FrameBuffer(pages, width, fonts.BIG_HEIGHT, format)
