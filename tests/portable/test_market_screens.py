# The Stock Exchange screens (editions.stock_exchange.draw): fit, legibility, the screen log.
# micropython-heap: 120k (the worst-case market screen and its screen log: about 45 KB stay live
# between tests, since the merge with the Classic work 64k no longer fits the log's lists, and
# the glyph bitmaps ui.draw builds once and keeps add about 15 KB on the 64-bit unix port; the
# entry-edit path of ui.render and draw_text's inline glyph lookup left it about 0.7 KB more
# live, after which 96k-104k failed by fragmentation to find a 1 KB canvas; 105k-128k passed;
# issue 29's split of the drawer (draw, pieces) made 112k fail so, 120k-144k pass)

from canvas_rig import BoundsCanvas
from editions.stock_exchange.draw import (
    NOTE_Y,
    ROW_Y,
    TYPED_X,
    VALUE_X,
)
from editions.stock_exchange.pieces import (
    AMOUNT_Y,
    ASK_Y,
    ASK_Y0,
    ASK_Y1,
    BANK_X,
    HEAD_OFFICE_HALF,
    OFFICE_PITCH,
    OFFICE_SIZE,
    OFFICE_X,
    PRICE_RIGHT,
    ROW_PITCH,
    TOKEN_PITCH,
    TOKEN_X,
    TREND_X,
)

from ui import fonts
from ui.render import BAR_Y, BOTTOM_Y, render, text_width


def view(screen, **changes):
    result = {
        "display_on": True,
        "sound": True,
        "message": "",
        "error": False,
        "screen": screen,
        "title": "",
    }
    result.update(changes)
    return result


def market(rows, side=2, selected=0, typed="", **changes):
    return view("market", side=side, rows=rows, selected=selected, typed=typed, **changes)


# (code, offices, bank, holdings, president, price, trend)
EXAMPLE = (
    (12, 2, 2, (0, 0, 5, 0, 2, 0), 2, 140, 1),  # the rulebook's example row
    (13, 0, 4, (5, 0, 0, 0, 0, 0), 0, 48, -1),
    (14, 5, 1, (0, 3, 2, 1, 1, 1), 2, 297, 0),
    (15, 0, 9, (0, 0, 0, 0, 0, 0), -1, 0, 0),  # not listed
    (16, 4, 0, (1, 1, 1, 1, 1, 4), 5, 805, 1),
    (17, 3, 3, (0, 6, 0, 0, 0, 0), 1, 1234, -1),
)
WORST = tuple(
    (code, 5 if code & 1 else 4, 9, (9, 9, 9, 9, 9, 9), code - 6, 8888, 1 - 2 * (code & 1))
    for code in range(6, 12)
)
LOW_BATTERY = {"battery_low": True, "notice": ""}


def lit_in(canvas, x0, y0, x1, y1):
    """Lit pixels in the box x0 <= x < x1, y0 <= y < y1."""
    count = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            count += canvas.pixel(x, y)
    return count


def texts(log):
    return [entry[2] for entry in log if not entry[2].startswith("icon:")]


def at(log, y):
    """The strings logged on row y, left to right."""
    found = [entry for entry in log if entry[1] == y and not entry[2].startswith("icon:")]
    found.sort()
    return [entry[2] for entry in found]


ICON_BOXES = {  # icon name: (dx, dy, w, h) of what it covers from its logged (x, y)
    "icon:office": (0, 2, OFFICE_SIZE, OFFICE_SIZE),
    "icon:head_office": (0, 0, 2 * HEAD_OFFICE_HALF + 1, 7),
    "icon:president": (-1, 0, fonts.SMALL_WIDTH + 2, 1),
    "icon:bank": (0, 0, 5, 7),
    "icon:battery_low": (0, 0, 8, 8),
    "icon:sound_off": (0, 0, 8, 8),
}


def boxes(log, doubled=()):
    """(x, y, w, h, text) of each logged string and icon; strings in `doubled` are x2."""
    found = []
    for x, y, text in log:
        if text == "icon:selected":
            continue  # the inverted bar lies under its row by design
        if text in ICON_BOXES:
            dx, dy, w, h = ICON_BOXES[text]
            found.append((x + dx, y + dy, w, h, text))
        else:
            scale = 2 if text in doubled else 1
            found.append((x, y, text_width(text, scale), fonts.SMALL_HEIGHT * scale, text))
    return found


