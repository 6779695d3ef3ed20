# Draws the Stock Exchange screens (market, form, review, total, ask) on a 128x64 canvas.
#
# ui.render.render() hands over every view with a "screen" key (view contract: the Stock
# Exchange spec). Layout in pixels (x columns, y rows; small font 5x7, 6x8 cell):
#   market  header y 0-6 (side range, bank mark, token letters, typed digit, battery), rule
#           y 8; company rows at y 10 + 9 * i (i 0..5), glyphs y..y+6, President's underline
#           y+7. Columns: code x 0-10, offices x 13-27 (3x3 squares, pitch 4; a head office is
#           a 13x7 triangle), bank x 31-35, tokens x 40 + 9 * t (t 0..5, last ends at 89),
#           price right-aligned to x 120 (4 digits from x 98), trend sign x 122-126.
#           The selected row is an inverted bar, y-1..y+7. A message or notice replaces the
#           header (inverted when an error or a notice): the company rows stay visible.
#   form / review  title y 0 (a review's is an inverted bar, and REVIEW fills the free
#           message line), rule y 10; one field a line at y 12 + 8 * i (i 0..3): label x 0,
#           value x 42-64 (the active value inverted while shown, blank while hidden); the
#           amount x2 right-aligned to x 127 at y 20-33 (x1 at y 24 from 6 characters); note
#           centred at y 46; message line y 55 (inverted bar y 54-63 for an error or notice).
#   total   title, rule; up to 3 tokens in one column, else two columns split by a line at x 64;
#           rows y 14, 27, 40; token left, value right-aligned.
#   ask     the question centred, x2 at y 21 (or on two x2 lines at y 13 and 30, cut at a
#           space; else x1 at y 25); the keys (detail) on the message line.
# An unlisted company (president -1) shows "--" as its price and no trend.
from compat.const import const
from ui import fonts, icons, windows
from ui.draw import (
    BAR_Y,
    BOTTOM_Y,
    RULE_Y,
    TITLE_Y,
    WIDTH,
    centered,
    draw_digits,
    draw_image,
    draw_text,
    fitting,
    page_line,
    prepare,
    text_width,
)

# ---- market grid ---------------------------------------------------------------------------
HEADER_RULE_Y = const(8)
ROW_Y = const(10)  # first company row
ROW_PITCH = const(9)
CODE_X = const(0)
OFFICE_X = const(13)
OFFICE_SIZE = const(3)
OFFICE_PITCH = const(4)
HEAD_OFFICE_HALF = const(6)  # the triangle is 2 * 6 + 1 = 13 wide at its base, 7 rows tall
BANK_X = const(31)
TOKEN_X = const(40)
TOKEN_PITCH = const(9)
PRICE_RIGHT = const(121)  # prices end at x 120
TREND_X = const(122)
TYPED_X = const(98)
# ---- form / review ---------------------------------------------------------------------------
FIELD_Y = const(12)  # first field line; one line per field, 8 rows apart
FIELD_ROWS = const(4)
VALUE_X = const(42)  # labels up to 6 characters end at x 34
VALUE_RIGHT = const(66)  # values up to 4 characters end at x 64
VALUE_CHARS = const(4)
AMOUNT_X = const(66)  # the amount, x2, right-aligned to x 127, beside the fields
AMOUNT_Y = const(20)
AMOUNT_SMALL_Y = const(24)
NOTE_Y = const(46)
# ---- total / ask -----------------------------------------------------------------------------
TOTAL_Y = const(14)
TOTAL_PITCH = const(13)
TOTAL_X1 = const(68)  # second column of totals
TOTAL_RIGHT0 = const(61)
TOTAL_DIVIDER_X = const(64)
ASK_Y = const(21)  # one line x2
ASK_Y0 = const(13)  # two lines x2
ASK_Y1 = const(30)
ASK_SMALL_Y = const(25)

_SLOT_SOUND = const(110)  # the same icon slots as ui.render
_SLOT_BATTERY = const(119)

