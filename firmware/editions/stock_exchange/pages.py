# The Stock Exchange's screens that a game needs seldom, loaded on first use: SeldomPage, a mode
# on the edition's stack (rules.modes) for REVIEW, TOTAL and ASK (the questions REMOVE's and
# NEWGAME's holds ask: CONFIRM or CANCEL), owning its fields (screen, question, quote, record,
# review); the holds themselves and the refusal of one let go too soon; and the records that
# are not the market's (REVIEW's, the cards another edition enrolled), replayed at boot. It
# acts through the edition's public names only; the last transaction is the edition's (a game
# record, in its snapshot).
from compat.const import const
from compat.ticks import ticks_diff
from editions.stock_exchange.forms import (
    ASK,
    ASK_NEW_GAME,
    BANK,
    BUYER,
    BUYP,
    CANCEL,
    CODE,
    CONFIRM,
    INTEREST,
    MSG_CONFIRM_OR_CANCEL,
    NOTE_REFUND,
    OFFICES,
    PRICE,
    REMOVE,
    REVIEW_RECORD,
    SELL,
    SELLER,
    SHARES,
    SHOW_REVIEW,
    SHOW_TOTAL,
    START,
    TITLE_INTRO,
    TITLES,
    TOKEN,
    TRANSACTIONS,
    no_hold,
    signed,
)
from editions.stock_exchange.market import TOKENS
from rules.keys import REVIEW

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from rules.history import Review

_ASK_KEYS = const("CONFIRM / CANCEL")
_TITLE_TOTAL = const("TOTAL")
_MSG_HOLD = const("HOLD %s SECONDS")  # the hold time (settings: HOLD MS), in seconds
_MSG_NOT_CONFIRMED = const("NOT CONFIRMED")  # a question left unanswered for confirm_ms
_KEPT = const(("deed_tag",))  # another edition's tags kept (rules.card_records' kinds)
_NOTE_EARLIER = const("%d BEFORE LAST")  # REVIEW stepped back (no total: it would read the game)


def restore_other(ed, record: tuple) -> None:
    """A record that is not the market's: REVIEW's screen, or a card or a deed's tag another
    edition enrolled (kept for a unit switched back to a card edition); ValueError for any
    other."""
    kind = record[0]
    if kind == REVIEW_RECORD:
        if len(record) < 5 or record[3] not in TRANSACTIONS:
            raise ValueError("bad review record")
        ed.last = record[3:]
        ed.last_refund_to = record[1]
        ed.last_refund = record[2]
    elif kind == "card" and len(record) == 3:
        ed.kept_cards[record[1]] = record[2]
    elif kind == "uncard" and len(record) == 2:
        for card in [c for c in ed.kept_cards if ed.kept_cards[c] == record[1]]:
            del ed.kept_cards[card]
    elif kind in _KEPT and len(record) == 3:
        ed.kept.append(record)  # the Banker's deed tags, as they are
    else:
        raise ValueError("unknown record")


class SeldomPage:
    """REVIEW, TOTAL or a question (ASK), a mode (rules.modes' contract): opened by the
    edition's open_page() on its stack, popped by its to_market() (CONFIRM or CANCEL, a
    question answered or left unanswered)."""

    release = held = hold_ms = no_hold

    def __init__(self, machine, screen: str, question: str = "", quote=None, record=None):
        self.machine = machine
        self.screen = screen  # SHOW_REVIEW, SHOW_TOTAL or ASK (view()["screen"])
        self.question = question  # ASK_NEW_GAME or ASK_REMOVE's on the ASK screen
        self.quote = quote  # REMOVE's (its refund is noted), else None
        self.record = record  # what CONFIRM proposes (REMOVE's; NEW GAME's is ("se_new",))
        # REVIEW pressed again steps back (rules.history.Review: its page, 0 the last one).
        self.review: Review | None = None

    def view(self, view: dict) -> None:
        """TOTAL (each player in play and what they are worth), a question, or REVIEW (the last
        transaction, or the one `review.page` steps back)."""
        ed = self.machine
        screen = view["screen"] = self.screen
        if screen == SHOW_TOTAL:
            view["title"] = _TITLE_TOTAL
            totals = ed.market.totals()
            in_play = ed.market.in_play
            view["totals"] = tuple((t, totals[t]) for t in range(len(TOKENS)) if in_play[t])
            return
        if screen == ASK:
            view["title"] = self.question
            view["detail"] = _ASK_KEYS
            quote = self.quote
            note = ""
            if quote is not None and quote.refund:  # removing a player who held a monopoly
                note = NOTE_REFUND % (TOKENS[quote.refund_to], quote.refund)
            view["note"] = note
            return
        record = ed.last
        refund = ed.last_refund  # any transaction that broke a monopoly (a buy can, too)
        refund_to = ed.last_refund_to
        review = self.review
        back = review.page if review is not None else 0
        if back:
            record, refund = review.entry(back), 0  # type: ignore[union-attr]  # back: not None
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
            group = ed.market.group_of(record[1])
            fields = tuple(("%02d" % group[i], record[2][i]) for i in range(len(group)))
            amount, sign, _ = signed(record[3])
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
        elif back:
            note = _NOTE_EARLIER % back
        view["note"] = note

    def press(self, key: str, now: int) -> bool:
        """CONFIRM or CANCEL (a question's answer, or back to the market screen); REVIEW again
        on the REVIEW screen steps back."""
        ed = self.machine
        screen = self.screen
        if screen == ASK:
            if key == CANCEL:
                ed.cue("cancel")
                ed.to_market(now)
            elif key != CONFIRM:
                ed.refuse(MSG_CONFIRM_OR_CANCEL)
            elif self.question == ASK_NEW_GAME:
                ed.cue("key")
                ed.propose([("se_new",)], ed.confirmed)
            elif self.record is not None:
                ed.cue("key")
                ed.propose([self.record], ed.confirmed)
        elif key == REVIEW and screen == SHOW_REVIEW:
            from rules import history  # loaded by the first step back

            history.review_older(ed, self, TRANSACTIONS)
        elif key in (CONFIRM, CANCEL):
            ed.cue("key" if key == CONFIRM else "cancel")
            ed.to_market(now)
        else:
            ed.refuse(MSG_CONFIRM_OR_CANCEL)
        return True

    def tick(self, now: int) -> None:
        """A question left unanswered for confirm_ms changes nothing: back to the market."""
        ed = self.machine
        if self.screen == ASK and ticks_diff(now, ed.last_activity) >= ed.confirm_ms:
            ed.to_market(now)
            ed.message = _MSG_NOT_CONFIRMED
            ed.message_is_error = False
            ed.message_at = now

    def closed(self) -> None:
        pass


def held(ed, key: str, now: int) -> None:
    """REMOVE or NEWGAME held long_press_ms on the market screen: REMOVE's form, or NEW GAME?"""
    ed.typed = ""
    if key == REMOVE:
        ed.cue("key")
        ed.open_form(REMOVE, now)
    else:
        ed.ask(ASK_NEW_GAME)


def too_soon(ed) -> None:
    """REMOVE or NEWGAME let go before its hold: HOLD n SECONDS, the hold time in force
    rounded up to a tenth of a second."""
    tenths = (ed.long_press_ms + 99) // 100
    if tenths % 10:
        ed.refuse(_MSG_HOLD % ("%d.%d" % (tenths // 10, tenths % 10)))
    elif tenths == 10:
        ed.refuse("HOLD 1 SECOND")
    else:
        ed.refuse(_MSG_HOLD % (tenths // 10))
