# Draws an edition's view() on any 128x64 framebuf-compatible canvas: title, big text, bottom line.
#
# A Screen remembers what it last drew on its canvas, region by region (the title line with its
# icons; the "lines"; the big text; the bottom line or bar), and redraws only a region whose
# content changed, after clearing just that region. Big text that keeps its place and start
# redraws from its first changed character only: while an amount is typed (view mode "entry")
# it starts at a fixed x, so a digit adds one glyph instead of moving the whole number.
# The rows: title 0-7, rows 8-9 blank, rule 10, lines and big text 11-53, bottom 54-63.
from compat.const import const
from ui import draw, fonts, icons
from ui.draw import (
    BAR_Y,
    BOTTOM_Y,
    HEIGHT,
    RULE_Y,
    TITLE_Y,
    WIDTH,
    big_width,
    draw_big,
    draw_text,
    text_width,
)
from ui.windows import COUNT, COVERED, SIZE, SPANS, add_window, send_windows

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from typing import Any

BIG_Y = const(24)  # big glyphs cover rows 24-44: pages 3-5, so a keypress changes 3 pages
BIG_FIRST_PAGE = const(3)
BIG_LAST_PAGE = const(5)
ENTRY_X = const(33)  # an amount being typed starts here: four digits are centred
_BIG_HEIGHT = const(21)
_BAR_PAGE_Y = const(56)  # rows 56-63, page 7, lie in the bottom bar alone
_BAR_PAGE = const(7)
_BOTTOM_FIRST_PAGE = const(6)  # the bottom's rows, 54-63, are in pages 6 and 7
_TITLE_PAGE = const(0)  # the title's rows, 0-7 (TITLE_Y to RULE_Y - 3), are page 0
_MIDDLE_Y = const(11)  # the lines and the big text share rows 11-53
_SMALL_TALL_Y = const(27)  # big text too wide for big glyphs: small font x2 (14 rows)
_SMALL_LINE_Y = const(31)  # ... and still too wide: small font x1
# Icons keep fixed slots at the right of the title line, left to right.
_SLOT_RECEIVE = const(92)
_SLOT_PAY = const(101)
_SLOT_SOUND = const(110)
_SLOT_BATTERY = const(119)
_TITLE_AFTER_SYMBOL = const(11)  # a view's symbol (a Revolution zone, Chance) sits left of it
_LINES_Y = const(13)  # a view's "lines" (the settings summary): small font, 10 rows apart
_LINE_STEP = const(10)
# The title line's icons, as bits of Screen.icons.
_BATTERY = const(1)
_SOUND_OFF = const(2)
_PAY = const(4)
_RECEIVE = const(8)
_LEVEL_SHIFT = const(4)  # the battery gauge's level, in the icon flags above these
# How the big text is drawn (Screen._big_kind).
_NONE = const(0)
_GLYPHS = const(1)
_TALL = const(2)
_LINE = const(3)


def render(canvas, view: dict, status: dict | None = None, log: list | None = None, screen=None,
           pages=None):  # fmt: skip
    """Draw `view` (title, big, detail, message, error, green, red, sound, symbol, mode, and
    "lines": up to 4 rows of small text under the title) on the canvas.

    status: {"battery_low": bool, "notice": str} from the shell; a notice (a fault such as
    "RED READER MISSING") fills the message line, inverted, when the view has no message.
    log: if a list, gets (x, y, text) for every string drawn and (x, y, "icon:<name>") for
    every icon, so a simulator can read the screen as text. Powering the panel for
    view["display_on"] is the shell's job; this only draws. A view with a "screen" key (the
    Stock Exchange) is drawn by editions.stock_exchange.draw, imported only when first needed
    (in a language, its texts go through editions.stock_exchange.lang first).
    screen: the Screen of this canvas (prepare()), which remembers what it drew: only what
    changed since is redrawn (the canvas must have been drawn on through it alone since). None:
    the whole frame is drawn. The unit draws partially on its one display, through the Screen
    it made at boot.
    Returns the first and last column of the big text's rows (pages 3-5) when a character
    typed or taken back at the end of an amount was all that changed (the display can send
    just those columns: SSD1306.show_window), else None (then show_drawn() sends the regions
    redrawn, a Stock Exchange form's too).
    pages: the canvas's bytes as a GS8 FrameBuffer 128 wide and 8 high (a "pixel" per column
    of a page: SSD1306.pages), if the caller has one; regions of whole pages are then cleared
    and big glyphs copied through it, a byte per column instead of a pixel at a time.
    """
    if screen is None:
        screen = Screen(canvas)  # nothing known about this canvas: everything is drawn
    screen.pages = pages
    return screen.draw(view, status, log)


