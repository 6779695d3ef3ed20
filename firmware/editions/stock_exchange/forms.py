# The Stock Exchange's form: a mode on the edition's stack (rules.modes) while a transaction's
# fields are typed one after the other (tokens, a company's code, a count or a price; an
# OFFICES form's levels), checked with the market as each is complete, CONFIRM proposing the
# transaction's record. It owns its fields (kind, labels, values, partial, active, quote,
# blink ...) and acts on the edition through its public names only. Also what the edition's
# other screens share with it: titles, field labels, messages and the screens' names.
from compat.const import const
from compat.ticks import ticks_diff
from editions.stock_exchange.market import TOKENS, MarketError
from editions.stock_exchange.prices import LIST_PRICE
from rules.keys import (  # the 5x5 keymap in boards/keymaps.py
    BANK,
    BUYP,
    CANCEL,
    CONFIRM,
    DIGITS,
    INTEREST,
    OFFICES,
    REMOVE,
    SELL,
    START,
)

# The screens, as view()["screen"] names them (editions.stock_exchange.draw reads the same).
MARKET = "market"
_FORM = const("form")
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
ASK_NEW_GAME = "NEW GAME?"  # the questions a hold asks (editions.stock_exchange.pages)
ASK_REMOVE = "REMOVE %s?"

# Field labels. A token field takes one key 1-6; CODE two digits; SHARES one digit; PRICE up
# to PRICE_DIGITS digits; an OFFICES field is labelled with its company's code, one digit 0-5.
TOKEN = "TOKEN"
BUYER = "BUYER"
SELLER = "SELLER"
CODE = "CODE"
SHARES = "SHARES"
PRICE = "PRICE"
_PRICE_DIGITS = const(4)

_MSG_TOKEN_KEYS = const("TOKEN: KEYS 1 TO 6")
_MSG_CODE_RANGE = const("CODE: 01 TO 22")
_MSG_BUY_COUNT = const("BUY 1 OR 2 SHARES")
_MSG_COUNT = const("SHARES: 1 TO 9")
_MSG_LEVEL = const("OFFICES: 0 TO 5")
_MSG_PRICE_DIGITS = const("PRICE: 4 DIGITS MAX")
_MSG_SAME_TOKEN = const("BUYER IS THE SELLER")
_MSG_PRESIDENT_PAYS_NONE = const("PRESIDENT PAYS NONE")
_MSG_NOT_A_MONOPOLY = const("NOT A MONOPOLY")
_MSG_ENTER = const("ENTER %s")
MSG_CONFIRM_OR_CANCEL = "CONFIRM OR CANCEL"
_MSG_CANCEL_FIRST = const("CANCEL FIRST")
NOTE_REFUND = "REFUND TO %s %d"
_NOTE_LIST_PRICE = const("LIST PRICE %d")

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

# What a field shows, as constants: on the chip every str a view builds ("%02d" % code, str(n))
# is looked up among the interned strings (about 0.14 ms each), so views pick these instead.
DIGIT_TEXTS = tuple(DIGITS)  # the digit keys' names: interned strings, none made here
# Company codes as a field shows them, and each company's list price (the PRICE field's value
# when the introduction opens: editions.stock_exchange.prices' LIST_PRICE, written out, as the
# tests check). Each new text here is looked up once as the module loads (at build_unit, about 0.14
# ms each): the LIST PRICE notes (16 more) would cost more boot than they save the bid's first
# digit.
CODE_TEXTS = ("00", "01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11",
              "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22")  # fmt: skip
LIST_PRICE_TEXTS = ("0", "60", "60", "100", "100", "120", "140", "140", "160", "180", "180",
                    "200", "220", "220", "240", "260", "260", "280", "300", "300", "320", "350",
                    "400")  # fmt: skip
FIRST_CODE_DIGITS = {"0": "0-", "1": "1-", "2": "2-"}  # a code's first digit typed


def is_digit(key: str) -> bool:
    return len(key) == 1 and key in DIGITS


def signed(net: int) -> tuple:
    """(amount, sign, note) of a net cost (positive) or return (negative)."""
    if net > 0:
        return net, "-", ""
    if net < 0:
        return -net, "+", ""
    return 0, "", ""


