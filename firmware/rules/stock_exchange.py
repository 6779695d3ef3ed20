# The Stock Exchange central computer as an event-driven state machine: keys, screens, records.
#
# Inputs: key_down/key_up (logical key, ticks ms) and tick; card events are ignored. Outputs:
# view() as plain data, take_cues() and `outbox`: records the shell makes durable and then
# acknowledge()s. Nothing a record changes reaches the Market, the screen or a cue before
# acknowledge(True): write-ahead as in rules/electronic_banking.py.
#
# Decisions the rulebook leaves open:
# - INTEREST for the company's President is refused at the code ("PRESIDENT PAYS NONE"):
#   nothing is owed, so no record is made.
# - NEW GAME asks "NEW GAME?" (CONFIRM / CANCEL) after the hold: a guard the unit adds.
# - An introduction shows the list price in a PRICE field that stays active: digits typed
#   there replace it with the auction's winning bid (0: nobody bid, free introduction).
# - After CONFIRM the market screen shows the company's side with the company selected.
# - A trade's amount is None on the screen (agreed off-unit).
from rules.machine import StateMachine
from rules.stock_market import SIDES, TOKENS, Market, MarketError, Quote
from rules.ticks import ticks_diff

TYPE_CHECKING = False
if TYPE_CHECKING:
    from rules.history import Review

# Logical key names (the 5x5 keymap in boards/keymaps.py).
BANK = "BANK"
SELL = "SELL"
BUYP = "BUYP"
INTEREST = "INTEREST"
START = "START"
OFFICES = "OFFICES"
REVIEW = "REVIEW"
TOTAL = "TOTAL"
CONFIRM = "CONFIRM"
CANCEL = "CANCEL"
ONOFF = "ONOFF"
REMOVE = "REMOVE"
NEWGAME = "NEWGAME"
DIGITS = "0123456789"

# Screens (view()["screen"]).
MARKET = "market"
FORM = "form"
SHOW_REVIEW = "review"
SHOW_TOTAL = "total"
ASK = "ask"

TITLES = {
    BANK: "BANK PURCHASE",
    SELL: "SELL",
    BUYP: "BUY PLAYERS",
    INTEREST: "INTEREST",
    START: "START",
    OFFICES: "OFFICES",
    REMOVE: "REMOVE A PLAYER",
}
TITLE_INTRO = "INTRODUCTION"
TITLE_TOTAL = "TOTAL"
ASK_NEW_GAME = "NEW GAME?"
ASK_REMOVE = "REMOVE %s?"
ASK_KEYS = "CONFIRM / CANCEL"

# Field labels. A token field takes one key 1-6; CODE two digits; SHARES one digit; PRICE up
# to PRICE_DIGITS digits; an OFFICES field is labelled with its company's code, one digit 0-5.
TOKEN = "TOKEN"
BUYER = "BUYER"
SELLER = "SELLER"
CODE = "CODE"
SHARES = "SHARES"
PRICE = "PRICE"
PRICE_DIGITS = 4

MSG_HOLD = "HOLD %s SECONDS"  # the hold time (settings: HOLD MS), in seconds
MSG_TOKEN_KEYS = "TOKEN: KEYS 1 TO 6"
MSG_CODE_RANGE = "CODE: 01 TO 22"
MSG_BUY_COUNT = "BUY 1 OR 2 SHARES"
MSG_COUNT = "SHARES: 1 TO 9"
MSG_LEVEL = "OFFICES: 0 TO 5"
MSG_PRICE_DIGITS = "PRICE: 4 DIGITS MAX"
MSG_SAME_TOKEN = "BUYER IS THE SELLER"
MSG_PRESIDENT_PAYS_NONE = "PRESIDENT PAYS NONE"
MSG_NOT_A_MONOPOLY = "NOT A MONOPOLY"
MSG_ENTER = "ENTER %s"
MSG_CONFIRM_OR_CANCEL = "CONFIRM OR CANCEL"
MSG_CANCEL_FIRST = "CANCEL FIRST"
MSG_NOTHING_TO_REVIEW = "NO TRANSACTION YET"
MSG_NOT_CONFIRMED = "NOT CONFIRMED"  # a question left unanswered for confirm_ms
MSG_KEY_NOT_USED = "KEY NOT USED HERE"
MSG_NEW_GAME = "NEW GAME"
MSG_REMOVED = "%s REMOVED"
NOTE_REFUND = "REFUND TO %s %d"
NOTE_EARLIER = "EARLIER %d/%d"  # REVIEW stepped back: this transaction's place, newest 1
NOTE_LIST_PRICE = "LIST PRICE %d"

