"""Stock Exchange screens under random markets (hypothesis) and from the real edition's views:
everything fits, nothing overlaps, the pixels say what the log says (CPython only: the rules and
the renderer together exceed the 64 KB MicroPython test heap)."""

import framebuf
from editions.stock_exchange.draw import (
    ROW_Y,
)
from editions.stock_exchange.edition import StockExchange
from editions.stock_exchange.pieces import (
    AMOUNT_X,
    AMOUNT_Y,
    ASK_Y,
    ASK_Y0,
    ASK_Y1,
    CODES,
    HEAD_OFFICE_HALF,
    OFFICE_PITCH,
    OFFICE_SIZE,
    OFFICE_X,
    PRICE_RIGHT,
    ROW_PITCH,
    TOKEN_PITCH,
    TOKEN_X,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from test_market_screens import BoundsCanvas, boxes, overlaps

from ui import fonts
from ui.render import Screen, render, text_width

SIDES = ((1, 5), (6, 11), (12, 17), (18, 22))


@st.composite
def rows_of_a_side(draw):
    side = draw(st.integers(0, 3))
    first, last = SIDES[side]
    rows = []
    for code in range(first, last + 1):
        holdings = [0] * 6
        left = 9
        for token in draw(st.permutations(range(6))):
            count = draw(st.integers(0, left))
            holdings[token] = count
            left -= count
        holders = [t for t in range(6) if holdings[t]]
        president = draw(st.sampled_from(holders)) if holders else -1
        price = draw(st.integers(1, 9999)) if holders else 0
        trend = draw(st.integers(-1, 1)) if holders else 0
        offices = draw(st.integers(0, 5))
        rows.append((code, offices, left, tuple(holdings), president, price, trend))
    selected = draw(st.sampled_from([0] + list(range(first, last + 1))))
    typed = draw(st.sampled_from(["", "0", "1", "2"]))
    return side, tuple(rows), selected, typed


def market_view(side, rows, selected, typed):
    return {
        "display_on": True,
        "sound": True,
        "message": "",
        "error": False,
        "screen": "market",
        "title": "MARKET",
        "side": side,
        "rows": rows,
        "selected": selected,
        "typed": typed,
    }


@settings(max_examples=150, deadline=None)
@given(rows_of_a_side(), st.booleans())
def test_any_market_fits_and_reads_back_from_the_log(market, battery_low) -> None:
    side, rows, selected, typed = market
    canvas = BoundsCanvas()
    log: list = []
    render(canvas, market_view(side, rows, selected, typed), {"battery_low": battery_low}, log)
    assert canvas.outside == []
    assert overlaps(boxes(log)) == []
    pixels = canvas.canvas
    for index, (code, offices, bank, holdings, president, price, trend) in enumerate(rows):
        y = ROW_Y + index * ROW_PITCH
        shown = sorted((x, text) for x, yy, text in log if yy == y and not text.startswith("i"))
        expected = ["%02d" % code, str(bank)] + [str(n) for n in holdings if n]
        if president >= 0:
            expected.append(str(price))
            if trend:
                expected.append("+" if trend > 0 else "-")
        else:
            expected.append("--")
        assert [text for x, text in shown] == expected
        price_text = str(price) if president >= 0 else "--"
        assert (PRICE_RIGHT - text_width(price_text), price_text) in shown
        lit = 0 if code == selected else 1  # an inverted row draws in the dark colour
        under = y + fonts.SMALL_HEIGHT
        for token in range(6):
            x = TOKEN_X + token * TOKEN_PITCH
            line = sum(pixels.pixel(px, under) == lit for px in range(x, x + 5))
            assert line == (5 if token == president else 0), (code, token)
        if offices == 5:
            apex = OFFICE_X + HEAD_OFFICE_HALF
            assert pixels.pixel(apex, y) == lit and pixels.pixel(apex + 1, y) != lit
            base = [pixels.pixel(OFFICE_X + i, y + HEAD_OFFICE_HALF) == lit for i in range(13)]
            assert all(base)
        else:
            squares = 0
            for i in range(4):
                x = OFFICE_X + i * OFFICE_PITCH
                squares += all(
                    pixels.pixel(x + dx, y + 2 + dy) == lit
                    for dx in range(OFFICE_SIZE)
                    for dy in range(OFFICE_SIZE)
                )
            assert squares == offices


# ---- the edition's own views ---------------------------------------------------------------


class Player:
    """Presses keys on a StockExchange the way the shell does: acknowledge what it stores."""

    def __init__(self) -> None:
        self.edition = StockExchange()
        self.now = 1000

    def press(self, *keys: str, hold_ms: int = 50) -> None:
        for key in keys:
            self.edition.key_down(key, self.now)
            self._store()
            self.now += hold_ms
            self.edition.tick(self.now)
            self._store()
            self.edition.key_up(key, self.now)
            self._store()
            self.now += 50

    def _store(self) -> None:
        if self.edition.outbox:
            self.edition.acknowledge(True, "")

    def screen(self) -> tuple:
        canvas = BoundsCanvas()
        log: list = []
        render(canvas, self.edition.view(), {"battery_low": True, "notice": ""}, log)
        return canvas, log


def doubled(log, screen: str) -> tuple:
    """Strings drawn x2: a form's amount (beside the fields) and a question."""
    if screen == "ask":
        return tuple(text for x, y, text in log if y in (ASK_Y, ASK_Y0, ASK_Y1))
    return tuple(text for x, y, text in log if y == AMOUNT_Y and x >= AMOUNT_X)


def check(player: Player, screen: str) -> list:
    view = player.edition.view()
    assert view["screen"] == screen, view
    canvas, log = player.screen()
    assert canvas.outside == []
    assert overlaps(boxes(log, doubled(log, screen))) == [], screen
    return [text for x, y, text in sorted(log, key=lambda e: (e[1], e[0]))]


def test_every_screen_of_a_short_game_fits() -> None:
    player = Player()
    shown = check(player, "market")
    assert shown[:2] == ["01-05", "icon:bank"]
    player.press("BANK", "1", "1", "3")
    shown = check(player, "form")
    assert "INTRODUCTION" in shown and "HAT" in shown and "-220" in shown
    player.press("CONFIRM")
    shown = check(player, "market")
    assert "12-17" in shown and "48" in shown and "icon:president" in shown
    player.press("BANK", "2", "1", "3", "2")
    shown = check(player, "form")
    assert "BANK PURCHASE" in shown and "CAR" in shown
    player.press("CONFIRM")
    player.press("REVIEW")
    shown = check(player, "review")
    assert "REVIEW" in shown and "BANK PURCHASE" in shown
    player.press("CANCEL")
    player.press("TOTAL")
    shown = check(player, "total")
    assert "HAT" in shown and "CAR" in shown
    player.press("CANCEL")
    player.press("NEWGAME", hold_ms=2100)
    shown = check(player, "ask")
    assert "NEW GAME?" in shown and "CONFIRM / CANCEL" in shown


def test_a_blinking_field_alternates_between_inverted_and_hidden() -> None:
    player = Player()
    player.press("SELL")
    phases = set()
    for _ in range(4):
        view = player.edition.view()
        canvas = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        log: list = []
        render(canvas, view, None, log)
        active = view["active"]
        value = view["fields"][active][1]
        y = 12 + 8 * active
        drawn = [text for x, yy, text in log if yy == y]
        phases.add(view["blink"])
        assert (value in drawn) == view["blink"]
        player.now += StockExchange.blink_ms
        player.edition.tick(player.now)
    assert phases == {True, False}


SE_KEYS = ("BANK", "SELL", "BUYP", "OFFICES", "REVIEW", "TOTAL", "CONFIRM", "CANCEL", "START")
STATUSES = (
    {"battery_low": False, "notice": ""},
    {"battery_low": True, "notice": ""},
    {"battery_low": False, "notice": "RED READER MISSING"},
)


def test_partial_redraws_of_a_played_game_match_whole_frames() -> None:
    """The screens drawn region by region (what the unit does) equal the same views drawn whole,
    pixel for pixel and string for string, through a long random game with blinking fields,
    notices, icons and the sound switched off and on."""
    player = Player()
    shown = bytearray(1024)
    partial = framebuf.FrameBuffer(shown, 128, 64, framebuf.MONO_VLSB)
    drawn_on = Screen(partial)
    seed = 7
    kinds = set()
    for step in range(600):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        pick = seed >> 4
        if pick % 3:
            player.press(str(pick % 10) if pick % 5 else SE_KEYS[(pick >> 3) % len(SE_KEYS)])
        elif pick % 7 == 0:
            player.press("ONOFF")
        else:
            player.now += StockExchange.blink_ms
            player.edition.tick(player.now)
        view = player.edition.view()
        kinds.add(view["screen"])
        status = STATUSES[(pick >> 6) % len(STATUSES)] if step % 11 == 0 else STATUSES[0]
        keep = step % 4 == 0  # a log asked for now and then: partial redraws rebuild it
        partial_log: list | None = [] if keep else None
        render(partial, view, status, partial_log, drawn_on)
        drawn = bytearray(1024)
        whole_log: list = []
        render(framebuf.FrameBuffer(drawn, 128, 64, framebuf.MONO_VLSB), view, status, whole_log)
        assert shown == drawn, (step, view)
        if keep:
            assert partial_log == whole_log, (step, view)
    assert {"market", "form"} <= kinds, kinds


class Recording(framebuf.FrameBuffer):
    """A canvas that records the left column of every glyph blit (drawing the text)."""

    def __init__(self) -> None:
        self.buffer = bytearray(1024)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)
        self.blits: list = []

    def blit(self, *args) -> None:
        self.blits.append((args[1], args[2]))
        super().blit(*args)


