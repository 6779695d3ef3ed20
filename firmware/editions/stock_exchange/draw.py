# Draws the Stock Exchange screens (market, form, review, total, ask) on a 128x64 canvas.
#
# ui.render.render() hands over every view with a "screen" key (view contract: the Stock
# Exchange spec). MarketDrawer redraws the market screen and a form (or a review) region by
# region; the layout and the pieces it draws are editions.stock_exchange.pieces'.
from compat.const import const
from editions.stock_exchange.pieces import (
    HEADER_RULE_Y,
    ROW_PITCH,
    ask_screen,
    bottom_text,
    form_amount,
    icon_flags,
    icons_left,
    market_header,
    market_line,
    message_line,
    title_line,
    total_screen,
)
from ui import fonts
from ui.draw import RULE_Y, TITLE_Y, WIDTH, centered, draw_text, fitting, page_line, prepare
from ui.windows import COUNT, COVERED, SIZE, add_window

# The layout (editions.stock_exchange.pieces describes it) of what only the drawer draws.
ROW_Y = const(10)  # first company row
TYPED_X = const(98)
FIELD_Y = const(12)  # first field line; one line per field, 8 rows apart
FIELD_ROWS = const(4)
VALUE_X = const(42)  # labels up to 6 characters end at x 34
VALUE_RIGHT = const(66)  # values up to 4 characters end at x 64
VALUE_CHARS = const(4)
NOTE_Y = const(46)
_REVIEW_TAG = const("REVIEW")
_AMOUNT_CHARS = const("+-0123456789")  # what a form's amount shows, x2

_REGIONS = const(8)  # market: header, typed digits, 6 rows; form: title, 4 fields, 3 more
_HEAD = const(0)  # market regions
_TYPED = const(1)
_ROWS = const(2)
_TITLE = const(0)  # form regions
_FIELDS = const(1)
_AMOUNT = const(5)
_NOTE = const(6)
_BOTTOM = const(7)
_FIELD_COLUMNS = const(67)  # labels, values and the active value's bar end at x 66
_VALUE_LEFT = const(40)  # the active value's bar starts here (VALUE_X - 2); labels end at 36
_NONE = const(255)
_LINE_CHARS = const(21)  # a centred line of small text: at most 21 characters of 6 columns
_NOTE_PAGE = const(5)  # the note's rows, 46-52, are in pages 5 and 6
_BOTTOM_PAGE = const(6)  # the message line's rows, 54-63, in pages 6 and 7
_LAST_PAGE = const(7)
# With the status icons' bits (editions.stock_exchange.pieces' icon_flags(): 1, 2, 16, 32) in the
# title's key: a review's title is inverted.
_REVIEW = const(4)
_TITLE_FLAGS = const(0)  # MarketDrawer._form_keys
_BOTTOM_INVERTED = const(1)
# editions.stock_exchange.lang's view(), once a language has needed it (an import statement on
# every render cost a French unit about 0.2 ms a key); None in English, which never loads it.
_translated = None