SIDE_RANGES = ("01-05", "06-11", "12-17", "18-22")
TOKEN_LETTERS = "HCDSIB"  # hat, car, dog, shoe, iron, boat
TOKEN_NAMES = ("HAT", "CAR", "DOG", "SHOE", "IRON", "BOAT")
DIGITS = "0123456789"
# Company codes as the screen shows them: constants, so a row draws its code without allocating.
CODES = ("00", "01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11",
         "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22")  # fmt: skip
REVIEW_TAG = "REVIEW"
AMOUNT_CHARS = "+-0123456789"  # what a form's amount shows, x2
# The bank's mark in the header: a temple front, 5x7 (column-major, bit 0 on top).
BANK_MARK = b"\x7c\x46\x7f\x46\x7c"


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
# Status icons as bits (the keys of the header and title regions).
_BATTERY = const(1)
_SOUND_OFF = const(2)
_REVIEW = const(4)  # with the icons in the title's key: a review's title is inverted
_TITLE_FLAGS = const(0)  # Screens._form_keys
_BOTTOM_INVERTED = const(1)
# The message bar's rows, BAR_Y to the screen's last (ui.draw's HEIGHT - BAR_Y): a constant, so
# the module's globals stay as many as the names it imported before draw_digits.
_BAR_ROWS = const(10)


def render_screen(canvas, view: dict, status: dict | None = None, log: list | None = None):
    """Draw a Stock Exchange view whole (see ui.render.render for status and log)."""
    Screens(canvas).draw(view, status, log)


