# The Stock Exchange central computer as an event-driven state machine: keys, screens, records.
#
# The market screen is the edition's own; a form (editions.stock_exchange.forms) and the seldom
# pages (REVIEW, TOTAL, a question: editions.stock_exchange.pages) are modes on its stack
# (StateMachine.modes, rules.modes' contract), each owning its fields: the top one answers the
# keys, the tick and the view. The edition pushes and pops them itself (rules.modes' open_mode
# is an append): importing that module for it would cost the chip a module at boot, or a
# lookup of its dotted name at each transaction's keys.
#
# Inputs: key_down/key_up (logical key, ticks ms) and tick; card events are ignored. Outputs:
# view() as plain data, take_cues() and `outbox`: records the shell makes durable and then
# acknowledge()s. Nothing a record changes reaches the Market, the screen or a cue before
# acknowledge(True): write-ahead as in editions/electronic_banking/edition.py.
#
# Decisions the rulebook leaves open:
# - INTEREST for the company's President is refused at the code ("PRESIDENT PAYS NONE"):
#   nothing is owed, so no record is made.
# - NEW GAME asks "NEW GAME?" (CONFIRM / CANCEL) after the hold: a guard the unit adds.
# - An introduction shows the list price in a PRICE field that stays active: digits typed
#   there replace it with the auction's winning bid (0: nobody bid, free introduction).
# - After CONFIRM the market screen shows the company's side with the company selected.
# - A trade's amount is None on the screen (agreed off-unit).
from compat.const import const
from compat.ticks import ticks_diff
from editions.stock_exchange.forms import (
    ASK,
    MARKET,
    REVIEW_RECORD,
    SHOW_REVIEW,
    SHOW_TOTAL,
    TITLES,
    TRANSACTIONS,
    Form,
    code_key,
    is_digit,
)
from editions.stock_exchange.market import SIDES, TOKENS, Market
from rules.keys import (  # the 5x5 keymap in boards/keymaps.py
    CANCEL,
    CONFIRM,
    NEWGAME,
    ONOFF,
    REMOVE,
    REVIEW,
    TOTAL,
)
from rules.machine import StateMachine

_MSG_NOTHING_TO_REVIEW = const("NO TRANSACTION YET")
MSG_KEY_NOT_USED = "KEY NOT USED HERE"
MSG_NEW_GAME = "NEW GAME"
_MSG_REMOVED = const("%s REMOVED")


def _tuples(record) -> tuple:
    """A record as stored may come back with lists where it had tuples (JSON)."""
    return tuple(tuple(item) if isinstance(item, list) else item for item in record)