def overlaps(found):
    """Pairs of boxes that share a pixel, and boxes that leave the screen."""
    bad = []
    for i in range(len(found)):
        x, y, w, h, text = found[i]
        if x < 0 or y < 0 or x + w > 128 or y + h > 64:
            bad.append(("outside", found[i]))
        for j in range(i + 1, len(found)):
            x2, y2, w2, h2, text2 = found[j]
            if x < x2 + w2 and x2 < x + w and y < y2 + h2 and y2 < y + h:
                bad.append((found[i], found[j]))
    return bad


def draw(screen_view, status=None):
    canvas = BoundsCanvas()
    log: list = []
    render(canvas, screen_view, status, log)
    return canvas, log


# ---- market --------------------------------------------------------------------------------


def test_worst_case_market_fits_without_overlap():
    # Six rows, nine-share columns everywhere, 4-digit prices, offices and head offices, a
    # selected row, a typed digit and the battery icon.
    canvas, log = draw(market(WORST, side=1, selected=9, typed="0"), LOW_BATTERY)
    assert canvas.outside == [], canvas.outside
    assert overlaps(boxes(log)) == []
    assert len([t for t in texts(log) if t == "8888"]) == 6
    assert lit_in(canvas.canvas, 0, ROW_Y + 5 * ROW_PITCH, 128, 64) > 0  # the sixth row shows


def test_example_rows_fit_without_overlap():
    canvas, log = draw(market(EXAMPLE, selected=14, typed="1"), LOW_BATTERY)
    assert canvas.outside == []
    assert overlaps(boxes(log)) == []


def test_header_names_the_side_the_bank_and_the_tokens():
    canvas, log = draw(market(EXAMPLE))
    assert at(log, 0) == ["12-17", "H", "C", "D", "S", "I", "B"]
    assert (BANK_X, 0, "icon:bank") in log
    assert lit_in(canvas.canvas, BANK_X, 0, BANK_X + 5, 7) > 10


def test_a_row_reads_code_bank_holdings_price_and_trend():
    canvas, log = draw(market(EXAMPLE))
    assert at(log, ROW_Y) == ["12", "2", "5", "2", "140", "+"]
    assert (TOKEN_X + 2 * TOKEN_PITCH, ROW_Y, "5") in log  # the dog's column
    assert (PRICE_RIGHT - text_width("140"), ROW_Y, "140") in log
    assert (TREND_X, ROW_Y, "+") in log
    assert at(log, ROW_Y + ROW_PITCH)[-1] == "-"  # falling
    assert at(log, ROW_Y + 2 * ROW_PITCH)[-1] == "297"  # unchanged: no sign


def test_an_unlisted_company_shows_dashes_and_the_bank_holds_nine():
    canvas, log = draw(market(EXAMPLE))
    assert at(log, ROW_Y + 3 * ROW_PITCH) == ["15", "9", "--"]


def test_prices_of_three_and_four_digits_end_at_the_same_column():
    canvas, log = draw(market(EXAMPLE))
    for price in ("140", "805", "1234"):
        found = [entry for entry in log if entry[2] == price]
        assert len(found) == 1, price
        x = found[0][0]
        assert x + text_width(price) == PRICE_RIGHT
        assert x > TOKEN_X + 5 * TOKEN_PITCH + fonts.SMALL_WIDTH + 1  # clear of the boat column


def test_presidents_count_is_underlined_and_no_other():
    canvas, log = draw(market(EXAMPLE))
    under = ROW_Y + fonts.SMALL_HEIGHT
    dog = TOKEN_X + 2 * TOKEN_PITCH
    assert lit_in(canvas.canvas, dog - 1, under, dog + 6, under + 1) == 7
    iron = TOKEN_X + 4 * TOKEN_PITCH  # iron holds 2 but is not President
    assert lit_in(canvas.canvas, iron - 1, under, iron + 6, under + 1) == 0
    assert (dog, under, "icon:president") in log
    assert len([e for e in log if e[2] == "icon:president"]) == 5  # five listed rows