class Screens:
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
        self.windows = shared if shared is not None else bytearray(windows.SIZE)
        # The canvas's page view (SSD1306.pages), set by ui.render before each draw, or None: a
        # form's title goes through it as one line (draw.page_line), not a blit per letter.
        self.pages = None
        prepare(AMOUNT_CHARS, 2)  # a form's first amount drew with up to 4 glyphs to build
        self._logs: tuple = tuple([] for _ in range(_REGIONS))
        self._keys: list = [None] * _REGIONS
        self._states = bytearray(FIELD_ROWS)  # each field line's state (Screens._form)
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
        canvas = self.canvas
        kind = view.get("screen")
        group = "form" if kind == "review" else kind
        keep = log is not None
        full = group != self._kind or (keep and not self._logged)
        full = full or group not in ("market", "form")
        self._kind = group or ""
        self._logged = keep
        windows.start(self.windows, 0)
        if full:
            canvas.fill(0)
            keys = self._keys
            for i in range(_REGIONS):
                keys[i] = None
            if group not in ("market", "form"):
                self._kind = ""  # a total or a question: drawn whole every time
                if kind == "total":
                    _total(canvas, view, status, log)
                else:
                    _ask(canvas, view, status, log)
                return
        if group == "market":
            self._market(view, status, full, keep)
        else:
            if not full:
                self.windows[windows.COVERED] = 1  # until a region goes unwindowed
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
        line, inverted = _line(view, status)
        flags = _icon_flags(view, status)
        head = (line, inverted, flags, view.get("side", 0))
        if full or head != keys[_HEAD]:
            if not full:
                canvas.fill_rect(0, 0, WIDTH, HEADER_RULE_Y + 1, 0)
            _market_header(canvas, view, status, line, inverted, self._log(_HEAD, keep))
            keys[_HEAD] = head
            keys[_TYPED] = None
            if keep:
                self._logs[_TYPED].clear()
        typed = view.get("typed") or ""
        if not line and typed != keys[_TYPED]:
            right = _icons_left(flags)
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
                    _market_line(canvas, rows[i], y, chosen, above, log)
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
        flags = _icon_flags(view, status) | (_REVIEW if review else 0)
        if full or title != keys[_TITLE] or flags != marks[_TITLE_FLAGS]:
            if not full and (flags != marks[_TITLE_FLAGS] or review):
                canvas.fill_rect(0, 0, WIDTH, RULE_Y, 0)
                windows.add(self.windows, 0, 1, 0, WIDTH - 1)  # rows 0-9
            elif not full:  # the old title's glyphs alone (rows 0-6): the icons stay as drawn
                right = _icons_left(flags)
                # text_width() of the longer title, in arithmetic (no calls)
                count = len(keys[_TITLE] or "")
                count = len(title) if len(title) > count else count
                width = count * fonts.SMALL_CELL - 1 if count else 0
                width = width if width < right else right
                if width:  # (both titles blank: nothing drawn)
                    canvas.fill_rect(0, TITLE_Y, width, fonts.SMALL_HEIGHT, 0)
                    windows.add(self.windows, 0, 0, 0, width - 1)
            log = self._log(_TITLE, keep) if keep else None
            _title(canvas, view, status, log, review, full, self.pages)
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
            box = self._amount_box = _amount(
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
                    windows.add(self.windows, y, bottom, x, WIDTH - 1)
        if span[0] != _NONE:
            windows.add(self.windows, span[0], span[1], span[2], span[3])
            keys[_AMOUNT] = amount
            self._sign = sign
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
        line = view.get("message") or ""  # as _line(), without its tuple
        inverted = 0
        if line:
            inverted = 1 if view.get("error") else 0
        elif status and status.get("notice"):
            line = status["notice"]
            inverted = 1
        elif review:
            line = REVIEW_TAG
        high = _NOTE_PAGE + 1
        if full or line != keys[_BOTTOM] or inverted != marks[_BOTTOM_INVERTED]:
            if inverted or marks[_BOTTOM_INVERTED]:
                wide = _LINE_CHARS  # a bar: the whole width
            else:
                if len(line) > wide:
                    wide = len(line)
                if keys[_BOTTOM] and len(keys[_BOTTOM]) > wide:
                    wide = len(keys[_BOTTOM])
            _message_line(
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
            windows.add(self.windows, low, high, left, WIDTH - 1 - left)

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
                _value(canvas, field[1], y, i == active, show, log)
            elif values >> i & 1:
                log = None
                if keep:  # the label's entry stays, the value's goes
                    log = self._logs[_FIELDS + i]
                    labelled = 1 if fields[i][0] else 0
                    while len(log) > labelled:
                        log.pop()
                _value(canvas, fields[i][1], y, i == active, show, log)
            y += fonts.SMALL_LINE
        if keep:
            for i in range(count, FIELD_ROWS):
                if whole >> i & 1:
                    self._logs[_FIELDS + i].clear()


# ---- market ----------------------------------------------------------------------------------


def _market_header(canvas, view: dict, status, line: str, inverted: bool, log) -> None:
    """The header, typed digits aside, and the rule under it."""
    if line:
        if inverted:
            canvas.fill_rect(0, 0, WIDTH, HEADER_RULE_Y + 1, 1)
        right = _status_icons(canvas, view, status, 0 if inverted else 1, log)
        x = max(0, (right - text_width(line)) // 2)
        draw_text(canvas, line, x, TITLE_Y, 0 if inverted else 1, right - 1, 1, log)
    else:
        _status_icons(canvas, view, status, 1, log)
        side = view.get("side", 0)
        if 0 <= side < 4:
            draw_text(canvas, SIDE_RANGES[side], CODE_X, TITLE_Y, 1, BANK_X - 2, 1, log)
        _bitmap(canvas, BANK_MARK, BANK_X, TITLE_Y, 1, "icon:bank", log)
        for token in range(6):
            x = TOKEN_X + token * TOKEN_PITCH
            draw_text(canvas, TOKEN_LETTERS[token], x, TITLE_Y, 1, WIDTH, 1, log)
    canvas.hline(0, HEADER_RULE_Y, WIDTH, 1)


def _market_line(canvas, row, y: int, chosen: bool, above: int, log) -> None:
    """One company row, as an inverted bar when it is the selected one."""
    color = 1
    if chosen:
        canvas.fill_rect(0, y - 1, WIDTH, ROW_PITCH, 1)  # rows y-1 .. y+7
        if above >= 0:  # a notch keeps the underline above apart from the bar
            x = TOKEN_X + above * TOKEN_PITCH - 1
            canvas.hline(x, y - 1, fonts.SMALL_WIDTH + 2, 0)
        color = 0
        if log is not None:
            log.append((0, y, "icon:selected"))
    _market_row(canvas, row, y, color, log)


def _market_row(canvas, row, y: int, color: int, log) -> None:
    code, offices, bank, holdings, president, price, trend = row
    text = CODES[code] if 0 <= code < len(CODES) else "??"
    draw_text(canvas, text, CODE_X, y, color, WIDTH, 1, log)
    if offices >= 5:
        for r in range(HEAD_OFFICE_HALF + 1):
            canvas.hline(OFFICE_X + HEAD_OFFICE_HALF - r, y + r, 2 * r + 1, color)
        if log is not None:
            log.append((OFFICE_X, y, "icon:head_office"))
    else:
        for i in range(offices):
            x = OFFICE_X + i * OFFICE_PITCH
            canvas.fill_rect(x, y + 2, OFFICE_SIZE, OFFICE_SIZE, color)
            if log is not None:
                log.append((x, y, "icon:office"))
    draw_text(canvas, _digit(bank), BANK_X, y, color, WIDTH, 1, log)
    for token in range(6):
        count = holdings[token]
        x = TOKEN_X + token * TOKEN_PITCH
        if count:
            draw_text(canvas, _digit(count), x, y, color, WIDTH, 1, log)
        if token == president:
            canvas.hline(x - 1, y + fonts.SMALL_HEIGHT, fonts.SMALL_WIDTH + 2, color)
            if log is not None:
                log.append((x, y + fonts.SMALL_HEIGHT, "icon:president"))
    text = "%d" % price if president >= 0 else "--"
    x = PRICE_RIGHT - text_width(text)
    draw_text(canvas, text, x, y, color, PRICE_RIGHT, 1, log)
    if president >= 0 and trend:
        draw_text(canvas, "+" if trend > 0 else "-", TREND_X, y, color, WIDTH, 1, log)


def _digit(value: int) -> str:
    return DIGITS[value] if 0 <= value <= 9 else "?"


# ---- form and review -------------------------------------------------------------------------


def _value(canvas, value: str, y: int, active: bool, show: bool, log) -> None:
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


def _amount(canvas, amount, sign: str, log) -> tuple:
    """The form's amount, x2 right-aligned beside the fields; returns its box (x, y, w, h)."""
    if amount is None:
        return (0, 0, 0, 0)
    count = len(sign) + 1
    rest = amount // 10
    if amount < 0:  # (never a form's: a size, its sign apart)
        count = len(sign) + len("%d" % amount)
        rest = 0
    while rest:  # the digits' count, without "%d" % amount (a new str on the chip)
        count += 1
        rest //= 10
    scale = 2
    width = count * fonts.SMALL_CELL * 2 - 2
    x, y, height = WIDTH - width, AMOUNT_Y, 2 * fonts.SMALL_HEIGHT
    if width > WIDTH - AMOUNT_X:  # six characters and more: one size down
        scale = 1
        x = max(AMOUNT_X, WIDTH - (count * fonts.SMALL_CELL - 1))
        y, height = AMOUNT_SMALL_Y, fonts.SMALL_HEIGHT
    if log is not None:  # the simulator reads the amount back as one string
        draw_text(canvas, "%s%d" % (sign, amount), x, y, 1, WIDTH, scale, log)
    else:  # sign and digits apart: the same pixels without building a str
        at = draw_text(canvas, sign, x, y, 1, WIDTH, scale) + scale if sign else x
        draw_digits(canvas, amount, at, y, scale)
    return (x, y, WIDTH - x, height)


# ---- total -----------------------------------------------------------------------------------


def _total(canvas, view: dict, status, log) -> None:
    _title(canvas, view, status, log, False)
    totals = view.get("totals") or ()
    count = len(totals)
    if count > 3:
        canvas.vline(TOTAL_DIVIDER_X, RULE_Y + 2, TOTAL_PITCH * 3 - 1, 1)
    for i in range(min(count, 6)):
        token, value = totals[i]
        if not isinstance(token, str):
            token = TOKEN_NAMES[token]
        if count <= 3:
            x, right, y = 16, WIDTH - 16, TOTAL_Y + i * TOTAL_PITCH
        elif i < 3:
            x, right, y = 0, TOTAL_RIGHT0, TOTAL_Y + i * TOTAL_PITCH
        else:
            x, right, y = TOTAL_X1, WIDTH, TOTAL_Y + (i - 3) * TOTAL_PITCH
        text = "%d" % value
        value_x = max(x, right - text_width(text))
        draw_text(canvas, token, x, y, 1, value_x - fonts.SMALL_CELL + 1, 1, log)
        draw_text(canvas, text, value_x, y, 1, right, 1, log)
    _bottom(canvas, view, status, "", log)


# ---- ask -------------------------------------------------------------------------------------


def _ask(canvas, view: dict, status, log) -> None:
    _status_icons(canvas, view, status, 1, log)
    question = view.get("title") or ""
    cut = question.rfind(" ")
    if text_width(question, 2) <= WIDTH:
        centered(canvas, question, ASK_Y, 1, log, 2)
    elif (
        cut > 0 and text_width(question[:cut], 2) <= WIDTH and text_width(question, 2) < 2 * WIDTH
    ):
        centered(canvas, question[:cut], ASK_Y0, 1, log, 2)  # two lines, cut at a space
        centered(canvas, question[cut + 1 :], ASK_Y1, 1, log, 2)
    else:
        centered(canvas, question, ASK_SMALL_Y, 1, log)
    _bottom(canvas, view, status, view.get("detail") or "", log)


# ---- shared pieces ---------------------------------------------------------------------------


def _title(canvas, view: dict, status, log, review: bool, rule: bool = True, pages=None) -> None:
    """Title line and rule (unless `rule` is False: already there); a review's title is an
    inverted bar. `pages`: the canvas's page view, where the title's columns are clear (a
    form clears the old title's glyphs first): the lit title is drawn through it as a line."""
    color = 1
    if review:
        canvas.fill_rect(0, 0, WIDTH, RULE_Y, 1)
        color = 0
    right = _status_icons(canvas, view, status, color, log)
    title = view.get("title") or ""
    if pages is None or not page_line(
        pages, title, fitting(title, 0, right - 1), 0, TITLE_Y, color, log
    ):
        draw_text(canvas, title, 0, TITLE_Y, color, right - 1, 1, log)
    if rule:
        canvas.hline(0, RULE_Y, WIDTH, 1)


def _status_icons(canvas, view: dict, status, color: int, log) -> int:
    """Battery-low and sound-off icons in render()'s slots; returns the left edge they leave."""
    right = WIDTH
    if status and status.get("battery_low"):
        right = _bitmap(
            canvas, icons.BATTERY_LOW, _SLOT_BATTERY, TITLE_Y, color, "icon:battery_low", log
        )
    if not view.get("sound", True):
        right = _bitmap(
            canvas, icons.SOUND_OFF, _SLOT_SOUND, TITLE_Y, color, "icon:sound_off", log
        )
    return right


def _bitmap(canvas, bitmap: bytes, x: int, y: int, color: int, name: str, log) -> int:
    draw_image(canvas, bitmap, x, y, color)
    if log is not None:
        log.append((x, y, name))
    return x


def _line(view: dict, status) -> tuple:
    """(text, inverted) for the message line: the view's message, else the shell's notice."""
    line = view.get("message") or ""
    if line:
        return line, bool(view.get("error"))
    if status and status.get("notice"):
        return status["notice"], True
    return "", False


def _bottom(canvas, view: dict, status, fallback: str, log) -> None:
    line, inverted = _line(view, status)
    _message_line(canvas, line or fallback, inverted, True, log)


def _message_line(canvas, line: str, inverted: bool, blank: bool, log) -> None:
    """The message line (an inverted bar when `inverted`); `blank`: nothing there yet."""
    if inverted or not blank:
        canvas.fill_rect(0, BAR_Y, WIDTH, _BAR_ROWS, 1 if inverted else 0)
    centered(canvas, line, BOTTOM_Y, 0 if inverted else 1, log)


def _icon_flags(view: dict, status) -> int:
    flags = 0
    if status and status.get("battery_low"):
        flags |= _BATTERY
    if not view.get("sound", True):
        flags |= _SOUND_OFF
    return flags


def _icons_left(flags: int) -> int:
    """The left edge the status icons leave, as _status_icons() returns it."""
    if flags & _SOUND_OFF:
        return _SLOT_SOUND
    if flags & _BATTERY:
        return _SLOT_BATTERY
    return WIDTH