def prepare(canvas, market: bool, screen=None, closed: bool = False) -> "Screen":
    """The partial renderer of the unit's display (`screen`, or a Screen made now for
    `canvas`), returned, with the Stock Exchange's screens (editions.stock_exchange.draw, its
    code and tables: about 10 KB) when `market`: made at boot, before the journal's records
    and the boot summary spread small objects over the heap. Loaded at the first market render
    instead, on the chip that import found no free block of 1,280 bytes after the summary and
    the unit died (issue 27). closed: the boot summary or the menu has just closed, and the
    language's table lets the lines it kept of them go (they do not come back)."""
    draw.prepare_lines()
    if screen is None:
        screen = Screen(canvas)
    elif closed and screen.lang is not None:
        screen.lang.forget()
    if market:
        screen.market()
    return screen


def edit_entry(screen, big: str, log: list | None = None, pages=None):
    """Only the big text of the view last drawn through `screen` changed, to `big` (an amount
    being typed: rules.machine.entry_changed), and nothing else did: draws that change as
    render() would, without the view. Returns the (first, last) columns of pages 3-5 it
    changed, or None when it cannot (that view was not an amount typed from ENTRY_X, or `big`
    is not its text with characters added or taken back at the end, or does not fit): then
    the caller renders the whole view. `log` and `pages` as render()'s."""
    screen.pages = pages
    return screen.edit(big, log)


def show_drawn(screen, display) -> bool:
    """Send, with display.show_window(), each region the last render() through `screen` (on
    the display's canvas) redrew (the title's page, the big text's pages 3-5, the bottom's
    pages 6-7: the columns drawn before and after). True when those windows hold every change
    that render() made; else (a cleared middle, a full redraw, a market screen) display.show()
    must follow, and then finds only the rest rather than searching every changed page. Not
    without a window: show_window() is what sends the whole frame when the panel needs it
    (after a fault, before its first frame), and an unchanged view sends none."""
    if not screen.windows[COUNT]:
        return False  # (as after a full frame or a market screen: no call made)
    return send_windows(screen.windows, display)