def test_offices_are_small_squares_and_a_head_office_one_triangle():
    canvas, log = draw(market(EXAMPLE))
    first = [e for e in log if e[1] == ROW_Y and e[2] == "icon:office"]
    assert [e[0] for e in first] == [OFFICE_X, OFFICE_X + OFFICE_PITCH]
    square = OFFICE_SIZE * OFFICE_SIZE
    assert lit_in(canvas.canvas, OFFICE_X, ROW_Y, OFFICE_X + 2 * OFFICE_PITCH, ROW_Y + 7) == (
        2 * square
    )
    y = ROW_Y + 2 * ROW_PITCH  # company 14: a head office
    assert [e[2] for e in log if e[1] == y and e[2].startswith("icon:")] == ["icon:head_office"]
    apex = OFFICE_X + HEAD_OFFICE_HALF
    assert canvas.canvas.pixel(apex, y) == 1
    assert canvas.canvas.pixel(apex - 1, y) == 0 and canvas.canvas.pixel(apex + 1, y) == 0
    base = y + HEAD_OFFICE_HALF
    assert lit_in(canvas.canvas, OFFICE_X, base, apex + HEAD_OFFICE_HALF + 1, base + 1) == 13
    assert lit_in(canvas.canvas, OFFICE_X, y, apex + HEAD_OFFICE_HALF + 1, y + 7) == 49
    four = [e for e in log if e[1] == ROW_Y + 4 * ROW_PITCH and e[2] == "icon:office"]
    assert len(four) == 4


def test_zero_holdings_are_blank_but_an_empty_bank_shows_zero():
    canvas, log = draw(market(EXAMPLE))
    assert at(log, ROW_Y + 4 * ROW_PITCH)[:2] == ["16", "0"]
    assert at(log, ROW_Y + ROW_PITCH) == ["13", "4", "5", "48", "-"]


def test_the_selected_row_is_inverted():
    canvas, log = draw(market(EXAMPLE, selected=14))
    y = ROW_Y + 2 * ROW_PITCH
    assert (0, y, "icon:selected") in log
    assert canvas.canvas.pixel(127, y - 1) == 1 and canvas.canvas.pixel(127, y + 7) == 1
    assert canvas.canvas.pixel(127, y + 8) == 0
    dark = 128 * 9 - lit_in(canvas.canvas, 0, y - 1, 128, y + 8)
    assert dark > 100  # the text is cut out of the bar
    other = ROW_Y + ROW_PITCH
    assert canvas.canvas.pixel(127, other) == 0  # the other rows are not


def test_the_underline_above_a_selected_row_stays_apart_from_the_bar():
    canvas, log = draw(market(EXAMPLE, selected=14))
    y = ROW_Y + 2 * ROW_PITCH  # 13 above it has the hat as President
    hat = TOKEN_X
    assert lit_in(canvas.canvas, hat - 1, y - 2, hat + 6, y - 1) == 7  # the underline
    assert lit_in(canvas.canvas, hat - 1, y - 1, hat + 6, y) == 0  # a notch in the bar


def test_a_typed_digit_shows_in_the_header_with_a_cursor():
    canvas, log = draw(market(EXAMPLE, typed="1"))
    assert (TYPED_X, 0, "1") in log
    cursor = TYPED_X + 7
    assert lit_in(canvas.canvas, cursor, 6, cursor + 5, 7) == 5
    canvas, log = draw(market(EXAMPLE))
    assert lit_in(canvas.canvas, TYPED_X, 0, 118, 8) == 0


def test_a_message_replaces_the_header_and_an_error_is_inverted():
    canvas, log = draw(market(EXAMPLE, message="NOT A CODE", error=True))
    assert at(log, 0) == ["NOT A CODE"]
    assert canvas.canvas.pixel(0, 0) == 1 and canvas.canvas.pixel(127, 7) == 1
    assert at(log, ROW_Y)[0] == "12"  # the companies stay
    canvas, log = draw(market(EXAMPLE, message="SIDE 3"))
    assert at(log, 0) == ["SIDE 3"] and canvas.canvas.pixel(0, 0) == 0