class MarketDrawer:
    """What was last drawn of a Stock Exchange screen on one canvas, region by region: the
    market's header, typed digits and each company row; a form's title, each field line, the
    amount, the note and the message line. draw() redraws what changed; another screen kind (or
    a total, a question) is drawn whole. A region is keyed by the view's own values (tuples
    and strings: immutable, so keeping them is safe; the form hands out the same fields tuple
    while its fields are unchanged, and a field whose label stayed has its value redrawn alone)."""

    def __init__(self, canvas, shared=None) -> None:
        self.canvas = canvas
        # The regions the last draw() redrew on a form, laid out as ui.windows says (ui.render
        # shares its Screen's and show_drawn() sends them); none after a full draw or a market
        # screen's (then display.show() finds the changes).
        self.windows = shared if shared is not None else bytearray(SIZE)
        # The canvas's page view (SSD1306.pages), set by ui.render before each draw, or None: a
        # form's title goes through it as one line (draw.page_line), not a blit per letter.
        self.pages = None
        # The screen's language (ui.lang.Table), set by ui.render before each draw, or None in
        # English: a view's texts then go through editions.stock_exchange.lang first.
        self.lang = None
        prepare(_AMOUNT_CHARS, 2)  # a form's first amount drew with up to 4 glyphs to build
        self._logs: tuple = tuple([] for _ in range(_REGIONS))
        self._keys: list = [None] * _REGIONS
        self._states = bytearray(FIELD_ROWS)  # each field line's state (MarketDrawer._form)
        # The field lines' window: first page (_NONE: none), last page, first and last column.
        self._span = bytearray(4)
        self._form_keys = bytearray(2)  # the title's icons and review, the message's inversion
        self._fields: tuple = ()  # the form's fields, active field and blink last drawn
        self._active = -1
        self._show = True
        self._sign = ""
        self.forget()

    def forget(self) -> None:
        """Draw everything at the next draw()."""
        self._kind = ""
        self._logged = False
        self._amount_box = (0, 0, 0, 0)

    def draw(self, view: dict, status: dict | None = None, log: list | None = None) -> None:
        global _translated
        if self.lang is not None:  # (loaded in a language only)
            if _translated is None:
                from editions.stock_exchange import lang  # (names English's pool holds)

                _translated = lang.view
            view, status = _translated(view, status, self.lang)
        canvas = self.canvas
        kind = view.get("screen")
        group = "form" if kind == "review" else kind
        keep = log is not None
        full = group != self._kind or (keep and not self._logged)
        full = full or group not in ("market", "form")
        self._kind = group or ""
        self._logged = keep
        windows = self.windows
        windows[COUNT] = 0
        windows[COVERED] = 0
        if full:
            canvas.fill(0)
            keys = self._keys
            for i in range(_REGIONS):
                keys[i] = None
            if group not in ("market", "form"):
                self._kind = ""  # a total or a question: drawn whole every time
                if kind == "total":
                    total_screen(canvas, view, status, log)
                else:
                    ask_screen(canvas, view, status, log)
                return
        if group == "market":
            self._market(view, status, full, keep)
        else:
            if not full:
                windows[COVERED] = 1  # until a region goes unwindowed
            self._form(view, status, full, keep, kind == "review")
        if log is not None:
            for region in self._logs:
                for item in region:
                    log.append(item)

    def _log(self, region: int, keep: bool):
        # (The form's regions call it only when keep: a call is about 20 us on the chip.)
        if not keep:
            return None
        log = self._logs[region]
        log.clear()
        return log

    # ---- market regions ----------------------------------------------------------------------

    def _market(self, view: dict, status, full: bool, keep: bool) -> None:
        canvas = self.canvas
        keys = self._keys
        line, inverted = bottom_text(view, status)
        flags = icon_flags(view, status)
        head = (line, inverted, flags, view.get("side", 0))
        if full or head != keys[_HEAD]:
            if not full:
                canvas.fill_rect(0, 0, WIDTH, HEADER_RULE_Y + 1, 0)
            market_header(canvas, view, status, line, inverted, self._log(_HEAD, keep))
            keys[_HEAD] = head
            keys[_TYPED] = None
            if keep:
                self._logs[_TYPED].clear()
        typed = view.get("typed") or ""
        if not line and typed != keys[_TYPED]:
            right = icons_left(flags)
            if keys[_TYPED] is not None:
                canvas.fill_rect(TYPED_X, 0, right - TYPED_X, HEADER_RULE_Y, 0)
            log = self._log(_TYPED, keep)
            if typed:
                x = draw_text(canvas, typed, TYPED_X, TITLE_Y, 1, right - 1, 1, log)
                canvas.hline(x + 2, TITLE_Y + fonts.SMALL_HEIGHT - 1, fonts.SMALL_WIDTH, 1)
            keys[_TYPED] = typed
        rows = view.get("rows") or ()
        selected = view.get("selected", 0)
        above = -1  # the President of the row above, whose underline is at y - 2
        y = ROW_Y
        for i in range(_REGIONS - _ROWS):
            key = None
            if i < len(rows):
                row = rows[i]
                chosen = bool(selected) and row[0] == selected
                key = (row, above) if chosen else row
            if full or key != keys[_ROWS + i]:
                if not full:
                    canvas.fill_rect(0, y - 1, WIDTH, ROW_PITCH, 0)
                log = self._log(_ROWS + i, keep)
                if key is not None:
                    market_line(canvas, rows[i], y, chosen, above, log)
                keys[_ROWS + i] = key
            if i < len(rows):
                above = rows[i][4]
            y += ROW_PITCH

    # ---- form regions ------------------------------------------------------------------------

    def _form(self, view: dict, status, full: bool, keep: bool, review: bool) -> None:
        canvas = self.canvas
        keys = self._keys
        # The regions' keys hold their text; what else they depend on is kept in _form_keys
        # (ints: no tuple to build for every view).
        marks = self._form_keys
        title = view.get("title") or ""
        flags = icon_flags(view, status) | (_REVIEW if review else 0)
        if full or title != keys[_TITLE] or flags != marks[_TITLE_FLAGS]:
            right = 0  # (the title alone is drawn when set: the icons stay as drawn)
            if not full and (flags != marks[_TITLE_FLAGS] or review):
                canvas.fill_rect(0, 0, WIDTH, RULE_Y, 0)
                add_window(self.windows, 0, 1, 0, WIDTH - 1)  # rows 0-9
            elif not full:  # the old title's glyphs alone (rows 0-6): the icons stay as drawn
                right = icons_left(flags)
                # text_width() of the longer title, in arithmetic (no calls)
                count = len(keys[_TITLE] or "")
                count = len(title) if len(title) > count else count
                width = count * fonts.SMALL_CELL - 1 if count else 0
                width = width if width < right else right
                if width:  # (both titles blank: nothing drawn)
                    canvas.fill_rect(0, TITLE_Y, width, fonts.SMALL_HEIGHT, 0)
                    add_window(self.windows, 0, 0, 0, width - 1)
            pages = self.pages
            if keep or not right:
                log = self._log(_TITLE, keep) if keep else None
                title_line(canvas, view, status, log, review, full, pages)
            elif pages is None or not page_line(
                pages, title, fitting(title, 0, right - 1), 0, TITLE_Y, 1, None
            ):  # (as title_line() draws it, without the icons' calls)
                draw_text(canvas, title, 0, TITLE_Y, 1, right - 1)
            keys[_TITLE] = title
            marks[_TITLE_FLAGS] = flags
        fields = view.get("fields") or ()
        active = view.get("active", -1)
        show = view.get("blink", True)
        # The same fields tuple (editions.stock_exchange.forms hands out the same while they are
        # unchanged) in the same state: nothing to compare line by line.
        same = not full and fields is self._fields and active == self._active
        span = self._span
        span[0] = _NONE
        if not (same and show == self._show):
            self._fields = fields
            self._active = active
            self._show = show
            self._field_lines(fields, active, show, full, keep)
        amount = view.get("amount")
        sign = view.get("sign") or ""
        if full or amount != keys[_AMOUNT] or sign != self._sign:
            x, y, width, height = self._amount_box
            if not full and width:
                canvas.fill_rect(x, y, width, height, 0)
            box = self._amount_box = form_amount(
                canvas, amount, sign, self._log(_AMOUNT, keep) if keep else None
            )
            if not full:  # both boxes end at the right edge
                bottom = y + height - 1 if width else -1
                if box[2]:
                    if not width or box[0] < x:
                        x = box[0]
                    if not width or box[1] < y:
                        y = box[1]
                    if box[1] + box[3] - 1 > bottom:
                        bottom = box[1] + box[3] - 1
                if bottom >= 0:
                    # With the field lines' window on the same pages, one window over both:
                    # the columns between cost less than a window's set-up and page writes.
                    y >>= 3
                    bottom >>= 3
                    if span[0] == y and span[1] == bottom:
                        x = span[2]
                        span[0] = _NONE
                    add_window(self.windows, y, bottom, x, WIDTH - 1)
            keys[_AMOUNT] = amount  # (drawn: compared from now on, not redrawn each render)
            self._sign = sign
        if span[0] != _NONE:
            add_window(self.windows, span[0], span[1], span[2], span[3])
        note = view.get("note") or ""
        low = 0  # the first of the note's and message line's pages redrawn (0: none)
        wide = 0  # the characters of the widest centred line they held or hold
        if full or note != keys[_NOTE]:
            low = _NOTE_PAGE
            wide = len(note)
            if keys[_NOTE] and len(keys[_NOTE]) > wide:
                wide = len(keys[_NOTE])
            if not full and keys[_NOTE]:  # (no note before: its line is blank)
                canvas.fill_rect(0, NOTE_Y, WIDTH, fonts.SMALL_HEIGHT, 0)
            centered(canvas, note, NOTE_Y, 1, self._log(_NOTE, keep) if keep else None)
            keys[_NOTE] = note
        line = view.get("message") or ""  # as bottom_text(), without its tuple
        inverted = 0
        if line:
            inverted = 1 if view.get("error") else 0
        elif status and status.get("notice"):
            line = status["notice"]
            inverted = 1
        elif review:
            line = _REVIEW_TAG
        high = _NOTE_PAGE + 1
        if full or line != keys[_BOTTOM] or inverted != marks[_BOTTOM_INVERTED]:
            if inverted or marks[_BOTTOM_INVERTED]:
                wide = _LINE_CHARS  # a bar: the whole width
            else:
                if len(line) > wide:
                    wide = len(line)
                if keys[_BOTTOM] and len(keys[_BOTTOM]) > wide:
                    wide = len(keys[_BOTTOM])
            message_line(
                canvas, line, bool(inverted), full, self._log(_BOTTOM, keep) if keep else None
            )
            keys[_BOTTOM] = line
            marks[_BOTTOM_INVERTED] = inverted
            low = low or _BOTTOM_PAGE
            high = _LAST_PAGE
        if low and wide and not full:  # both lines are centred: the widest one's columns
            left = 0
            if wide < _LINE_CHARS:
                left = (WIDTH - (wide * fonts.SMALL_CELL - 1)) // 2
            add_window(self.windows, low, high, left, WIDTH - 1 - left)

    def _field_lines(self, fields: tuple, active: int, show: bool, full: bool, keep: bool) -> None:
        """The field lines that changed, cleared first, then drawn."""
        canvas = self.canvas
        keys = self._keys
        states = self._states
        # A field's key: its (label, value) and its state in _states: 0 (plain), 1 (active,
        # hidden) or 2 (active, shown). A field whose label stayed has its value's columns
        # redrawn alone (a digit typed, a field left or entered, the blink): its label's
        # pixels never reach them. The active value's bar reaches the top row of the next
        # field's lines and is reached by the bar of the field above: a field next to a
        # cleared one is redrawn with it.
        count = len(fields)
        whole = 0  # fields cleared and drawn whole
        values = 0  # fields whose value's columns alone are
        chars = 1  # the most characters such a value had or has (the bar is a glyph wide at least)
        fresh = 0  # of the whole ones, those on a line left blank: drawn, not cleared
        for i in range(FIELD_ROWS):
            old = keys[_FIELDS + i]
            field = None
            state = 0
            if i < count:
                field = fields[i]
                if i == active:
                    state = 2 if show else 1
            elif old is None and not full:
                break  # the lines drawn are the first ones: none from here on
            if full or state != states[i] or field != old:
                if full or field is None or old is None or field[0] != old[0]:
                    whole |= 1 << i
                    if old is None:
                        fresh |= 1 << i
                else:
                    values |= 1 << i
                    if len(old[1]) > chars:
                        chars = len(old[1])
                    if len(field[1]) > chars:
                        chars = len(field[1])
                keys[_FIELDS + i] = field
                states[i] = state
        if not whole | values:
            return
        # A blank line keeps nothing of its neighbours' to clear: the active value's bar above
        # it reaches its top row, and stays.
        cleared = (whole & ~fresh) | values
        if 0 <= active < FIELD_ROWS and show:
            values |= (cleared << 1 | cleared >> 1) & (1 << active) & ~whole
            if active < count and values >> active & 1 and len(fields[active][1]) > chars:
                chars = len(fields[active][1])
            cleared |= values
        if not full:  # every clear first: a clear takes a row of the neighbours' lines
            # Field i's rows, the active bar's included, are FIELD_Y - 1 + 8 * i .. + 8.
            drawn = whole | cleared
            low = 0
            while not drawn >> low & 1:
                low += 1
            high = low
            while drawn >> (high + 1):
                high += 1
            span = self._span  # _form() sends it, with the amount's when that changed too
            span[0] = (FIELD_Y - 1 + fonts.SMALL_LINE * low) >> 3
            span[1] = (FIELD_Y - 1 + fonts.SMALL_LINE * (high + 1)) >> 3
            span[2] = 0 if whole else _VALUE_LEFT
            # A value's columns: its bar, VALUE_X - 2 to VALUE_X + 6 * chars + 1, holds its text.
            chars = chars if chars < VALUE_CHARS else VALUE_CHARS
            span[3] = _FIELD_COLUMNS - 1 if whole else VALUE_X + fonts.SMALL_CELL * chars + 1
            bit = 1  # field i's bit, up to the last line cleared
            y = FIELD_Y - 1
            while bit <= cleared:
                if whole & ~fresh & bit:
                    canvas.fill_rect(0, y, _FIELD_COLUMNS, fonts.SMALL_LINE + 1, 0)
                elif values & bit:
                    canvas.fill_rect(
                        _VALUE_LEFT, y, _FIELD_COLUMNS - _VALUE_LEFT, fonts.SMALL_LINE + 1, 0
                    )
                bit <<= 1
                y += fonts.SMALL_LINE
        y = FIELD_Y
        for i in range(min(count, FIELD_ROWS)):
            if whole >> i & 1:  # the label, then the value
                log = self._log(_FIELDS + i, keep) if keep else None
                field = fields[i]
                draw_text(canvas, field[0], 0, y, 1, VALUE_X - fonts.SMALL_CELL + 1, 1, log)
                field_value(canvas, field[1], y, i == active, show, log)
            elif values >> i & 1:
                log = None
                if keep:  # the label's entry stays, the value's goes
                    log = self._logs[_FIELDS + i]
                    labelled = 1 if fields[i][0] else 0
                    while len(log) > labelled:
                        log.pop()
                field_value(canvas, fields[i][1], y, i == active, show, log)
            y += fonts.SMALL_LINE
        if keep:
            for i in range(count, FIELD_ROWS):
                if whole >> i & 1:
                    self._logs[_FIELDS + i].clear()


def field_value(canvas, value: str, y: int, active: bool, show: bool, log) -> None:
    """A field's value, on columns _VALUE_LEFT.._FIELD_COLUMNS - 1 (cleared before)."""
    if not active:
        draw_text(canvas, value, VALUE_X, y, 1, VALUE_RIGHT, 1, log)
    elif show:  # the active value: inverted while shown, blank while hidden
        # text_width() of value[:VALUE_CHARS], at least a glyph wide, in arithmetic: a slice
        # would be a new str (looked up among the interned ones on the chip).
        count = len(value) if len(value) < VALUE_CHARS else VALUE_CHARS
        width = count * fonts.SMALL_CELL - 1 if count > 1 else fonts.SMALL_WIDTH
        canvas.fill_rect(VALUE_X - 2, y - 1, width + 4, fonts.SMALL_LINE + 1, 1)
        draw_text(canvas, value, VALUE_X, y, 0, VALUE_RIGHT, 1, log)