def code_key(ed, typed: str, key: str) -> int:
    """One digit of a company's two-digit code (01 to 22), `typed` the first digit or "": the
    code once both are in, 0 while the first waits for the second, -1 when refused (the edition
    has sounded and shown the refusal). The market screen and the forms both type codes."""
    if not typed:
        if key not in "012":
            ed.refuse(_MSG_CODE_RANGE)
            return -1
        ed.cue("key")
        return 0
    code = int(typed) * 10 + int(key)  # (typed + key would be another str to look up)
    if not 1 <= code <= 22:
        ed.refuse(_MSG_CODE_RANGE)
        return -1
    ed.cue("key")
    return code


def no_hold(mode, key: str, now: int = 0) -> bool:
    """A mode's release, held and hold_ms: no key is held in it (the edition's press lets go
    of every key but the market screen's REMOVE and NEWGAME), so none is answered."""
    return False


class Form:
    """The form being entered, a mode (rules.modes' contract, without its class as a base:
    forms is loaded at boot, that module is not): made once with the edition, opened on its
    stack by the edition's open_form(), popped by its to_market()."""

    release = held = hold_ms = no_hold

    def __init__(self, machine) -> None:
        self.machine = machine
        # Its kind (a key name), labels and values (ints or None).
        self.kind = ""
        self.labels: list = []
        self.values: list = []
        self.partial = ""  # digits typed into the active CODE or PRICE field so far
        self.active = -1
        self.quote = None  # once every field is known (not for OFFICES)
        self.list_price = 0  # an introduction's price before any bid is typed
        self.blink = True  # the active field's flash phase
        self.blink_at = 0
        self.offices_code = 0  # the code typed on an OFFICES form
        # The last view's title, fields ((label, shown) each), amount, sign and note (0-4);
        # the last list price noted and its note (5-6); what the view was made of (7-13):
        # kind (None: nothing yet), labels and values (copies), active field, digits typed,
        # quote, list price. A view of a form that did not change hands out the same objects
        # (editions.stock_exchange.draw then skips the field lines). One list: every attribute
        # of the form is another dict entry on a small heap, and a fuller dict slows each
        # method looked up on the form.
        self._kept: list = ["", (), None, "", "", -1, "", None, None, None, -1, "", None, 0]

    def view(self, view: dict) -> None:
        kept = self._kept
        if (
            self.active != kept[10]
            or self.partial != kept[11]
            or self.values != kept[9]
            or self.labels != kept[8]
            or self.kind != kept[7]
            or self.quote is not kept[12]
            or self.list_price != kept[13]
        ):
            self._make()
        view["screen"] = _FORM
        view["title"] = kept[0]
        view["fields"] = kept[1]
        view["active"] = self.active
        view["blink"] = self.blink
        view["amount"] = kept[2]
        view["sign"] = kept[3]
        view["note"] = kept[4]

    def _make(self) -> None:
        """What view() shows, from the form as it is now (it changed). Within one form the
        market stays as it is (records apply after CONFIRM, and the form closes): open()
        forgets what was made, since another form of the same fields may price differently."""
        kind = self.kind
        labels = self.labels
        kept = self._kept
        kept[7] = kind
        kept[8] = labels[:]
        kept[9] = self.values[:]
        kept[10] = self.active
        kept[11] = self.partial
        kept[12] = self.quote
        kept[13] = self.list_price
        kept[0] = TITLE_INTRO if kind == BANK and PRICE in labels else TITLES[kind]
        shown = self._shown
        count = len(labels)
        if count == 2:  # written out, the usual counts: a generator is a third dearer
            kept[1] = ((labels[0], shown(0)), (labels[1], shown(1)))
        elif count == 3:
            kept[1] = ((labels[0], shown(0)), (labels[1], shown(1)), (labels[2], shown(2)))
        else:
            kept[1] = tuple((labels[index], shown(index)) for index in range(count))
        kept[2], kept[3], kept[4] = self._amount()

    def _shown(self, index: int) -> str:
        """A field's value as the screen shows it; "-" per digit still to come."""
        label = self.labels[index]
        value = self.values[index]
        if label == CODE:
            if value is not None:
                return CODE_TEXTS[value] if 0 <= value < len(CODE_TEXTS) else "%02d" % value
            if index == self.active and self.partial:
                return FIRST_CODE_DIGITS.get(self.partial) or self.partial + "-"
            return "--"
        if index == self.active and self.partial:
            return self.partial  # PRICE being typed
        if value is None:
            return "-"
        if label in (TOKEN, BUYER, SELLER):
            return TOKENS[value]
        if label == PRICE and value == self.list_price and self.labels[index - 1] == CODE:
            return LIST_PRICE_TEXTS[self.values[index - 1]]  # the price the form opened with
        return DIGIT_TEXTS[value] if 0 <= value <= 9 else str(value)

    def _amount(self) -> tuple:
        """(amount or None, sign, note) of the form being entered."""
        kind = self.kind
        if kind == OFFICES:
            if self.active >= 0 or self.labels[0] == CODE:
                return None, "", ""
            return signed(self._offices_net())
        if kind == BANK and PRICE in self.labels:
            paid = self.values[2]
            note = ""
            if paid != self.list_price:
                kept = self._kept  # the list price's note: made once per introduction
                if kept[5] != self.list_price:
                    kept[6] = _NOTE_LIST_PRICE % self.list_price
                    kept[5] = self.list_price
                note = kept[6]
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

    def open(self, kind: str, now: int) -> None:
        """A new form of `kind` (a key name), its first field active: the edition opens it on
        its stack then (screen FORM)."""
        self.kind = kind
        self._kept[7] = None  # made anew: the market may have moved since the last form
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
        self.activate(0, now)

    def activate(self, index: int, now: int) -> None:
        ed = self.machine
        self.active = index
        self.partial = ""
        self.blink = True  # the new field shows at once, then flashes
        self.blink_at = now
        ed.view_changed()

    def press(self, key: str, now: int) -> bool:
        if is_digit(key):
            self._digit(key, now)
        elif key == CONFIRM:
            self._confirm(now)
        elif key == CANCEL:
            ed = self.machine
            ed.cue("cancel")
            ed.to_market(now)
        else:
            self.machine.refuse(_MSG_CANCEL_FIRST)
        return True

    def tick(self, now: int) -> None:
        """The active field flashes, blink_ms a phase."""
        if self.active >= 0 and ticks_diff(now, self.blink_at) >= self.machine.blink_ms:
            self.blink = not self.blink
            self.blink_at = now
            self.machine.view_changed()

    def closed(self) -> None:
        """Popped (CANCEL, a transaction confirmed, a question answered): the quote goes."""
        self.kind = ""
        self.quote = None

    def _digit(self, key: str, now: int) -> None:
        ed = self.machine
        index = self.active
        if index < 0:
            if self.kind != OFFICES:
                ed.refuse(MSG_CONFIRM_OR_CANCEL)
                return
            index = 0  # retyping the levels from the group's first company
            self.active = 0
        label = self.labels[index]
        digit = int(key)
        if label in (TOKEN, BUYER, SELLER):
            if not 1 <= digit <= len(TOKENS):
                ed.refuse(_MSG_TOKEN_KEYS)
                return
            if label == SELLER and digit - 1 == self.values[0]:
                ed.refuse(_MSG_SAME_TOKEN)
                return
            ed.cue("key")
            self._set(index, digit - 1, now)
        elif label == CODE:
            typed = self.partial
            self.partial = ""
            code = code_key(ed, typed, key)
            if code == 0:
                self.partial = key
                self._typed(now)
            elif code > 0:
                self._set(index, code, now)
        elif label == SHARES:
            most = 2 if self.kind == BANK else 9
            if not 1 <= digit <= most:
                ed.refuse(_MSG_BUY_COUNT if self.kind == BANK else _MSG_COUNT)
                return
            ed.cue("key")
            self._set(index, digit, now)
        elif label == PRICE:
            if len(self.partial) >= _PRICE_DIGITS:
                ed.refuse(_MSG_PRICE_DIGITS)
                return
            ed.cue("key")
            self.partial += key
            self.values[index] = int(self.partial)
            self._typed(now)
        else:  # an OFFICES level: 0..4 offices, 5 = a head office
            if digit > 5:
                ed.refuse(_MSG_LEVEL)
                return
            ed.cue("key")
            self._set(index, digit, now)

    def _typed(self, now: int) -> None:
        """A digit typed into the active field, which stays active: it shows at once (typed in
        the flash's hidden phase, it would show only at the next phase), then flashes from
        now on. The flash's next frame then comes a phase after the key's own."""
        self.blink = True
        self.blink_at = now
        self.machine.view_changed()

    def _set(self, index: int, value: int, now: int) -> None:
        """A field is complete: check it where the market can, then move to the next one."""
        ed = self.machine
        values = self.values
        labels = self.labels
        values[index] = value
        problem = self._field_problem(index)
        if problem is not None:
            if self.labels is labels:
                values[index] = None
            ed.refuse(problem)
            self.activate(index, now)  # stays on this field: type it again, or CANCEL
            return
        if self.labels is not labels:  # OFFICES: the group's fields replaced the code
            self.activate(0, now)
            return
        if index + 1 < len(self.labels):
            self.activate(index + 1, now)
        elif self.kind == BANK and self.labels[index] == PRICE:
            self.activate(index, now)
        else:
            self.activate(-1, now)

    def _field_problem(self, index: int) -> str | None:
        """Asks the market about the fields typed so far; adds the fields that follow."""
        ed = self.machine
        kind = self.kind
        label = self.labels[index]
        values = self.values
        market = ed.market
        try:
            if kind == OFFICES:
                if label == CODE:
                    code = values[0]
                    if not market.has_monopoly(code):
                        return _MSG_NOT_A_MONOPOLY
                    group = market.group_of(code)
                    self.offices_code = code
                    self.labels = [CODE_TEXTS[c] for c in group]
                    self.values = [market.offices[c] for c in group]
                return None
            if label != CODE and label != SHARES and index + 1 < len(self.labels):
                return None  # a token with fields still to come
            if kind == START:
                self.quote = market.quote_dividend(values[0])
            elif kind == REMOVE:
                quote = self.quote = market.quote_remove(values[0])
                ed.ask(
                    ASK_REMOVE % TOKENS[values[0]], quote, ("se_remove", values[0], quote.refund)
                )
            elif kind == INTEREST:
                token, code = values[0], values[1]
                quote = market.quote_interest(token, code)
                if market.president[code] == token:
                    return _MSG_PRESIDENT_PAYS_NONE
                self.quote = quote
            elif kind == BANK and label == CODE:
                token, code = values[0], values[1]
                if market.is_listed(code):
                    market.quote_buy(token, code, 1)  # refuses now what any count would
                    self.labels.append(SHARES)
                    self.values.append(None)
                else:
                    # Introduced at its list price unless the bid replaces it; CONFIRM quotes
                    # the bid. The token and the code are valid (the keys were checked) and
                    # the company unlisted, so quote_introduce() would refuse nothing here,
                    # and its move (about 1 ms on the chip) is not simulated for the price.
                    self.quote = None
                    self.list_price = LIST_PRICE[code]
                    self.labels.append(PRICE)
                    self.values.append(LIST_PRICE[code])
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
        ed = self.machine
        values = self.values
        if self.kind == BANK:
            return ed.market.quote_buy(values[0], values[1], count)
        if self.kind == SELL:
            return ed.market.quote_sell(values[0], values[1], count)
        return ed.market.quote_trade(values[0], values[1], values[2], count)

    def _offices_net(self) -> int:
        """What the typed levels cost (positive) or return (negative), as the market prices
        them; even building and the bank's stock are checked only at CONFIRM."""
        ed = self.machine
        market = ed.market
        group = market.group_of(self.offices_code)
        net = 0
        for i in range(len(group)):
            code = group[i]
            cost = market.office_cost(code)
            change = self.values[i] - market.offices[code]
            net += change * cost if change > 0 else change * cost // 2
        return net

    def _confirm(self, now: int) -> None:
        ed = self.machine
        kind = self.kind
        values = self.values
        if self.active >= 0 and not (kind == BANK and PRICE in self.labels):
            label = self.labels[self.active]
            ed.refuse(_MSG_ENTER % (label if label[0] not in DIGITS else OFFICES))
            return
        market = ed.market
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
            ed.refuse(error.args[0])
            if kind == OFFICES:
                self.activate(0, now)  # correct the levels from the first company
            return
        ed.cue("key")
        ed.propose([record], ed.confirmed)