def test_a_notice_shows_inverted_only_without_a_message():
    status = {"battery_low": False, "notice": "STORAGE FULL"}
    canvas, log = draw(market(EXAMPLE), status)
    assert at(log, 0) == ["STORAGE FULL"] and canvas.canvas.pixel(0, 0) == 1
    canvas, log = draw(market(EXAMPLE, message="NOT LISTED", error=True), status)
    assert at(log, 0) == ["NOT LISTED"]


def test_battery_icon_on_the_market_header():
    canvas, log = draw(market(EXAMPLE), LOW_BATTERY)
    assert (119, 0, "icon:battery_low") in log
    assert lit_in(canvas.canvas, 119, 0, 127, 8) > 8


def test_a_side_of_five_companies_leaves_the_last_row_empty():
    rows = tuple((code, 0, 9, (0, 0, 0, 0, 0, 0), -1, 0, 0) for code in range(1, 6))
    canvas, log = draw(market(rows, side=0))
    assert at(log, 0)[0] == "01-05"
    assert lit_in(canvas.canvas, 0, ROW_Y + 5 * ROW_PITCH, 128, 64) == 0


# ---- form and review -----------------------------------------------------------------------

FIELDS = (("TOKEN", "HAT"), ("CODE", "13"), ("SHARES", "2"))


def form(**changes):
    base = view(
        "form",
        title="BANK PURCHASE",
        fields=FIELDS,
        active=2,
        blink=True,
        amount=110,
        sign="-",
        note="",
    )
    base.update(changes)
    return base


def test_form_shows_title_fields_and_signed_amount():
    canvas, log = draw(form())
    assert at(log, 0) == ["BANK PURCHASE"]
    assert at(log, 12) == ["TOKEN", "HAT"] and at(log, 28) == ["SHARES", "2"]
    assert at(log, AMOUNT_Y) == ["CODE", "13", "-110"]  # the amount beside the fields
    assert (128 - text_width("-110", 2), AMOUNT_Y, "-110") in log
    assert overlaps(boxes(log, ("-110",))) == []
    assert canvas.outside == []


def test_the_active_value_is_inverted_while_shown_and_hidden_in_the_off_phase():
    canvas, log = draw(form())
    assert canvas.canvas.pixel(VALUE_X - 2, 28) == 1  # the bar behind "2"
    canvas, log = draw(form(blink=False))
    assert at(log, 28) == ["SHARES"]
    assert lit_in(canvas.canvas, VALUE_X - 2, 27, VALUE_X + 8, 36) == 0
    assert at(log, 12) == ["TOKEN", "HAT"]  # the others stay


def test_an_unknown_amount_draws_nothing():
    canvas, log = draw(form(amount=None, sign=""))
    assert lit_in(canvas.canvas, 66, 13, 128, 44) == 0


def test_four_fields_a_note_and_an_error_fit():
    fields = (("BUYER", "CAR"), ("SELLER", "DOG"), ("CODE", "14"), ("SHARES", "3"))
    screen = form(
        title="BUY PLAYERS",
        fields=fields,
        active=1,
        amount=1610,
        note="REFUND TO CAR 750",
        message="NOT ENOUGH SHARES",
        error=True,
    )
    canvas, log = draw(screen, LOW_BATTERY)
    assert canvas.outside == []
    assert overlaps(boxes(log, ("-1610",))) == []
    assert at(log, 36) == ["SHARES", "3"]
    assert at(log, NOTE_Y) == ["REFUND TO CAR 750"]
    assert at(log, BOTTOM_Y) == ["NOT ENOUGH SHARES"]
    assert canvas.canvas.pixel(0, BAR_Y) == 1 and canvas.canvas.pixel(127, 63) == 1


def test_a_price_of_four_digits_fits_beside_a_large_amount():
    fields = (("TOKEN", "HAT"), ("CODE", "22"), ("PRICE", "1234"))
    canvas, log = draw(form(title="INTRODUCTION", fields=fields, amount=1234), LOW_BATTERY)
    assert at(log, 28) == ["PRICE", "1234"]
    assert overlaps(boxes(log, ("-1234",))) == []


