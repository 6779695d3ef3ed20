# The Stock Exchange screens' layout, and the pieces editions.stock_exchange.draw draws.
#
# Layout in pixels (x columns, y rows; small font 5x7, 6x8 cell):
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
# An unlisted company (president -1) shows "--" as its price and no trend. The positions only
# the drawer's regions use (rows, field lines, note) are its constants, in draw.py.
from compat.const import const
from ui import fonts, icons
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
    text_width,
)

# ---- market grid ---------------------------------------------------------------------------
HEADER_RULE_Y = const(8)
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
# ---- form / review ---------------------------------------------------------------------------
AMOUNT_X = const(66)  # the amount, x2, right-aligned to x 127, beside the fields
AMOUNT_Y = const(20)
AMOUNT_SMALL_Y = const(24)
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

_SIDE_RANGES = const(("01-05", "06-11", "12-17", "18-22"))
_TOKEN_LETTERS = const("HCDSIB")  # hat, car, dog, shoe, iron, boat
_TOKEN_NAMES = const(("HAT", "CAR", "DOG", "SHOE", "IRON", "BOAT"))
DIGITS = "0123456789"
# Company codes as the screen shows them: constants, so a row draws its code without allocating.
CODES = ("00", "01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11",
         "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22")  # fmt: skip
# The bank's mark in the header: a temple front, 5x7 (column-major, bit 0 on top).
_BANK_MARK = const(b"\x7c\x46\x7f\x46\x7c")

# Status icons as bits (the keys of the drawer's header and title regions: icon_flags()).
_BATTERY = const(1)
_SOUND_OFF = const(2)
# The message bar's rows, BAR_Y to the screen's last (ui.draw's HEIGHT - BAR_Y).
_BAR_ROWS = const(10)


# ---- market ----------------------------------------------------------------------------------


def market_header(canvas, view: dict, status, line: str, inverted: bool, log) -> None:
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
            draw_text(canvas, _SIDE_RANGES[side], CODE_X, TITLE_Y, 1, BANK_X - 2, 1, log)
        _bitmap(canvas, _BANK_MARK, BANK_X, TITLE_Y, 1, "icon:bank", log)
        letters = view.get("tokens") or _TOKEN_LETTERS  # (a language's: its translation)
        for token in range(6):
            x = TOKEN_X + token * TOKEN_PITCH
            draw_text(canvas, letters[token], x, TITLE_Y, 1, WIDTH, 1, log)
    canvas.hline(0, HEADER_RULE_Y, WIDTH, 1)


def market_line(canvas, row, y: int, chosen: bool, above: int, log) -> None:
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


def form_amount(canvas, amount, sign: str, log) -> tuple:
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


def total_screen(canvas, view: dict, status, log) -> None:
    title_line(canvas, view, status, log, False)
    totals = view.get("totals") or ()
    count = len(totals)
    if count > 3:
        canvas.vline(TOTAL_DIVIDER_X, RULE_Y + 2, TOTAL_PITCH * 3 - 1, 1)
    for i in range(min(count, 6)):
        token, value = totals[i]
        if not isinstance(token, str):
            token = _TOKEN_NAMES[token]
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


def ask_screen(canvas, view: dict, status, log) -> None:
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


def title_line(
    canvas, view: dict, status, log, review: bool, rule: bool = True, pages=None
) -> None:
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
    level = icons.battery_level(status)
    if level >= 0:
        bitmap, name = icons.battery_icon(level)
        right = _bitmap(canvas, bitmap, _SLOT_BATTERY, TITLE_Y, color, name, log)
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


def bottom_text(view: dict, status) -> tuple:
    """(text, inverted) for the message line: the view's message, else the shell's notice."""
    line = view.get("message") or ""
    if line:
        return line, bool(view.get("error"))
    if status and status.get("notice"):
        return status["notice"], True
    return "", False


def _bottom(canvas, view: dict, status, fallback: str, log) -> None:
    line, inverted = bottom_text(view, status)
    message_line(canvas, line or fallback, inverted, True, log)


def message_line(canvas, line: str, inverted: bool, blank: bool, log) -> None:
    """The message line (an inverted bar when `inverted`); `blank`: nothing there yet."""
    if inverted or not blank:
        canvas.fill_rect(0, BAR_Y, WIDTH, _BAR_ROWS, 1 if inverted else 0)
    centered(canvas, line, BOTTOM_Y, 0 if inverted else 1, log)


def icon_flags(view: dict, status) -> int:
    flags = 0
    level = icons.battery_level(status)
    if level >= 0:
        flags |= _BATTERY | level << 4  # a new level repaints its slot
    if not view.get("sound", True):
        flags |= _SOUND_OFF
    return flags


def icons_left(flags: int) -> int:
    """The left edge the status icons leave, as _status_icons() returns it."""
    if flags & _SOUND_OFF:
        return _SLOT_SOUND
    if flags & _BATTERY:
        return _SLOT_BATTERY
    return WIDTH