def test_a_digit_typed_in_a_form_redraws_the_values_not_the_labels() -> None:
    """A token typed moves to the CODE field, a code's first digit shows in it, the blink hides
    it: only the values' columns are drawn again (x 40 on), never a label (x 0 to 36)."""
    from editions.stock_exchange.draw import MarketDrawer

    player = Player()
    player.press("SELL")
    canvas = Recording()
    screens = MarketDrawer(canvas)
    screens.draw(player.edition.view())
    assert any(x == 0 for x, _ in canvas.blits)  # the labels, drawn once
    for step in ("2", "1", "blink"):
        if step == "blink":
            player.now += StockExchange.blink_ms
            player.edition.tick(player.now)
        else:
            player.press(step)
        canvas.blits.clear()
        view = player.edition.view()
        screens.draw(view)
        assert canvas.blits or step == "blink", step  # the value typed is drawn
        assert all(x >= 40 for x, _ in canvas.blits), (step, canvas.blits)
        whole = bytearray(1024)
        render(framebuf.FrameBuffer(whole, 128, 64, framebuf.MONO_VLSB), view)
        assert canvas.buffer == whole, step


def test_an_unchanged_form_hands_out_the_same_fields() -> None:
    """Views of a form nothing changed in (the blink aside) share their fields tuple, so the
    screens skip the field lines; a digit typed makes a new one."""
    player = Player()
    player.press("BANK", "1")
    first = player.edition.view()["fields"]
    player.now += StockExchange.blink_ms
    player.edition.tick(player.now)
    assert player.edition.view()["fields"] is first
    player.press("0")
    assert player.edition.view()["fields"] is not first
    assert player.edition.view()["fields"][1] == ("CODE", "0-")