def test_an_amount_of_six_characters_drops_to_the_small_font():
    canvas, log = draw(form(amount=12345, sign="+"))
    found = [e for e in log if e[2] == "+12345"]
    assert found and found[0][0] + text_width("+12345") == 128
    assert overlaps(boxes(log)) == []


def test_a_review_has_an_inverted_title_and_says_review():
    screen = form(active=-1, note="REFUND TO CAR 750")
    screen["screen"] = "review"
    canvas, log = draw(screen, LOW_BATTERY)
    assert canvas.canvas.pixel(118, 0) == 1 and canvas.canvas.pixel(0, 9) == 1
    assert at(log, 0) == ["BANK PURCHASE"]
    assert at(log, BOTTOM_Y) == ["REVIEW"]
    assert at(log, 28) == ["SHARES", "2"]  # no active field in a review
    screen["message"] = "NO TRANSACTION YET"
    canvas, log = draw(screen)
    assert at(log, BOTTOM_Y) == ["NO TRANSACTION YET"]


# ---- total and ask -------------------------------------------------------------------------


def test_six_totals_in_two_columns_with_names_for_token_numbers():
    totals = ((0, 1234), (1, 56789), (2, 0), (3, 805), (4, 12000), (5, 99999))
    canvas, log = draw(view("total", title="TOTAL", totals=totals), LOW_BATTERY)
    assert at(log, 14) == ["HAT", "1234", "SHOE", "805"]
    assert at(log, 40) == ["DOG", "0", "BOAT", "99999"]
    assert overlaps(boxes(log)) == []
    assert canvas.outside == []
    assert lit_in(canvas.canvas, 64, 14, 65, 50) > 30  # the line between the columns


def test_few_totals_in_one_column():
    totals = (("HAT", 285), ("CAR", 114))
    canvas, log = draw(view("total", title="TOTAL", totals=totals))
    assert at(log, 14) == ["HAT", "285"] and at(log, 27) == ["CAR", "114"]
    assert lit_in(canvas.canvas, 64, 14, 65, 50) == 0


def test_a_question_is_large_and_the_keys_are_on_the_bottom_line():
    canvas, log = draw(view("ask", title="NEW GAME?", detail="CONFIRM / CANCEL"))
    assert at(log, ASK_Y) == ["NEW GAME?"]
    assert at(log, BOTTOM_Y) == ["CONFIRM / CANCEL"]
    assert lit_in(canvas.canvas, 0, ASK_Y, 128, ASK_Y + 14) > 150  # x2 strokes
    canvas, log = draw(view("ask", title="REMOVE SHOE?", detail="CONFIRM / CANCEL"))
    assert at(log, ASK_Y0) == ["REMOVE"] and at(log, ASK_Y1) == ["SHOE?"]
    assert overlaps(boxes(log, ("REMOVE", "SHOE?"))) == []
    assert canvas.outside == []


# ---- dispatch ------------------------------------------------------------------------------


def test_render_hands_stock_exchange_views_over_and_leaves_others_alone():
    canvas, log = draw(market(EXAMPLE))
    assert "H" in texts(log)
    banking = {"display_on": True, "title": "MONOPOLY BANK", "big": "----", "detail": "X"}
    canvas, log = draw(banking)
    assert (0, 0, "MONOPOLY BANK") in log


def test_long_strings_never_leave_the_screen():
    long_text = "WXYZ%#@ 0123456789 MMMMMMMMMM WWWWWWWWWW"
    status = {"battery_low": True, "notice": long_text}
    long_fields = ((long_text, long_text),) * 6
    screens = (
        market(WORST, message=long_text, error=True, sound=False),
        form(title=long_text, fields=long_fields, note=long_text, amount=10**9, sound=False),
        view("review", title=long_text, fields=long_fields, amount=-(10**9), sign="-"),
        view("total", title=long_text, totals=((long_text, 10**12),) * 7),
        view("ask", title=long_text, detail=long_text),
        view("ask", title="A " + long_text, detail=""),
    )
    for screen in screens:
        canvas, log = draw(screen, status)
        assert canvas.outside == [], (screen["screen"], canvas.outside)
        for x, y, text in log:
            assert x >= 0 and y >= 0, (x, y, text)