class StockExchange(StateMachine):
    name = "stock_exchange"
    uses_cards = False
    standby_ms = 300000  # rulebook: standby after 5 minutes without use
    long_press_ms = 2000  # REMOVE and NEWGAME must be held this long
    confirm_ms = 15000  # NEW GAME? or REMOVE ...? unanswered this long: cancelled, as elsewhere
    scroll_ms = 4000  # each market screen (side) shows this long
    select_ms = 15000  # a company typed on the market screen holds its side this long
    blink_ms = 400  # the active field's flash phase
    message_ms = 2500  # how long a message stays

    def __init__(self, market: Market | None = None) -> None:
        StateMachine.__init__(self)
        self.market = market if market is not None else Market()
        self.sound_on = True
        self.effects: tuple = ()  # what the records just made durable did (cues follow)
        # The market screen (no mode open).
        self.side = 0
        self.side_at = 0  # when the side last changed (scrolling restarts from here)
        self.selected = 0
        self.selected_at = 0
        self.typed = ""  # the first digit of a code typed on the market screen
        # The form, a mode made once (a form opens at most keys apart: nothing made then).
        self.form = Form(self)
        # The last confirmed transaction (REVIEW), who received its refund (-1 none) and the
        # refund: the offices it force-sold, at half cost.
        self.last: tuple | None = None
        self.last_refund_to = -1
        self.last_refund = 0
        # Cards enrolled in a card edition (card id -> player number), and the Banker's deed
        # tags (their records, in order): this edition has no use for them, but keeps them in
        # its snapshot so that a unit switched back to a card edition still knows its cards and
        # deeds (app.config carries them into that edition's new game).
        self.kept_cards: dict = {}
        self.kept: list = []

    # ---- persistence hand-off -------------------------------------------------------------

    def restore(self, record: tuple) -> None:
        """Replay one stored record at boot (no cues, no screen change)."""
        self._replay(record)

    def _replay(self, record) -> tuple:
        record = _tuples(record)
        kind = record[0]
        if kind == REVIEW_RECORD or not isinstance(kind, str) or not kind.startswith("se_"):
            # REVIEW's, or a record another edition wrote (its cards and tags), or a ValueError
            from editions.stock_exchange import pages

            pages.restore_other(self, record)
            return ()
        effects = self.market.apply(record)
        if kind in TRANSACTIONS:
            self.last = record
            self.last_refund_to = -1
            self.last_refund = 0
            for effect in effects:
                if effect[0] == "liquidated":
                    self.last_refund_to = effect[2]
                    self.last_refund += effect[3]
        elif kind == "se_new":
            self.last = None
            self.last_refund_to = -1
            self.last_refund = 0
        return effects

    def snapshot_records(self) -> list:
        """The whole state as records: restore() of these on a fresh edition rebuilds it."""
        records = self.market.state_records()
        for card in self.kept_cards:
            records.append(("card", card, self.kept_cards[card]))
        records += self.kept
        if self.last is not None:
            records.append((REVIEW_RECORD, self.last_refund_to, self.last_refund) + self.last)
        return records

    def applied(self, records: list) -> None:
        """(A refused record leaves the form or question as it was: CONFIRM again, or CANCEL.)"""
        for record in records:
            self.effects = self._replay(record)  # what confirmed cues

    def view(self) -> dict:
        """What the screen shows, as plain data for ui.render and the simulator."""
        view = {
            "display_on": self.awake,
            "sound": self.sound_on,
            "message": self.message,
            "error": self.message_is_error,
            "screen": MARKET,  # or the mode's
            "title": "",
        }
        modes = self.modes
        if modes:
            modes[-1].view(view)  # the form, REVIEW, TOTAL or a question
        else:
            self._market_view(view)
        return view

    def _market_view(self, view: dict) -> None:
        market = self.market
        first, last = SIDES[self.side]
        rows = []
        for code in range(first, last + 1):
            rows.append(
                (
                    code,
                    market.offices[code],
                    market.bank_shares(code),
                    tuple(market.holdings[code]),
                    market.president[code],
                    market.share_price(code),  # 0 while unlisted
                    market.trend[code],
                )
            )
        view["title"] = "MARKET %02d-%02d" % (first, last)
        view["side"] = self.side
        view["rows"] = tuple(rows)
        view["selected"] = self.selected
        view["typed"] = self.typed

    # ---- events ----------------------------------------------------------------------------

    def card_present(self, slot: int, card_id: str, now: int) -> None:
        self._check_idle()  # this edition has no card readers: nothing happens

    def card_gone(self, slot: int, now: int) -> None:
        self._check_idle()

    def tick(self, now: int) -> None:
        if self.outbox:
            return
        if not self.started:
            self.started = True  # ticks need not start near 0 (a simulator, a warm reboot)
            self.last_activity = now
            self.side_at = now
        if not self.awake:
            return  # standby: nothing moves, so the unit wakes on the very same screen
        self.tick_hold(now)
        self.tick_message(now)
        modes = self.modes
        if modes:
            modes[-1].tick(now)  # a form's flash, a question's time
        else:
            self._tick_market(now)
        self.tick_standby(now)

    def _tick_market(self, now: int) -> None:
        if self.selected or self.typed:
            if ticks_diff(now, self.selected_at) < self.select_ms:
                return
            self.selected = 0
            self.typed = ""
            self.side_at = now
            self.view_changed()
        if ticks_diff(now, self.side_at) >= self.scroll_ms:
            self.side = (self.side + 1) % len(SIDES)
            self.side_at = now
            self.view_changed()

    def asleep(self) -> None:
        pass  # standby keeps the screen as it is, a half-typed form included

    def woken(self, now: int) -> None:
        self.side_at = now  # the unit wakes on the very same screen, its timers restarted
        self.selected_at = now
        form = self.form
        form.blink = True
        form.blink_at = now

    def press(self, key: str, now: int) -> None:
        if key == ONOFF:
            self.sleep()
            return
        modes = self.modes
        if modes:  # no key is held in a mode: the release does nothing
            self.held_key = None
            modes[-1].press(key, now)
            return
        if key in (REMOVE, NEWGAME):
            return  # acts after long_press_ms (held), or is refused on an early release
        self.held_key = None  # only REMOVE and NEWGAME are held: the release does nothing
        self._market_key(key, now)

    def release(self, key: str, now: int) -> None:
        from editions.stock_exchange import pages

        pages.too_soon(self)  # REMOVE or NEWGAME let go too soon: HOLD n SECONDS

    def hold_ms(self, key: str) -> int:
        return self.long_press_ms  # only the market screen's REMOVE and NEWGAME stay held_key

    def held(self, key: str, now: int) -> None:
        from editions.stock_exchange import pages

        pages.held(self, key, now)  # REMOVE's form, or NEW GAME?

    def open_page(self, screen: str, question: str = "", quote=None, record=None) -> None:
        """REVIEW, TOTAL or a question (ASK), as a mode (editions.stock_exchange.pages, loaded
        on first use)."""
        from editions.stock_exchange.pages import SeldomPage

        self.modes.append(SeldomPage(self, screen, question, quote, record))
        self.view_changed()

    # ---- market screens --------------------------------------------------------------------

    def to_market(self, now: int) -> None:
        """Every mode popped and closed: the market screen."""
        self.typed = ""
        self.side_at = now
        modes = self.modes
        while modes:
            modes.pop().closed()
        self.view_changed()

    def _select(self, code: int, now: int) -> None:
        for side in range(len(SIDES)):
            if SIDES[side][0] <= code <= SIDES[side][1]:
                self.side = side
        self.selected = code
        self.selected_at = now
        self.side_at = now

    def _market_key(self, key: str, now: int) -> None:
        if is_digit(key):
            typed = self.typed
            self.typed = ""
            code = code_key(self, typed, key)
            if code == 0:
                self.typed = key
                self.selected_at = now  # scrolling waits while a code is typed
                self.view_changed()
            elif code > 0:
                self._select(code, now)
                self.view_changed()
        elif key == CONFIRM:
            self.cue("key")
            self.side = (self.side + 1) % len(SIDES)
            self.side_at = now
            self.selected = 0
            self.typed = ""
            self.view_changed()
        elif key == CANCEL:
            self.cue("cancel")
            self.selected = 0
            self.typed = ""
            self.side_at = now
            self.view_changed()
        elif key == TOTAL:
            self.cue("key")
            self.typed = ""
            self.open_page(SHOW_TOTAL)
        elif key == REVIEW:
            if self.last is None:
                self.refuse(_MSG_NOTHING_TO_REVIEW)
                return
            self.cue("key")
            self.typed = ""
            self.open_page(SHOW_REVIEW)
        elif key in TITLES:
            self.cue("key")
            self.typed = ""
            self.open_form(key, now)
        else:
            self.refuse(MSG_KEY_NOT_USED)

    # ---- forms -----------------------------------------------------------------------------

    def open_form(self, kind: str, now: int) -> None:
        form = self.form
        form.open(kind, now)  # (its first field's activation is the view's change)
        self.modes.append(form)

    # ---- questions -------------------------------------------------------------------------

    def ask(self, question: str, quote=None, record=None) -> None:
        """A question on the ASK screen (NEW GAME?, REMOVE ...?): CONFIRM proposes `record`
        (NEW GAME's: ("se_new",)); `quote`: REMOVE's, whose refund the screen notes."""
        self.message = ""
        self.cue("confirm")
        self.open_page(ASK, question, quote, record)

    # ---- after acknowledge(True) -----------------------------------------------------------

    def confirmed(self, record: tuple) -> None:
        effects = self.effects
        self.effects = ()
        now = self.last_activity
        kind = record[0]
        self.to_market(now)
        if kind == "se_new":
            self.side = 0
            self.selected = 0
            self.show_message(MSG_NEW_GAME, False)
            self.cue("new_game")
            return
        if kind == "se_remove":
            self.show_message(_MSG_REMOVED % TOKENS[record[1]], False)
        code = 0
        if kind == "se_intro" or kind == "se_buy" or kind == "se_sell" or kind == "se_interest":
            code = record[2]
        elif kind == "se_trade":
            code = record[3]
        elif kind == "se_offices":
            code = record[1]
        if code:
            self._select(code, now)
        self.cue("done")  # then the effects, the most important last
        kinds = [effect[0] for effect in effects]
        if "president" in kinds:
            self.cue("president")
        if "monopoly" in kinds:
            self.cue("monopoly")
        if "liquidated" in kinds:
            self.cue("liquidated")