class Clearing(Recording):
    """Recording, plus every fill_rect() as (x, y, width, height, color)."""

    def __init__(self) -> None:
        super().__init__()
        self.fills: list = []

    def fill_rect(self, *args) -> None:
        self.fills.append(args)
        super().fill_rect(*args)


def test_a_field_line_that_appears_is_drawn_without_clearing_it() -> None:
    """The introduction's PRICE line comes on a blank line (y 28): nothing clears it, the CODE
    value above is cleared once, and the frame is the view drawn whole; so does a bid's note."""
    from editions.stock_exchange.draw import MarketDrawer

    player = Player()
    player.press("BANK", "1", "1")
    canvas = Clearing()
    screens = MarketDrawer(canvas)
    screens.draw(player.edition.view())
    canvas.fills.clear()
    player.press("3")
    view = player.edition.view()
    assert len(view["fields"]) == 3
    screens.draw(view)
    cleared = [f for f in canvas.fills if f[4] == 0]
    assert not [f for f in cleared if f[1] + f[3] > 28], cleared  # rows 28 on: blank already
    assert len([f for f in cleared if f[1] == 19]) == 1, cleared
    whole = bytearray(1024)
    render(framebuf.FrameBuffer(whole, 128, 64, framebuf.MONO_VLSB), view)
    assert canvas.buffer == whole
    canvas.fills.clear()
    player.press("1")  # a bid: the LIST PRICE note comes on its blank line (y 46)
    view = player.edition.view()
    assert view["note"] == "LIST PRICE 220"
    screens.draw(view)
    assert not [f for f in canvas.fills if f[1] <= 46 < f[1] + f[3]], canvas.fills
    render(framebuf.FrameBuffer(whole, 128, 64, framebuf.MONO_VLSB), view)
    assert canvas.buffer == whole


