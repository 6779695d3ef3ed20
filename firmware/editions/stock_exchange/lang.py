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

_view: dict = {}
_status: dict = {}
# The language the kept texts are in; the English fields tuple last translated and its
# translation (a form hands out the same tuple while its fields are unchanged).
_kept: list = [None, None, ()]


def view(english: dict, status, language) -> tuple:
    """(view, status) as the drawer takes them, the texts of `english` (a view) and `status` in
    `language` (a ui.lang.Table). The returned dicts are kept and rewritten by the next call;
    the caller's are not changed. (Named view, in a module named lang: names the chip's pool
    holds already, so ui.render's call to it adds none that an English unit would carry.)"""
    kept = _kept
    if kept[0] is not language:
        kept[0] = language
        kept[1] = None
    translate = language.translate
    out = _view
    for key in _KEYS:
        out[key] = english.get(key)
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
            kept[2] = tuple((_word(translate, f[0]), _word(translate, f[1])) for f in fields)
        out["fields"] = kept[2]
    totals = out["totals"]
    if totals:
        out["totals"] = tuple(
            (translate(TOKENS[t] if not isinstance(t, str) else t), value) for t, value in totals
        )
    notice = status.get("notice") if status else None
    if notice:
        for key in status:
            _status[key] = status[key]
        _status["notice"] = translate(notice)
        status = _status
    elif out["screen"] == _REVIEW and not out["message"]:
        out["message"] = translate(_REVIEW_TAG)  # drawn as the drawer draws its tag
        out["error"] = False
    return out, status


def _word(translate, text: str) -> str:
    """A field's label or value through the table when it begins with a letter (a label, a
    token's name): codes, counts and prices are not looked up."""
    return translate(text) if text >= "A" else text
