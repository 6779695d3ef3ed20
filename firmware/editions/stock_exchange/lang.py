# The Stock Exchange's screens in a language other than English: a view's texts through the table.
#
# editions.stock_exchange.draw's MarketDrawer hands a view here before it draws it, only when
# ui.render's Screen gave it a language (ui.lang.Table): an English unit never loads this
# module. The drawer then compares and draws the translated texts. What is translated: the
# title (a form's, TOTAL, a question), the message line (the market header's too) and the
# shell's notice, a form's or REVIEW's field labels and token names, the note, a question's
# keys (detail), TOTAL's token names, the market header's token columns, REVIEW's tag.
# Amounts, company codes and digits typed go as they are.
from compat.const import const
from editions.stock_exchange.market import TOKENS

# The keys of a view the drawer reads (editions.stock_exchange.draw and pieces).
_KEYS = const(
    (
        "screen", "title", "sound", "message", "error", "side", "rows", "selected", "typed",
        "fields", "active", "blink", "amount", "sign", "note", "totals", "detail",
    )
)  # fmt: skip
# The texts a digit key brings to a form, looked up when the first form opens (a key that is
# not a digit), not by that key, and kept: the introduction's title, the field labels (forms.py's),
# the token names (market.py's TOKENS, the values of a token's field). The table keeps its last
# 24 lines only, which the other screens' texts push out.
_BROUGHT = const(
    (
        "INTRODUCTION", "TOKEN", "BUYER", "SELLER", "CODE", "SHARES", "PRICE",
        "HAT", "CAR", "DOG", "SHOE", "IRON", "BOAT",
    )
)  # fmt: skip
# An introduction's note (forms.py's "LIST PRICE %d", shown by the first digit of a bid): its
# translation with 0 for the price, asked for with _BROUGHT, is kept without its 0 when the
# price ends it, and a price's note is made from it (the table looks up a line with a number
# each time it is asked: about 0.8 ms for that digit). Each new str costs the chip about 0.2 ms
# (made, then looked up among the interned ones): the note is made as one, not cut and joined.
_LIST_PRICE = const("LIST PRICE ")
_LIST_PRICE_0 = const("LIST PRICE 0")
# The lines kept with their translation (the last one seen: a line the same as the last
# render's is not looked up again, a str compare in C), in _kept's order.
_LINES = const(("title", "message", "note", "detail"))
_TOKEN_LETTERS = const("HCDSIB")  # the market header's token columns (pieces' letters)
_REVIEW_TAG = const("REVIEW")  # REVIEW's message line when it has no message (draw's tag)
_MARKET = const("market")  # the screens, as view["screen"] names them (forms.py)
_REVIEW = const("review")

# What is kept from one view to the next (one list: each global is a name in the chip's pool):
# 0 the table; 1 the view handed to the drawer and 2 the status (dicts rewritten in place:
# nothing allocated); 3 _BROUGHT's translations (a dict, once a form has opened); 4 the last
# view's screen; 5 the header's token columns translated; 6-13 the title, message, note and
# detail last seen in English and their translation; 14-15 the fields tuple last seen and its
# translation; 16 the list price's note translated, the text before its price (or None).
_SAID = const(3)
_SCREEN = const(4)
_LINE = const(6)
_FIELDS = const(14)
_NOTE = const(16)
_kept: list = [None]


def view(shown: dict, status, lang) -> tuple:
    """(view, status) as the drawer takes them, the texts of `shown` (a view) and `status` in
    `lang` (a ui.lang.Table). The returned dicts are kept and rewritten by the next call; the
    caller's are not changed. (Its names, and its parameters', are ones the chip's pool holds
    already: a French unit carries as few more as can be.)"""
    kept = _kept
    if kept[0] is not lang:  # (the first view, or another table: nothing kept holds)
        kept[:] = [lang, {}, {}] + [None] * 14
    translate = lang  # (the table's call: its cache)
    out = kept[1]
    screen = shown.get("screen")
    if screen != kept[_SCREEN]:  # (a screen's views all have the same keys)
        if screen != _MARKET and kept[_SAID] is None:  # (about 10 ms, once)
            said = kept[_SAID] = {}
            for text in _BROUGHT:
                said[text] = translate(text)
            note = translate(_LIST_PRICE_0)
            if note.endswith(" 0"):  # (the price last, as in English: the text before it)
                kept[_NOTE] = note[:-1]
        kept[_SCREEN] = screen
        for key in _KEYS:  # (a key the view lacks is not the last screen's)
            out[key] = None
    out.update(shown)  # (in C; the keys are there already: nothing allocated)
    said = kept[_SAID]
    notice = status.get("notice") if status else None
    if notice:
        told = kept[2]
        told.update(status)
        told["notice"] = translate(notice)
        status = told
    if screen == _MARKET:
        if kept[5] is None:
            kept[5] = translate(_TOKEN_LETTERS)
        out["tokens"] = kept[5]
        out["title"] = ""  # (not drawn: the header shows the side)
    elif screen == _REVIEW and not notice and not out["message"]:
        out["message"] = _REVIEW_TAG  # drawn as the drawer draws its tag
        out["error"] = False
    at = _LINE
    for key in _LINES:
        text = out[key]
        if text:
            if text != kept[at]:
                kept[at] = text
                if said and text in said:
                    kept[at + 1] = said[text]
                elif kept[_NOTE] and text.startswith(_LIST_PRICE):
                    kept[at + 1] = text.replace(_LIST_PRICE, kept[_NOTE], 1)  # (one new str)
                else:
                    kept[at + 1] = translate(text)
            out[key] = kept[at + 1]
        at += 2
    fields = out["fields"]
    if fields:
        if fields is not kept[_FIELDS]:
            # the labels and token names (values with letters) as _BROUGHT's translations say
            # (tests/host/test_market_screens_host.py checks it has every one); codes, counts
            # and prices as they are
            get = said.get
            kept[_FIELDS] = fields
            kept[_FIELDS + 1] = tuple(
                [(get(label, label), get(value, value)) for label, value in fields]
            )
        out["fields"] = kept[_FIELDS + 1]
    totals = out["totals"]
    if totals:
        out["totals"] = tuple(
            (translate(TOKENS[t] if not isinstance(t, str) else t), value) for t, value in totals
        )
    return out, status