def test_a_form_title_goes_through_the_page_view_as_one_line() -> None:
    """With the canvas's page view (SSD1306.pages), a form's new title (the introduction's
    INTRODUCTION: 12 letters) is copied as one line, not blitted letter by letter on the canvas;
    the frame is the view drawn whole."""
    from editions.stock_exchange.draw import MarketDrawer

    player = Player()
    player.press("BANK", "1", "0")
    canvas = Recording()
    screens = MarketDrawer(canvas)
    screens.pages = framebuf.FrameBuffer(canvas.buffer, 128, 8, framebuf.GS8)
    screens.draw(player.edition.view())
    canvas.blits.clear()
    player.press("5")  # the code completes: the form turns into the introduction
    view = player.edition.view()
    assert view["title"] == "INTRODUCTION"
    screens.draw(view)
    assert not [b for b in canvas.blits if b[1] == 0], canvas.blits  # nothing on the title row
    whole = bytearray(1024)
    render(framebuf.FrameBuffer(whole, 128, 64, framebuf.MONO_VLSB), view)
    assert canvas.buffer == whole


def test_scaled_glyphs_are_built_without_drawing_calls(monkeypatch) -> None:
    """The x2 and x3 glyphs are the small glyphs with each pixel a square, built from column
    bytes, not a fill_rect() per lit pixel (about 0.4 ms a glyph on the chip)."""
    from ui import draw

    calls: list = []
    real = framebuf.FrameBuffer.fill_rect
    monkeypatch.setattr(
        framebuf.FrameBuffer, "fill_rect", lambda self, *a: calls.append(a) or real(self, *a)
    )
    for index in range(len(draw._small)):
        columns = draw._small_columns(index)
        for scale in (2, 3):
            glyph = draw._build_scaled(columns, scale)
            for x in range(fonts.SMALL_WIDTH * scale):
                for y in range(fonts.SMALL_HEIGHT * scale):
                    lit = columns[x // scale] >> (y // scale) & 1
                    assert glyph.pixel(x, y) == lit, (index, scale, x, y)
    assert calls == []


def test_the_form_texts_are_the_codes_and_list_prices() -> None:
    """editions.stock_exchange.forms writes the codes and list prices out (no str made on the
    chip)."""
    from editions.stock_exchange import forms, market

    assert len(forms.LIST_PRICE_TEXTS) == len(market.LIST_PRICE)
    for code in range(len(market.LIST_PRICE)):
        assert forms.LIST_PRICE_TEXTS[code] == "%d" % market.LIST_PRICE[code]
    assert forms.CODE_TEXTS == CODES  # editions.stock_exchange.draw's, the same texts
    for code in range(len(forms.CODE_TEXTS)):
        assert forms.CODE_TEXTS[code] == "%02d" % code


def test_a_french_unit_looks_up_every_label_and_token_name_at_the_first_form() -> None:
    # editions.stock_exchange.lang looks up, as the first form opens, the texts a digit key
    # brings to a form (written out there: importing forms would load it in a small test heap).
    from editions.stock_exchange import forms, lang, market

    labels = {forms.TITLE_INTRO, forms.TOKEN, forms.BUYER, forms.SELLER, forms.CODE}
    labels |= {forms.SHARES, forms.PRICE}
    assert set(lang._BROUGHT) == labels | set(market.TOKENS)
    # and the note a bid's first digit brings, made from the translation of its line for 0
    assert forms._NOTE_LIST_PRICE == lang._LIST_PRICE + "%d"
    assert lang._LIST_PRICE_0 == forms._NOTE_LIST_PRICE % 0
