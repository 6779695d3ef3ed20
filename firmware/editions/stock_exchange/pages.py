# The Stock Exchange's screens that a game needs seldom, loaded on first use: a mode object,
# Screens, that the edition makes with its screens() and hands the views of REVIEW, TOTAL and
# ASK, the holds of REMOVE and NEWGAME, the questions they ask (the ASK screen's keys: CONFIRM
# or CANCEL) and the refusal of a hold let go too soon. Its state stays on the edition (screen,
# question, last, review); it acts through the edition's public names only. Also the records
# that are not the market's (REVIEW's, the cards another edition enrolled), replayed at boot.
from editions.stock_exchange.forms import (
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
    START,
    TITLE_INTRO,
    TITLES,
    TOKEN,
    TRANSACTIONS,
    signed,
)
from editions.stock_exchange.market import TOKENS

ASK_KEYS = "CONFIRM / CANCEL"
TITLE_TOTAL = "TOTAL"
MSG_HOLD = "HOLD %s SECONDS"  # the hold time (settings: HOLD MS), in seconds
NOTE_EARLIER = "%d BEFORE LAST"  # REVIEW stepped back (no total: it would read the game)


def restore_other(ed, record: tuple) -> None:
    """A record that is not the market's: REVIEW's screen, or a card another edition enrolled
    (kept for a unit switched back to a card edition)."""
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
    else:
        raise ValueError("unknown record")


class Screens:
    """REVIEW, TOTAL and ASK (the questions REMOVE's and NEWGAME's holds ask)."""

    def __init__(self, ed) -> None:
        self.ed = ed

    def view(self, view: dict) -> None:
        """TOTAL (each player in play and what they are worth), a question, or REVIEW (the last
        transaction, or the one `review.page` steps back)."""
        ed = self.ed
        # The screen's name as view()["screen"] gives it to editions.stock_exchange.draw, which
        # reads the same names (editions.stock_exchange.edition's SHOW_TOTAL and ASK: that module
        # is not imported).
        screen = ed.screen
        if screen == "total":
            view["title"] = TITLE_TOTAL
            totals = ed.market.totals()
            in_play = ed.market.in_play
            view["totals"] = tuple((t, totals[t]) for t in range(len(TOKENS)) if in_play[t])
            return
        if screen == "ask":
            view["title"] = ed.question
            view["detail"] = ASK_KEYS
            quote = ed.quote
            note = ""
            if quote is not None and quote.refund:  # removing a player who held a monopoly
                note = NOTE_REFUND % (TOKENS[quote.refund_to], quote.refund)
            view["note"] = note
            return
        record = ed.last
        refund = ed.last_refund  # any transaction that broke a monopoly (a buy can, too)
        refund_to = ed.last_refund_to
        review = ed.review
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
            note = NOTE_EARLIER % back
        view["note"] = note

    def held(self, key: str, now: int) -> None:
        """REMOVE or NEWGAME held long_press_ms on the market screen."""
        ed = self.ed
        ed.typed = ""
        if key == REMOVE:
            ed.cue("key")
            ed.open_form(REMOVE, now)
        else:
            ed.ask(ASK_NEW_GAME)

    def key(self, key: str, now: int) -> None:
        """CONFIRM or CANCEL on the ASK screen."""
        ed = self.ed
        if key == CANCEL:
            ed.cue("cancel")
            ed.to_market(now)
        elif key != CONFIRM:
            ed.refuse(MSG_CONFIRM_OR_CANCEL)
        elif ed.question == ASK_NEW_GAME:
            ed.cue("key")
            ed.propose([("se_new",)], ed.confirmed)
        elif ed.quote is not None:
            ed.cue("key")
            ed.propose([("se_remove", ed.values[0], ed.quote.refund)], ed.confirmed)

    def too_soon(self) -> None:
        """REMOVE or NEWGAME let go before its hold: HOLD n SECONDS, the hold time in force
        rounded up to a tenth of a second."""
        ed = self.ed
        tenths = (ed.long_press_ms + 99) // 100
        if tenths % 10:
            ed.refuse(MSG_HOLD % ("%d.%d" % (tenths // 10, tenths % 10)))
        elif tenths == 10:
            ed.refuse("HOLD 1 SECOND")
        else:
            ed.refuse(MSG_HOLD % (tenths // 10))
