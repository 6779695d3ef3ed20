# The Stock Exchange's form screens sent as the windows of the regions they redrew
# (editions.stock_exchange.draw records them, ui.render.show_drawn() sends them): the glass of
# a virtual panel equals the frame after every view, and show() finds nothing left to send.
# micropython-heap: 112k (as test_market_screens: the Stock Exchange screens and the fonts they
# build stay live, about 68 KB; 96k failed to load editions.stock_exchange.draw)

from ui.render import Screen, render, show_drawn


def _se_form(**changes):
    view = {
        "display_on": True,
        "sound": True,
        "message": "",
        "error": False,
        "screen": "form",
        "title": "BANK PURCHASE",
        "fields": (("TOKEN", "HAT"), ("CODE", "12"), ("SHARES", "")),
        "active": 2,
        "blink": True,
        "amount": None,
        "sign": "",
        "note": "",
    }
    view.update(changes)
    return view


SE_FIELDS = (
    (("TOKEN", "HAT"), ("CODE", "12"), ("SHARES", "")),
    (("TOKEN", "HAT"), ("CODE", "12"), ("SHARES", "5")),
    (("TOKEN", "HAT"), ("CODE", "12"), ("SHARES", "50")),
    (("TOKEN", "CAR"), ("CODE", "0")),
    (("TOKEN", "CAR"), ("CODE", "07"), ("PRICE", "1")),
    (("BUYER", "DOG"), ("SELLER", "IRON"), ("CODE", "21"), ("SHARES", "3")),
    (("01", "4"), ("02", "")),
    (),
)
SE_STATUSES = (None, None, {"battery_low": True, "notice": ""}, {"notice": "RED READER MISSING"})


def test_a_stock_exchange_form_goes_as_the_windows_of_its_regions():
    # The Stock Exchange's digit keys (a bid's first digit, the introduction's code) redraw a
    # form's fields, amount, title or lines: show_drawn() sends each region's window, so show()
    # searches no page; the glass equals the frame after every step, windows or not.
    from canvas_rig import panel_display

    panel, display = panel_display()
    screen = Screen(display.canvas)
    market = {"display_on": True, "sound": True, "message": "", "error": False}
    market.update(screen="market", rows=(), side=0, selected=0, typed="1", title="")
    seed = 7
    covers = 0
    for step in range(60):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        pick = seed >> 4
        if pick % 13 == 0:
            view = market
        else:
            view = _se_form(
                screen="review" if pick % 11 == 0 else "form",
                title=("BANK PURCHASE", "INTRODUCTION", "SELL", "")[(pick >> 3) % 4],
                fields=SE_FIELDS[(pick >> 5) % len(SE_FIELDS)],
                active=(pick >> 8) % 5 - 1,
                blink=bool(pick >> 11 & 1),
                amount=(None, 0, 5, 110, 1500, 123456)[(pick >> 12) % 6],
                sign=("", "-", "+")[(pick >> 15) % 3],
                note=("", "", "HAT GETS 100")[(pick >> 17) % 3],
                message=("", "", "", "NOT ENOUGH CASH")[(pick >> 19) % 4],
                error=bool(pick >> 21 & 1),
                sound=bool(pick >> 22 & 3),
            )
        status = SE_STATUSES[(pick >> 24) % len(SE_STATUSES)]
        render(display.canvas, view, status, None, screen, display.pages)
        covered = show_drawn(screen, display)
        if not covered:
            display.show()
        assert _glass_is_frame(panel, display.buffer), (step, view)
        if covered:
            covers += 1
            assert display.show() == 0, (step, view)  # nothing left for show() to find
    assert covers >= 20, covers
    # A bid's first digit: the shares' value and the amount, in two windows of few bytes.
    render(display.canvas, _se_form(), None, None, screen, display.pages)
    if not show_drawn(screen, display):
        display.show()
    view = _se_form(fields=SE_FIELDS[1], amount=110, sign="-")
    render(display.canvas, view, None, None, screen, display.pages)
    assert show_drawn(screen, display)
    assert _glass_is_frame(panel, display.buffer)


def test_an_unchanged_form_with_an_amount_sends_nothing():
    # A form's amount is drawn once: the same view again (a render with no change, as every
    # quiet tick's) redraws and sends no window, with or without its field lines changing first.
    from canvas_rig import panel_display

    panel, display = panel_display()
    screen = Screen(display.canvas)
    for view in (_se_form(amount=110, sign="-"), _se_form(fields=SE_FIELDS[1], amount=5)):
        sent = []
        for _ in range(4):
            render(display.canvas, view, None, None, screen, display.pages)
            sent.append(screen.windows[0])  # (ui.windows.COUNT)
            if not show_drawn(screen, display):
                display.show()
            assert _glass_is_frame(panel, display.buffer)
        assert sent[1:] == [0, 0, 0], sent


def _glass_is_frame(panel, frame) -> bool:
    for page in range(8):
        for column in range(128):
            if panel.column_byte(page, column) != frame[1 + page * 128 + column]:
                return False
    return True