TRANSACTIONS = (
    "se_intro",
    "se_buy",
    "se_sell",
    "se_trade",
    "se_interest",
    "se_start",
    "se_offices",
    "se_remove",
)
REVIEW_RECORD = "se_review"  # ("se_review", refund_to, refund, *transaction): REVIEW's screen


def _is_digit(key: str) -> bool:
    return len(key) == 1 and key in DIGITS


def _tuples(record) -> tuple:
    """A record as stored may come back with lists where it had tuples (JSON)."""
    return tuple(tuple(item) if isinstance(item, list) else item for item in record)


class StockExchange(StateMachine):
    name = "stock_exchange"
    uses_cards = False
    standby_ms = 300000  # rulebook: standby after 5 minutes without use
    journal = None  # set by the shell: a callable giving the journal's (seq, record), in order
    long_press_ms = 2000  # REMOVE and NEWGAME must be held this long
    confirm_ms = 15000  # NEW GAME? or REMOVE ...? unanswered this long: cancelled, as elsewhere
    scroll_ms = 4000  # each market screen (side) shows this long
    select_ms = 15000  # a company typed on the market screen holds its side this long
    blink_ms = 400  # the active field's flash phase
    message_ms = 2500  # how long a message stays

    def __init__(self, market: Market | None = None) -> None:
        self.market = market if market is not None else Market()
        self.sound_on = True
        self.version = 0
        self.cues: list = []
        self.outbox: list = []
        self.awake = True
        self.started = False
        self.last_activity = 0
        self.swallowed_key: str | None = None
        self.held_key: str | None = None
        self.held_since = 0
        self.long_press_done = False
        self.message = ""
        self.message_is_error = False
        self.message_at = 0
        self.screen = MARKET
        # Market screens.
        self.side = 0
        self.side_at = 0  # when the side last changed (scrolling restarts from here)
        self.selected = 0
        self.selected_at = 0
        self.typed = ""  # the first digit of a code typed on the market screen
        # The form being entered: its kind (a key name), labels and values (ints or None).
        self.kind = ""
        self.labels: list = []
        self.values: list = []
        self.partial = ""  # digits typed into the active CODE or PRICE field so far
        self.active = -1
        self.quote: Quote | None = None  # once every field is known (not for OFFICES)
        self.list_price = 0  # an introduction's price before any bid is typed
        self.blink = True
        self.blink_at = 0
        self.offices_code = 0  # the code typed on an OFFICES form
        self.question = ""  # ASK_NEW_GAME or ASK_REMOVE on the "ask" screen
        # The last confirmed transaction (REVIEW), who received its refund (-1 none) and the
        # refund: the offices it force-sold, at half cost.
        self.last: tuple | None = None
        self.last_refund_to = -1
        self.last_refund = 0
        # Cards enrolled in a card edition (card id -> player number): this edition has no use
        # for them, but keeps them in its snapshot so that a unit switched back to a card
        # edition still knows its cards (app.unit carries them into that edition's new game).
        self.kept_cards: dict = {}
        # REVIEW pressed again steps back (rules.history.Review): how far, and what it read.
        self.review_back = 0
        self.review: Review | None = None

    # ---- persistence hand-off -------------------------------------------------------------

    def restore(self, record: tuple) -> None:
        """Replay one stored record at boot (no cues, no screen change)."""
        self._replay(record)

    def _replay(self, record) -> tuple:
        record = _tuples(record)
        kind = record[0]
        if kind == REVIEW_RECORD:
            if len(record) < 5 or record[3] not in TRANSACTIONS:
                raise ValueError("bad review record")
            self.last = record[3:]
            self.last_refund_to = record[1]
            self.last_refund = record[2]
            return ()
        if kind == "card" and len(record) == 3:
            self.kept_cards[record[1]] = record[2]
            return ()
        if kind == "uncard" and len(record) == 2:
            for card in [c for c in self.kept_cards if self.kept_cards[c] == record[1]]:
                del self.kept_cards[card]
            return ()
        if not isinstance(kind, str) or not kind.startswith("se_"):
            raise ValueError("unknown record")
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
        if self.last is not None:
            records.append((REVIEW_RECORD, self.last_refund_to, self.last_refund) + self.last)
        return records

    def acknowledge(self, durable: bool, problem: str = "STORAGE FAILED") -> None:
        """The shell stored the outbox (durable=True) or could not (nothing is applied)."""
        records = self.outbox
        self.outbox = []
        if not records:
            return
        if not durable:
            self._refuse(problem)  # the form or question stays: CONFIRM again, or CANCEL
            return
        effects: tuple = ()
        for record in records:
            effects = self._replay(record)
        self._confirmed(records[-1], effects)
        self._changed()

    def _propose(self, record: tuple) -> None:
        if self.outbox:
            raise RuntimeError("previous record not acknowledged")
        self.outbox.append(record)

    def view(self) -> dict:
        """What the screen shows, as plain data for ui.render and the simulator."""
        view = {
            "display_on": self.awake,
            "sound": self.sound_on,
            "message": self.message,
            "error": self.message_is_error,
            "screen": self.screen,
            "title": "",
        }
        screen = self.screen
        if screen == MARKET:
            self._market_view(view)
        elif screen == FORM:
            self._form_view(view)
        elif screen == SHOW_REVIEW:
            self._review_view(view)
        elif screen == SHOW_TOTAL:
            view["title"] = TITLE_TOTAL
            totals = self.market.totals()
            in_play = self.market.in_play
            view["totals"] = tuple((t, totals[t]) for t in range(len(TOKENS)) if in_play[t])
        else:
            view["title"] = self.question
            view["detail"] = ASK_KEYS
            quote = self.quote
            note = ""
            if quote is not None and quote.refund:  # removing a player who held a monopoly
                note = NOTE_REFUND % (TOKENS[quote.refund_to], quote.refund)
            view["note"] = note
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

    def _form_view(self, view: dict) -> None:
        kind = self.kind
        view["title"] = TITLE_INTRO if kind == BANK and PRICE in self.labels else TITLES[kind]
        fields = []
        for index in range(len(self.labels)):
            fields.append((self.labels[index], self._shown(index)))
        view["fields"] = tuple(fields)
        view["active"] = self.active
        view["blink"] = self.blink
        amount, sign, note = self._form_amount()
        view["amount"] = amount
        view["sign"] = sign
        view["note"] = note

    def _shown(self, index: int) -> str:
        """A field's value as the screen shows it; "-" per digit still to come."""
        label = self.labels[index]
        value = self.values[index]
        if label == CODE:
            if value is not None:
                return "%02d" % value
            if index == self.active and self.partial:
                return self.partial + "-"
            return "--"
        if index == self.active and self.partial:
            return self.partial  # PRICE being typed
        if value is None:
            return "-"
        if label in (TOKEN, BUYER, SELLER):
            return TOKENS[value]
        return str(value)

    def _form_amount(self) -> tuple:
        """(amount or None, sign, note) of the form being entered."""
        kind = self.kind
        if kind == OFFICES:
            if self.active >= 0 or self.labels[0] == CODE:
                return None, "", ""
            return self._signed(self._offices_net())
        if kind == BANK and PRICE in self.labels:
            paid = self.values[2]
            note = NOTE_LIST_PRICE % self.list_price if paid != self.list_price else ""
            return paid, "-" if paid else "", note
        quote = self.quote
        if quote is None:
            return None, "", ""
        note = ""
        if quote.refund:
            note = NOTE_REFUND % (TOKENS[quote.refund_to], quote.refund)
        if kind == BUYP:
            return None, "", note
        if kind in (SELL, START):
            return quote.amount, "+", note
        return quote.amount, "-", note

    @staticmethod
    def _signed(net: int) -> tuple:
        if net > 0:
            return net, "-", ""
        if net < 0:
            return -net, "+", ""
        return 0, "", ""

    def _review_older(self) -> None:
        """REVIEW on the REVIEW screen: the transaction before the one shown (the journal keeps
        them; nothing is written). Its refund note is not kept: only the last one has it."""
        from rules.history import MSG_OLDEST, Review

        back = self.review_back + 1
        try:
            if self.review is None:
                self.review = Review(self.journal, TRANSACTIONS)
            if back >= self.review.count:
                self._refuse(MSG_OLDEST)
                return
            self.review.entry(back)
        except OSError:
            self._refuse("STORAGE FAILED")
            return
        self.review_back = back
        self._cue("key")
        self._changed()

    def _review_view(self, view: dict) -> None:
        record = self.last
        refund = self.last_refund  # any transaction that broke a monopoly (a buy can, too)
        refund_to = self.last_refund_to
        back = self.review_back
        if back and self.review is not None:
            record, refund = self.review.entry(back), 0
        if record is None:  # not reachable: REVIEW is refused without a transaction
            return
        kind = record[0]
        note = ""
        amount: int | None = None
        sign = ""
        fields: tuple
        title = TITLES[REMOVE]
        if kind == "se_intro":
            title = TITLE_INTRO
            fields = ((TOKEN, TOKENS[record[1]]), (CODE, "%02d" % record[2]), (PRICE, record[3]))
            amount, sign = record[3], "-" if record[3] else ""
        elif kind == "se_buy" or kind == "se_sell":
            title = TITLES[BANK] if kind == "se_buy" else TITLES[SELL]
            fields = ((TOKEN, TOKENS[record[1]]), (CODE, "%02d" % record[2]), (SHARES, record[3]))
            amount, sign = record[4], "-" if kind == "se_buy" else "+"
        elif kind == "se_trade":
            title = TITLES[BUYP]
            fields = (
                (BUYER, TOKENS[record[1]]),
                (SELLER, TOKENS[record[2]]),
                (CODE, "%02d" % record[3]),
                (SHARES, record[4]),
            )
        elif kind == "se_interest":
            title = TITLES[INTEREST]
            fields = ((TOKEN, TOKENS[record[1]]), (CODE, "%02d" % record[2]))
            amount, sign = record[3], "-"
        elif kind == "se_start":
            title = TITLES[START]
            fields = ((TOKEN, TOKENS[record[1]]),)
            amount, sign = record[2], "+"
        elif kind == "se_offices":
            title = TITLES[OFFICES]
            group = self.market.group_of(record[1])
            fields = tuple(("%02d" % group[i], record[2][i]) for i in range(len(group)))
            amount, sign, _ = self._signed(record[3])
        else:  # se_remove
            fields = ((TOKEN, TOKENS[record[1]]),)
            amount, sign = record[2], "+" if record[2] else ""
        view["title"] = title
        view["fields"] = tuple((label, str(value)) for label, value in fields)
        view["active"] = -1
        view["blink"] = True
        view["amount"] = amount
        view["sign"] = sign
        if refund and refund_to >= 0:
            note = NOTE_REFUND % (TOKENS[refund_to], refund)
        elif back and self.review is not None:
            note = NOTE_EARLIER % (back + 1, self.review.count)
        view["note"] = note

    # ---- events ----------------------------------------------------------------------------

    def card_present(self, slot: int, card_id: str, now: int) -> None:
        self._check_idle()  # this edition has no card readers: nothing happens

    def card_gone(self, slot: int, now: int) -> None:
        self._check_idle()

    def _activity(self, now: int) -> None:
        self.started = True
        self.last_activity = now
        if self.message:
            self.message = ""
            self.message_is_error = False
            self._changed()

    def tick(self, now: int) -> None:
        if self.outbox:
            return
        if not self.started:
            self.started = True  # ticks need not start near 0 (a simulator, a warm reboot)
            self.last_activity = now
            self.side_at = now
        if not self.awake:
            return  # standby: nothing moves, so the unit wakes on the very same screen
        if self.held_key is not None and not self.long_press_done:
            self._check_long_press(now)
        if self.message and ticks_diff(now, self.message_at) >= self.message_ms:
            self.message = ""
            self.message_is_error = False
            self._changed()
        if self.screen == MARKET:
            self._tick_market(now)
        elif self.screen == ASK and ticks_diff(now, self.last_activity) >= self.confirm_ms:
            self._to_market(now)  # an unanswered question changes nothing
            self.message = MSG_NOT_CONFIRMED
            self.message_is_error = False
            self.message_at = now
        elif (
            self.screen == FORM
            and self.active >= 0
            and ticks_diff(now, self.blink_at) >= self.blink_ms
        ):
            self.blink = not self.blink
            self.blink_at = now
            self._changed()
        if ticks_diff(now, self.last_activity) >= self.standby_ms:
            self._sleep()

    def _tick_market(self, now: int) -> None:
        if self.selected or self.typed:
            if ticks_diff(now, self.selected_at) < self.select_ms:
                return
            self.selected = 0
            self.typed = ""
            self.side_at = now
            self._changed()
        if ticks_diff(now, self.side_at) >= self.scroll_ms:
            self.side = (self.side + 1) % len(SIDES)
            self.side_at = now
            self._changed()

    def _sleep(self) -> None:
        self.awake = False
        self.held_key = None
        self._changed()

    def key_down(self, key: str, now: int) -> None:
        self._check_idle()
        if not self.awake:
            self.awake = True  # the key that wakes the unit does nothing else
            self.swallowed_key = key
            self.last_activity = now
            self.side_at = now
            self.selected_at = now
            self.blink = True
            self.blink_at = now
            self._changed()
            return
        self._activity(now)
        self.held_key = None  # another key ends a hold in progress
        if key == ONOFF:
            self._sleep()
            return
        if key in (REMOVE, NEWGAME) and self.screen == MARKET:
            self.held_key = key  # acts after long_press_ms, or is refused on an early release
            self.held_since = now
            self.long_press_done = False
            return
        if self.screen == MARKET:
            self._market_key(key, now)
        elif self.screen == FORM:
            self._form_key(key, now)
        elif self.screen == ASK:
            self._ask_key(key, now)
        elif key == REVIEW and self.screen == SHOW_REVIEW:
            self._review_older()
        elif key in (CONFIRM, CANCEL):  # REVIEW and TOTAL screens
            self._cue("key" if key == CONFIRM else "cancel")
            self._to_market(now)
        else:
            self._refuse(MSG_CONFIRM_OR_CANCEL)

    def key_up(self, key: str, now: int) -> None:
        self._check_idle()
        if key == self.swallowed_key:
            self.swallowed_key = None
            return
        if key != self.held_key:
            return
        if not self.long_press_done:
            self._check_long_press(now)  # released before a tick noticed the hold
        self.held_key = None
        self.last_activity = now
        if not self.long_press_done:
            self._refuse(self._hold_message())

    def _hold_message(self) -> str:
        """HOLD n SECONDS for the hold time in force, rounded up to a tenth of a second."""
        tenths = (self.long_press_ms + 99) // 100
        if tenths % 10:
            return MSG_HOLD % ("%d.%d" % (tenths // 10, tenths % 10))
        if tenths == 10:
            return "HOLD 1 SECOND"
        return MSG_HOLD % (tenths // 10)

    def _check_long_press(self, now: int) -> None:
        if ticks_diff(now, self.held_since) < self.long_press_ms:
            return
        self.long_press_done = True
        self.last_activity = now
        self.typed = ""
        if self.held_key == REMOVE:
            self._cue("key")
            self._open(REMOVE, now)
        else:
            self._ask(ASK_NEW_GAME)

    # ---- market screens --------------------------------------------------------------------

    def _to_market(self, now: int) -> None:
        self.screen = MARKET
        self.kind = ""
        self.quote = None
        self.question = ""
        self.typed = ""
        self.side_at = now
        self._changed()

    def _select(self, code: int, now: int) -> None:
        for side in range(len(SIDES)):
            if SIDES[side][0] <= code <= SIDES[side][1]:
                self.side = side
        self.selected = code
        self.selected_at = now
        self.side_at = now

    def _market_key(self, key: str, now: int) -> None:
        if _is_digit(key):
            if not self.typed:
                if key not in "012":
                    self._refuse(MSG_CODE_RANGE)
                    return
                self._cue("key")
                self.typed = key
                self.selected_at = now  # scrolling waits while a code is typed
                self._changed()
                return
            code = int(self.typed + key)
            self.typed = ""
            if not 1 <= code <= 22:
                self._refuse(MSG_CODE_RANGE)
                return
            self._cue("key")
            self._select(code, now)
            self._changed()
        elif key == CONFIRM:
            self._cue("key")
            self.side = (self.side + 1) % len(SIDES)
            self.side_at = now
            self.selected = 0
            self.typed = ""
            self._changed()
        elif key == CANCEL:
            self._cue("cancel")
            self.selected = 0
            self.typed = ""
            self.side_at = now
            self._changed()
        elif key == TOTAL:
            self._cue("key")
            self.screen = SHOW_TOTAL
            self.typed = ""
            self._changed()
        elif key == REVIEW:
            if self.last is None:
                self._refuse(MSG_NOTHING_TO_REVIEW)
                return
            self._cue("key")
            self.screen = SHOW_REVIEW
            self.review_back = 0
            self.review = None
            self.typed = ""
            self._changed()
        elif key in TITLES:
            self._cue("key")
            self.typed = ""
            self._open(key, now)
        else:
            self._refuse(MSG_KEY_NOT_USED)

    # ---- forms -----------------------------------------------------------------------------

    def _open(self, kind: str, now: int) -> None:
        self.screen = FORM
        self.kind = kind
        if kind == BUYP:
            self.labels = [BUYER, SELLER]
        elif kind == OFFICES:
            self.labels = [CODE]
        else:
            self.labels = [TOKEN]
        if kind != START and kind != REMOVE and kind != OFFICES:
            self.labels.append(CODE)
        self.values = [None] * len(self.labels)
        self.partial = ""
        self.quote = None
        self.list_price = 0
        self._activate(0, now)

    def _activate(self, index: int, now: int) -> None:
        self.active = index
        self.partial = ""
        self.blink = True  # the new field shows at once, then flashes
        self.blink_at = now
        self._changed()

    def _form_key(self, key: str, now: int) -> None:
        if _is_digit(key):
            self._form_digit(key, now)
        elif key == CONFIRM:
            self._confirm_form(now)
        elif key == CANCEL:
            self._cue("cancel")
            self._to_market(now)
        else:
            self._refuse(MSG_CANCEL_FIRST)

    def _form_digit(self, key: str, now: int) -> None:
        index = self.active
        if index < 0:
            if self.kind != OFFICES:
                self._refuse(MSG_CONFIRM_OR_CANCEL)
                return
            index = 0  # retyping the levels from the group's first company
            self.active = 0
        label = self.labels[index]
        digit = int(key)
        if label in (TOKEN, BUYER, SELLER):
            if not 1 <= digit <= len(TOKENS):
                self._refuse(MSG_TOKEN_KEYS)
                return
            if label == SELLER and digit - 1 == self.values[0]:
                self._refuse(MSG_SAME_TOKEN)
                return
            self._cue("key")
            self._set(index, digit - 1, now)
        elif label == CODE:
            if not self.partial:
                if key not in "012":
                    self._refuse(MSG_CODE_RANGE)
                    return
                self._cue("key")
                self.partial = key
                self._changed()
                return
            code = int(self.partial + key)
            self.partial = ""
            if not 1 <= code <= 22:
                self._refuse(MSG_CODE_RANGE)
                return
            self._cue("key")
            self._set(index, code, now)
        elif label == SHARES:
            most = 2 if self.kind == BANK else 9
            if not 1 <= digit <= most:
                self._refuse(MSG_BUY_COUNT if self.kind == BANK else MSG_COUNT)
                return
            self._cue("key")
            self._set(index, digit, now)
        elif label == PRICE:
            if len(self.partial) >= PRICE_DIGITS:
                self._refuse(MSG_PRICE_DIGITS)
                return
            self._cue("key")
            self.partial += key
            self.values[index] = int(self.partial)
            self._changed()
        else:  # an OFFICES level: 0..4 offices, 5 = a head office
            if digit > 5:
                self._refuse(MSG_LEVEL)
                return
            self._cue("key")
            self._set(index, digit, now)

    def _set(self, index: int, value: int, now: int) -> None:
        """A field is complete: check it where the market can, then move to the next one."""
        values = self.values
        labels = self.labels
        values[index] = value
        problem = self._field_problem(index)
        if problem is not None:
            if self.labels is labels:
                values[index] = None
            self._refuse(problem)
            self._activate(index, now)  # stays on this field: type it again, or CANCEL
            return
        if self.labels is not labels:  # OFFICES: the group's fields replaced the code
            self._activate(0, now)
            return
        if index + 1 < len(self.labels):
            self._activate(index + 1, now)
        elif self.kind == BANK and self.labels[index] == PRICE:
            self._activate(index, now)
        else:
            self._activate(-1, now)

    def _field_problem(self, index: int) -> str | None:
        """Asks the market about the fields typed so far; adds the fields that follow."""
        kind = self.kind
        label = self.labels[index]
        values = self.values
        market = self.market
        try:
            if kind == OFFICES:
                if label == CODE:
                    code = values[0]
                    if not market.has_monopoly(code):
                        return MSG_NOT_A_MONOPOLY
                    group = market.group_of(code)
                    self.offices_code = code
                    self.labels = ["%02d" % c for c in group]
                    self.values = [market.offices[c] for c in group]
                return None
            if label != CODE and label != SHARES and index + 1 < len(self.labels):
                return None  # a token with fields still to come
            if kind == START:
                self.quote = market.quote_dividend(values[0])
            elif kind == REMOVE:
                self.quote = market.quote_remove(values[0])
                self._ask(ASK_REMOVE % TOKENS[values[0]])
            elif kind == INTEREST:
                token, code = values[0], values[1]
                quote = market.quote_interest(token, code)
                if market.president[code] == token:
                    return MSG_PRESIDENT_PAYS_NONE
                self.quote = quote
            elif kind == BANK and label == CODE:
                token, code = values[0], values[1]
                if market.is_listed(code):
                    market.quote_buy(token, code, 1)  # refuses now what any count would
                    self.labels.append(SHARES)
                    self.values.append(None)
                else:
                    quote = market.quote_introduce(token, code)
                    self.quote = quote
                    self.list_price = quote.amount
                    self.labels.append(PRICE)
                    self.values.append(quote.amount)
            elif label == CODE:  # SELL, BUYP: the count follows
                self._quote_count(1)
                self.quote = None
                self.labels.append(SHARES)
                self.values.append(None)
            elif label == SHARES:
                self.quote = self._quote_count(values[index])
        except MarketError as error:
            self.quote = None
            return error.args[0]
        return None

    def _quote_count(self, count: int):
        values = self.values
        if self.kind == BANK:
            return self.market.quote_buy(values[0], values[1], count)
        if self.kind == SELL:
            return self.market.quote_sell(values[0], values[1], count)
        return self.market.quote_trade(values[0], values[1], values[2], count)

    def _offices_net(self) -> int:
        """What the typed levels cost (positive) or return (negative), as the market prices
        them; even building and the bank's stock are checked only at CONFIRM."""
        market = self.market
        group = market.group_of(self.offices_code)
        net = 0
        for i in range(len(group)):
            code = group[i]
            cost = market.office_cost(code)
            change = self.values[i] - market.offices[code]
            net += change * cost if change > 0 else change * cost // 2
        return net

    def _confirm_form(self, now: int) -> None:
        kind = self.kind
        values = self.values
        if self.active >= 0 and not (kind == BANK and PRICE in self.labels):
            label = self.labels[self.active]
            self._refuse(MSG_ENTER % (label if label[0] not in DIGITS else OFFICES))
            return
        market = self.market
        try:
            if kind == OFFICES:
                levels = tuple(values)
                code = self.offices_code
                quote = market.quote_offices(code, levels)
                record: tuple = ("se_offices", code, levels, quote.amount)
            elif kind == BANK and PRICE in self.labels:
                quote = market.quote_introduce(values[0], values[1], values[2])
                record = ("se_intro", values[0], values[1], quote.amount)
            elif kind == BANK:
                quote = market.quote_buy(values[0], values[1], values[2])
                record = ("se_buy", values[0], values[1], values[2], quote.amount)
            elif kind == SELL:
                quote = market.quote_sell(values[0], values[1], values[2])
                record = ("se_sell", values[0], values[1], values[2], quote.amount, quote.refund)
            elif kind == BUYP:
                quote = market.quote_trade(values[0], values[1], values[2], values[3])
                record = ("se_trade", values[0], values[1], values[2], values[3], quote.refund)
            elif kind == INTEREST:
                quote = market.quote_interest(values[0], values[1])
                record = ("se_interest", values[0], values[1], quote.amount)
            else:  # START
                quote = market.quote_dividend(values[0])
                record = ("se_start", values[0], quote.amount)
        except MarketError as error:
            self._refuse(error.args[0])
            if kind == OFFICES:
                self._activate(0, now)  # correct the levels from the first company
            return
        self._cue("key")
        self._propose(record)

    # ---- questions -------------------------------------------------------------------------

    def _ask(self, question: str) -> None:
        self.screen = ASK
        self.question = question
        self.message = ""
        self._cue("confirm")
        self._changed()

    def _ask_key(self, key: str, now: int) -> None:
        if key == CANCEL:
            self._cue("cancel")
            self._to_market(now)
        elif key != CONFIRM:
            self._refuse(MSG_CONFIRM_OR_CANCEL)
        elif self.question == ASK_NEW_GAME:
            self._cue("key")
            self._propose(("se_new",))
        elif self.quote is not None:
            self._cue("key")
            self._propose(("se_remove", self.values[0], self.quote.refund))

    # ---- after acknowledge(True) -----------------------------------------------------------

    def _confirmed(self, record: tuple, effects: tuple) -> None:
        now = self.last_activity
        kind = record[0]
        self._to_market(now)
        if kind == "se_new":
            self.side = 0
            self.selected = 0
            self._show_message(MSG_NEW_GAME, False)
            self._cue("new_game")
            return
        if kind == "se_remove":
            self._show_message(MSG_REMOVED % TOKENS[record[1]], False)
        code = 0
        if kind == "se_intro" or kind == "se_buy" or kind == "se_sell" or kind == "se_interest":
            code = record[2]
        elif kind == "se_trade":
            code = record[3]
        elif kind == "se_offices":
            code = record[1]
        if code:
            self._select(code, now)
        self._cue("done")  # then the effects, the most important last
        kinds = [effect[0] for effect in effects]
        if "president" in kinds:
            self._cue("president")
        if "monopoly" in kinds:
            self._cue("monopoly")
        if "liquidated" in kinds:
            self._cue("liquidated")
