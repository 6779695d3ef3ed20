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

# The keys of a view the drawer reads (editions.stock_exchange.draw and pieces), copied into one
# kept dict: nothing allocated per render but the texts a lookup makes and a fields tuple that
# changed.
_KEYS = const(
    (
        "screen", "title", "sound", "message", "error", "side", "rows", "selected", "typed",
        "fields", "active", "blink", "amount", "sign", "note", "totals", "detail",
    )
)  # fmt: skip
_TOKEN_LETTERS = const("HCDSIB")  # the market header's token columns (pieces' letters)
_REVIEW_TAG = const("REVIEW")  # REVIEW's message line when it has no message (draw's tag)
_MARKET = const("market")  # the screens, as view["screen"] names them (forms.py)
_REVIEW = const("review")

# The language the kept texts are in; the English fields tuple last translated and its
# translation (a form hands out the same tuple while its fields are unchanged); the view and
# the status handed to the drawer. (One list: each global is a name in the chip's pool.)
_kept: list = [None, None, (), {}, {}]


def view(shown: dict, status, lang) -> tuple:
    """(view, status) as the drawer takes them, the texts of `shown` (a view) and `status` in
    `lang` (a ui.lang.Table). The returned dicts are kept and rewritten by the next call; the
    caller's are not changed. (Its names, and its parameters', are ones the chip's pool holds
    already: a French unit carries as few more as can be.)"""
    kept = _kept
    if kept[0] is not lang:
        kept[0] = lang
        kept[1] = None
    translate = lang  # (the table's call: its cache)
    out = kept[3]
    for key in _KEYS:
        out[key] = shown.get(key)
    if out["screen"] == _MARKET:  # (its title is not drawn: the header shows the side)
        out["tokens"] = translate(_TOKEN_LETTERS)
    elif out["title"]:
        out["title"] = translate(out["title"])
    for key in ("message", "note", "detail"):
        text = out[key]
        if text:
            out[key] = translate(text)
    fields = out["fields"]
    if fields:
        if fields is not kept[1]:
            kept[1] = fields
            # a label, or a value beginning with a letter (a token's name), through the table:
            # codes, counts and prices are not looked up
            kept[2] = tuple(
                (
                    translate(f[0]) if f[0] >= "A" else f[0],
                    translate(f[1]) if f[1] >= "A" else f[1],
                )
                for f in fields
            )
        out["fields"] = kept[2]
    totals = out["totals"]
    if totals:
        out["totals"] = tuple(
            (translate(TOKENS[t] if not isinstance(t, str) else t), value) for t, value in totals
        )
    notice = status.get("notice") if status else None
    if notice:
        told = kept[4]
        for key in status:
            told[key] = status[key]
        told["notice"] = translate(notice)
        status = told
    elif out["screen"] == _REVIEW and not out["message"]:
        out["message"] = translate(_REVIEW_TAG)  # drawn as the drawer draws its tag
        out["error"] = False
    return out, status
