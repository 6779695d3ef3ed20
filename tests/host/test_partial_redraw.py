"""Partial redraw (ui.render with partial=True) against a full redraw, for any view sequence:
the pixels and the screen log after each step equal a full redraw of the same view on a blank
canvas, and the SSD1306 driver's windows bring a virtual panel's glass to the same pixels."""

import framebuf
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.ssd1306 import SSD1306
from peripherals.bus import I2C
from peripherals.ssd1306_panel import SSD1306Panel
from ui.render import Screen, render

TEXTS = st.sampled_from(
    ["", "CARD 1 RECEIVES", "CARD 2 > CARD 1", "BALANCE 15M", "+2M", "MIN 10K", "SETTINGS 1/7",
     "A VERY LONG TITLE THAT GOES ON AND ON", "abc ~", "£5 €3"]
)  # fmt: skip
BIG = st.one_of(
    st.sampled_from(["", "0", "----", "15M", "123.45M", "CARD 8", "SURE?", "CARD 8 > CARD 7",
                     "MMMMMMMMMMMMMMMMMMMMMMMMM", "1.5", "2005"]),
    st.text(alphabet="0123456789.KM", max_size=9),
)  # fmt: skip
LINES = st.one_of(st.none(), st.lists(st.sampled_from(["ROUND 3", "GO 2M", "SOUND ON", ""]),
                                      max_size=4))  # fmt: skip
VIEWS = st.fixed_dictionaries(
    {
        "display_on": st.just(True),
        "title": TEXTS,
        "big": BIG,
        "detail": TEXTS,
        "message": TEXTS,
        "error": st.booleans(),
        "green": st.sampled_from([None, 1]),
        "red": st.sampled_from([None, 2]),
        "sound": st.booleans(),
        "mode": st.sampled_from(["entry", "receive", "idle"]),
        "symbol": st.sampled_from([None, "chance", "zone_car"]),
        "lines": LINES,
    }
)
STATUS = st.sampled_from(
    [
        None,
        {"battery_low": True, "notice": ""},
        {"battery_low": False, "notice": "NO CARD READERS"},
    ]
)


def blank():
    return framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)


def typing(view: dict) -> st.SearchStrategy:
    """A view, then the same view with digits typed and taken back one at a time (entry)."""
    return st.lists(st.sampled_from("0123456789."), max_size=7).map(
        lambda keys: (
            [dict(view, mode="entry", big="".join(keys[:n])) for n in range(len(keys))]
            + [dict(view, mode="entry", big="".join(keys[:n])) for n in range(len(keys), 0, -1)]
        )
    )


SEQUENCES = st.lists(st.one_of(VIEWS.map(lambda v: [v]), VIEWS.flatmap(typing)), max_size=6).map(
    lambda runs: [view for run in runs for view in run]
)


@settings(max_examples=150, deadline=None)
@given(SEQUENCES, st.lists(STATUS, min_size=1, max_size=3))
def test_partial_redraw_equals_a_full_redraw(views, statuses) -> None:
    i2c = I2C(0)
    panel = SSD1306Panel()
    i2c.attach(0x3C, panel)
    display = SSD1306(i2c)
    display.init_display()
    screen = Screen(display.canvas)
    for step, view in enumerate(views):
        status = statuses[step % len(statuses)]
        log: list = []
        render(display.canvas, view, status, log, screen)
        display.show()
        full = blank()
        full_log: list = []
        render(full, view, status, full_log)
        assert bytes(display.buffer[1:]) == bytes(full.buf), (step, view)
        assert sorted(log) == sorted(full_log), (step, view)
    for y in range(64):
        for x in range(128):
            assert panel.pixel(x, y) == display.canvas.pixel(x, y), (x, y)