class Screen:
    """What was last drawn on one canvas, region by region; draw() redraws what changed."""

    def __init__(self, canvas) -> None:
        self.canvas = canvas
        self.pages = None  # render()'s `pages` for this canvas, or None
        # Log entries per region (title, lines, big, bottom), kept while a log is asked for.
        self._logs: tuple = ([], [], [], [])
        self._market: Any = None  # the Stock Exchange's screens' drawer (MarketDrawer), once drawn
        # The language (ui.lang.Table), or None in English: every text drawn goes through its
        # translate(); the regions are compared in English, so an unchanged line costs
        # nothing and a changed one a lookup.
        self.lang: Any = None
        self._edit_columns = [0, 0]  # the columns an entry's edit touched: draw() returns it
        self._edited = False
        # The regions the last draw() redrew (full redraws aside), as ui.windows lays them out
        # (show_drawn() sends them); in its SPANS bytes, the columns of page 0 (the title
        # line), of pages 6-7 (the bottom line or bar) and of pages 3-5 (the big text) holding
        # something: first, last (first > last: nothing). One bytearray: one attribute.
        self.windows = bytearray(SIZE)
        self.windows[SPANS:SIZE] = bytes((WIDTH, 0, WIDTH, 0, WIDTH, 0))
        self.forget()

    def forget(self) -> None:
        """Draw everything at the next draw(): the canvas holds something else."""
        if self._market is not None:
            self._market.forget()
        self._known = False
        self._logged = False
        # What the canvas shows of the last view drawn: its title, symbol, icons (bits) and
        # lines. (Named as the view's keys: a private name of their own would be a second name
        # each in the chip's heap.)
        self.title = ""
        self.symbol = ""
        self.icons = 0
        self.lines: list | None = None
        self._big = ""
        self.big = ""  # the big text as drawn (translated; named as the view's key)
        self._big_entry = False
        self._big_kind = _NONE
        self._big_x = 0
        self._big_y = 0
        self._big_w = 0
        self._big_h = 0
        self._bottom = ""
        self._inverted = False

    def use(self, lang) -> None:
        """Draw in `lang` (a ui.lang.Table; None: English) from now on: everything anew."""
        if self.lang is not None:
            self.lang.close()
        self.lang = lang
        self.forget()

    def market(self):
        """The Stock Exchange's screens on this canvas (made on first use, or by prepare())."""
        market = self._market
        if market is None:
            from editions.stock_exchange.draw import MarketDrawer

            # It records the regions of a form it redrew in this Screen's windows.
            market = self._market = MarketDrawer(self.canvas, self.windows)
        return market

    def draw(self, view: dict, status: dict | None = None, log: list | None = None):
        """Bring the canvas to `view` (see render()); `log` gets everything on screen. Returns
        (first, last) column of an entry's edit when that was the only change, else None."""
        canvas = self.canvas
        if "screen" in view:
            market = self.market()
            self._known = False  # the Stock Exchange drew over every region of this Screen
            market.pages = self.pages
            market.lang = self.lang  # (in a language, it translates the view's texts first)
            market.draw(view, status, log)
            return None
        if self._market is not None:
            self._market.forget()
        keep = log is not None
        full = not self._known or (keep and not self._logged)
        if full:
            canvas.fill(0)
            canvas.hline(0, RULE_Y, WIDTH, 1)
            self._known = True
        self._logged = keep
        logs = self._logs
        self._edited = False
        windows = self.windows
        windows[COUNT] = 0
        windows[COVERED] = 1  # until a region goes unwindowed (see the end)
        other = self._draw_title(view, status, full, logs[0] if keep else None)
        lines = view.get("lines") or None
        middle = full or lines != self.lines
        big = view.get("big") or ""
        entry = view.get("mode") == "entry"
        if not middle and lines and (big != self._big or entry != self._big_entry):
            middle = True  # big text over lines: redraw both
        if middle:
            if not full:
                canvas.fill_rect(0, _MIDDLE_Y, WIDTH, BAR_Y - _MIDDLE_Y, 0)
            self._draw_lines(lines, logs[1] if keep else None)
            self._big_kind = _NONE  # cleared: nothing to clear before the big text
            self._draw_big(big, entry, logs[2] if keep else None)
            self._big_span(True)
            other = True
        elif big != self._big or entry != self._big_entry:
            if self._big_kind == _GLYPHS:  # its columns now: edit_entry() may have typed more
                spans = self.windows
                spans[SPANS + 4] = self._big_x
                spans[SPANS + 5] = self._big_x + self._big_w - 1
            self._draw_big(big, entry, logs[2] if keep else None)
            self._big_span(False)
            other = other or not self._edited
        if self._draw_bottom(view, status, full, logs[3] if keep else None):
            other = True
        if log is not None:
            for region in logs:
                for item in region:
                    log.append(item)
        # Every region redrawn (a full frame or a cleared middle aside) left its window.
        if middle:
            self.windows[COVERED] = 0
        if other or full or not self._edited:
            return None
        return self._edit_columns

    def edit(self, big: str, log: list | None):
        """edit_entry() on this Screen."""
        keep = log is not None
        if not self._known or (keep and not self._logged) or not self._big_entry:
            return None
        if self._big_kind != _GLYPHS or self._big_x != ENTRY_X or big == self._big:
            return None
        logs = self._logs
        if not self._edit_entry(big, logs[2] if keep else None):
            return None
        self._logged = keep
        if keep:
            for region in logs:
                for item in region:
                    log.append(item)  # type: ignore[union-attr]
        return self._edit_columns

    # ---- regions ---------------------------------------------------------------------------

    def _span(self, at: int, first: int, last: int, full: bool) -> None:
        """Region `at` (0: the title's page, 2: the bottom's pages, 4: the big text's) now holds
        columns first..last (none when first > last); unless `full` (the frame or the middle
        redrawn whole), its window is the columns it held before or holds now."""
        spans = self.windows
        at += SPANS
        if not full:
            left = spans[at]
            right = spans[at + 1]
            if first <= last:
                if left > right:
                    left, right = first, last
                else:
                    left = first if first < left else left
                    right = last if last > right else right
            if at == SPANS + 2:
                add_window(self.windows, _BOTTOM_FIRST_PAGE, _BAR_PAGE, left, right)
            elif at == SPANS + 4:
                add_window(self.windows, BIG_FIRST_PAGE, BIG_LAST_PAGE, left, right)
            else:
                add_window(self.windows, _TITLE_PAGE, _TITLE_PAGE, left, right)
        spans[at] = first if first <= last else WIDTH
        spans[at + 1] = last if first <= last else 0

    def _big_span(self, full: bool) -> None:
        """_span() of the big text: small-font text (too wide for big glyphs) without the
        blanks at its ends (a Chance card's text scrolls in padded with spaces)."""
        kind = self._big_kind
        first = self._big_x
        last = first + self._big_w - 1
        if kind == _NONE:
            first = WIDTH
        elif kind != _GLYPHS:
            cell = fonts.SMALL_CELL * (2 if kind == _TALL else 1)
            count = (self._big_w + cell // 6) // cell  # the characters drawn
            first += cell * draw.blanks(self.big, count, False)
            last -= cell * draw.blanks(self.big, count, True)
        self._span(4, first, last, full)

    def _draw_title(self, view: dict, status, full: bool, log) -> bool:
        flags = 0
        level = icons.battery_level(status)
        if level >= 0:
            flags |= _BATTERY | level << _LEVEL_SHIFT  # a new level repaints its slot
        if not view.get("sound", True):
            flags |= _SOUND_OFF
        if view.get("red") is not None:
            flags |= _PAY
        if view.get("green") is not None:
            flags |= _RECEIVE
        title = view.get("title") or ""
        symbol = view.get("symbol") or ""
        if not full and title == self.title and symbol == self.symbol and flags == self.icons:
            return False
        canvas = self.canvas
        if not full:
            pages = self.pages
            if pages is None:
                canvas.fill_rect(0, TITLE_Y, WIDTH, RULE_Y - 2, 0)
            else:  # rows 0-7 are page 0: a byte per column instead of 1024 pixels
                pages.fill_rect(0, _TITLE_PAGE, WIDTH, 1, 0)
        if log is not None:
            log.clear()
        moved = flags ^ self.icons  # icons shown or gone: their slots' columns changed
        self.title = title
        self.symbol = symbol
        self.icons = flags
        right = WIDTH
        if flags & _BATTERY:
            bitmap, name = icons.battery_icon(level)
            right = _icon(canvas, bitmap, _SLOT_BATTERY, name, log)
        if flags & _SOUND_OFF:
            right = _icon(canvas, icons.SOUND_OFF, _SLOT_SOUND, "icon:sound_off", log)
        if flags & _PAY:
            right = _icon(canvas, icons.PAY, _SLOT_PAY, "icon:pay", log)
        if flags & _RECEIVE:
            right = _icon(canvas, icons.RECEIVE, _SLOT_RECEIVE, "icon:receive", log)
        first = WIDTH  # the columns of the symbol and the title (the icons keep their slots)
        left = 0
        bitmap = icons.SYMBOLS.get(symbol)
        if bitmap is not None:
            _icon(canvas, bitmap, 0, "icon:" + symbol if log is not None else "", log)
            left = _TITLE_AFTER_SYMBOL
            first = 0
        pages = self.pages  # page 0 is clear but for the icons, which page_line() skips
        lang = self.lang
        if lang is not None:
            title = lang(title)
        count = draw.fitting(title, left, right - 1)
        if pages is None or not draw.page_line(pages, title, count, left, TITLE_Y, 1, log):
            draw_text(canvas, title, left, TITLE_Y, 1, right - 1, 1, log)
        if count and left < first:
            first = left
        last = left + count * fonts.SMALL_CELL - 2 if count else left - 2  # or the symbol's
        self._span(0, first, last, full)
        if moved and not full:
            slot = _SLOT_BATTERY
            if moved & _RECEIVE:
                slot = _SLOT_RECEIVE
            elif moved & _PAY:
                slot = _SLOT_PAY
            elif moved & _SOUND_OFF:
                slot = _SLOT_SOUND
            add_window(self.windows, _TITLE_PAGE, _TITLE_PAGE, slot, WIDTH - 1)
        return True

    def _draw_lines(self, lines, log) -> None:
        if log is not None:
            log.clear()
        self.lines = list(lines) if lines else None  # a copy: the view's list may change
        if lines:
            lang = self.lang
            for i in range(len(lines)):
                line = lines[i] if lang is None else lang(lines[i])
                draw_text(self.canvas, line, 0, _LINES_Y + i * _LINE_STEP, 1, WIDTH, 1, log)

    def _draw_big(self, big: str, entry: bool, log) -> None:
        kept = entry and self._big_entry and self._big_kind == _GLYPHS
        if kept and self._big_x == ENTRY_X and self._edit_entry(big, log):
            return
        canvas = self.canvas
        kind = _NONE
        x = y = width = height = 0
        self._big = big  # (compared in English)
        if big and self.lang is not None:
            big = self.lang(big)  # (an amount being typed too: its decimal mark)
        if big:
            width = big_width(big)
            if width <= WIDTH:
                kind = _GLYPHS
                x = ENTRY_X if entry and ENTRY_X + width <= WIDTH else (WIDTH - width) // 2
                y = BIG_Y
                height = _BIG_HEIGHT
            elif text_width(big, 2) <= WIDTH:
                kind = _TALL
                width = text_width(big, 2)
                x = (WIDTH - width) // 2
                y = _SMALL_TALL_Y
                height = 14
            else:
                kind = _LINE
                width = draw.fitting(big, 0) * fonts.SMALL_CELL - 1  # cut as draw.centered()
                x = (WIDTH - width) // 2
                y = _SMALL_LINE_Y
                height = 7
        if self._big_kind != _NONE:
            self._clear_big(self._big_x, self._big_y, self._big_w, self._big_h)
        self.big = big
        self._big_entry = entry
        self._big_kind = kind
        self._big_x = x
        self._big_y = y
        self._big_w = width
        self._big_h = height
        if log is not None:
            log.clear()
        if kind == _GLYPHS:
            draw_big(canvas, big, x, y, log, 0, self._band_pages())
        elif kind == _TALL:
            draw_text(canvas, big, x, y, 1, WIDTH, 2, log)
        elif kind == _LINE:
            draw.centered(canvas, big, y, 1, log)

    def _edit_entry(self, big: str, log) -> bool:
        """A character typed or taken back at the end of an amount drawn from ENTRY_X: draw or
        clear just that glyph (the kept ones are not even read: reading a character of a str
        costs MicroPython a qstr lookup). False when it is not such a change, or does not fit."""
        old = self._big
        kept = len(old)
        width = self._big_w
        shown = big  # as drawn: in a language, its decimal mark (the same length)
        if self.lang is not None:
            shown = self.lang(big)
        if len(big) > kept and big.startswith(old):
            width += draw.big_run(shown, kept, len(big))
            if ENTRY_X + width > WIDTH:
                return False
            start = ENTRY_X + self._big_w + fonts.BIG_GAP
            draw_big(self.canvas, shown, start, BIG_Y, None, kept, self._band_pages())
            columns = self._edit_columns
            columns[0] = start
            columns[1] = ENTRY_X + width - 1
        elif big and len(big) < kept and old.startswith(big):
            width -= draw.big_run(self.big, len(big), kept)
            start = ENTRY_X + width + fonts.BIG_GAP
            self._clear_big(start, BIG_Y, ENTRY_X + self._big_w - start, _BIG_HEIGHT)
            columns = self._edit_columns
            columns[0] = start
            columns[1] = ENTRY_X + self._big_w - 1
        else:
            return False
        self._edited = True
        self._big = big
        self.big = shown
        self._big_w = width
        if log is not None:
            log.clear()
            log.append((ENTRY_X, BIG_Y, shown))
        return True

    def _band_pages(self):
        """The GS8 view when pages 3-5 hold nothing but the big text: no "lines" (rows 11-53
        are theirs and the big text's alone), else None."""
        return self.pages if self.lines is None else None

    def _clear_big(self, x: int, y: int, width: int, height: int) -> None:
        """Clear a box of the big text (in rows 24-44, pages 3-5): the whole pages' bytes of
        its columns when nothing else lies there (_band_pages)."""
        pages = self._band_pages()
        if pages is None:
            self.canvas.fill_rect(x, y, width, height, 0)
        else:
            pages.fill_rect(x, BIG_FIRST_PAGE, width, BIG_LAST_PAGE - BIG_FIRST_PAGE + 1, 0)

    def _draw_bottom(self, view: dict, status, full: bool, log) -> bool:
        line = view.get("message") or ""
        inverted = bool(line) and bool(view.get("error"))
        if not line and status and status.get("notice"):
            line = status["notice"]
            inverted = True
        if not line:
            line = view.get("detail") or ""
        if not full and line == self._bottom and inverted == self._inverted:
            return False
        self._bottom = line
        self._inverted = inverted
        if log is not None:
            log.clear()
        if inverted or not full:
            pages = self.pages
            if pages is None:
                self.canvas.fill_rect(0, BAR_Y, WIDTH, HEIGHT - BAR_Y, 1 if inverted else 0)
            else:  # the rows of page 6 a pixel at a time, page 7 a byte per column
                self.canvas.fill_rect(0, BAR_Y, WIDTH, _BAR_PAGE_Y - BAR_Y, 1 if inverted else 0)
                pages.fill_rect(0, _BAR_PAGE, WIDTH, 1, 255 if inverted else 0)
        color = 0 if inverted else 1
        lang = self.lang
        if lang is not None:
            line = lang(line)
        # Through the pages when no "lines" reach rows 48-53 (page 6, above the bar's rows):
        # page_line() replaces those rows' bytes.
        pages = self.pages if self.lines is None else None
        count = draw.fitting(line, 0)
        x = (WIDTH - (count * fonts.SMALL_CELL - 1)) // 2
        if pages is None or not draw.page_line(pages, line, count, x, BOTTOM_Y, color, log):
            draw.centered(self.canvas, line, BOTTOM_Y, color, log)
        if inverted:
            self._span(2, 0, WIDTH - 1, full)
        else:
            self._span(2, x if count else WIDTH, x + count * fonts.SMALL_CELL - 2, full)
        return True


def _icon(canvas, bitmap: bytes, x: int, name: str, log: list | None) -> int:
    draw.draw_image(canvas, bitmap, x, TITLE_Y, 1)
    if log is not None:
        log.append((x, TITLE_Y, name))
    return x