def test_typing_sends_one_glyph_per_digit_and_the_glass_keeps_up() -> None:
    i2c = I2C(0)
    panel = SSD1306Panel()
    i2c.attach(0x3C, panel)
    display = SSD1306(i2c)
    display.init_display()
    screen = Screen(display.canvas)
    base = {"display_on": True, "title": "CARD 1 RECEIVES", "detail": "BALANCE 15M",
            "green": 1, "red": None, "sound": True, "message": "", "error": False}  # fmt: skip
    render(display.canvas, dict(base, big="15M", mode="receive"), None, None, screen)
    display.show()
    sent = []
    for typed in ("1", "12", "120", "1205", "12050", "1205", "120"):
        render(display.canvas, dict(base, big=typed, mode="entry"), None, None, screen)
        sent.append(display.show())
    assert max(sent[1:]) <= 100, sent  # 62: a window, then 16 columns of three pages
    for y in range(64):
        for x in range(128):
            assert panel.pixel(x, y) == display.canvas.pixel(x, y)


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(["electronic_banking", "revolution", "classic"]),
    st.lists(
        st.one_of(
            st.sampled_from(["1", "2", "5", "0", ".", "K", "M", "C", "GO"]),
            st.sampled_from(["1", "2", "5", "0"]).map(lambda digit: digit * 3),
            st.sampled_from([("in", 1, "green"), ("in", 2, "red"), ("out", "green")]),
            st.just(("out", "red")),
        ),
        max_size=25,
    ),
)
def test_a_game_on_the_unit_shows_what_a_full_render_of_its_view_draws(edition, steps) -> None:
    """Keys and cards through the whole unit, where the shell draws a typed character alone
    when the edition says only the amount changed (entry_changed), without its view: after
    each step the glass equals the edition's view drawn whole on a blank canvas."""
    import app.unit
    from host_sim.virtual_unit import VirtualUnit

    edits = []
    edit_entry = app.unit.edit_entry

    def counted(canvas, big, log=None, pages=None):
        columns = edit_entry(canvas, big, log, pages)
        edits.append(columns is not None)
        return columns

    app.unit.edit_entry = counted
    vu = VirtualUnit(edition=edition)
    try:
        for step in [("in", 1, "green"), "12"] + steps:
            if isinstance(step, tuple):
                slot = step[-1]
                card = vu.slot_cards[slot]
                if step[0] == "out" and card is not None:
                    vu.remove(slot)
                elif step[0] == "in" and card is None and step[1] not in vu.slot_cards.values():
                    vu.insert(step[1], slot)
            else:
                vu.type([key for key in ([step] if step == "GO" else step) if key in vu.keys])
            vu.advance(0.1)
            _glass_is_the_view_drawn_whole(vu, step)
    finally:
        vu.close()
        app.unit.edit_entry = edit_entry
    assert edits[0] is True, edits  # the "2" of "12": drawn alone


def _glass_is_the_view_drawn_whole(vu, step) -> None:
    unit = vu.unit
    if not vu.parts.panel.display_on or unit.render_due(vu.clock.ms()):
        return
    view = unit.active.view()
    alert = unit.alert()
    if alert:
        view["message"] = alert
        view["error"] = True
    full = blank()
    render(full, view, dict(unit.status))
    for y in range(64):
        for x in range(128):
            assert vu.parts.panel.pixel(x, y) == full.pixel(x, y), (step, view, x, y)


SE_KEYS = ["0", "1", "2", "5", "7", "9", "bank_purchase", "sell", "buy_players", "interest",
           "offices", "start", "review", "total", "confirm", "cancel"]  # fmt: skip


@settings(max_examples=6, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(SE_KEYS),
            st.sampled_from(["12", "07", "150", "1000", "31"]),
        ),
        max_size=20,
    ),
)
def test_a_stock_exchange_game_shows_what_a_full_render_of_its_view_draws(steps) -> None:
    """The Stock Exchange's forms go to the panel as the windows of the regions they redrew
    (ui.render.show_drawn): after each step the glass equals the view drawn whole."""
    from host_sim.virtual_unit import VirtualUnit

    vu = VirtualUnit(edition="stock_exchange")
    try:
        for step in ["bank_purchase", "1", "2", "5", "cancel", "0", "3"] + steps:
            vu.type([step] if step in vu.keys else list(step))
            vu.advance(0.1)
            _glass_is_the_view_drawn_whole(vu, step)
    finally:
        vu.close()
