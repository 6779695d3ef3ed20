# What a screen reader hears of the Stock Exchange's screen (the page's aria-live region, through
# bridge.state()): what the screen means, worded from the edition's view and market, not the
# glass's strings ("01-05 · H · C · D · S · I · B · 01 · 9 · --" says nothing read aloud). The
# market screen turns to the next side every few seconds and a form's active value blinks:
# neither is news, so neither is in the words, and the region changes only when the meaning
# does: a company listed or its price moved, a company chosen by its code, a form's field
# typed, its question, a message. The card editions' screens are words already: the page reads
# their strings (bridge.screen()).
from editions.stock_exchange.market import TOKENS

OFFICE_WORDS = ("no offices", "1 office", "2 offices", "3 offices", "4 offices", "a head office")


def company(market, code: int) -> str:
    """One company as its market row shows it: "06 price 140, up; President CAR; shares: CAR
    5, bank 4; 1 office", or "06 not listed; bank 9 shares"."""
    bank = market.bank_shares(code)
    president = market.president[code]
    if president < 0:
        return "%02d not listed; bank %d shares" % (code, bank)
    trend = market.trend[code]
    sign = (trend > 0) - (trend < 0)
    words = "%02d price %d%s" % (code, market.share_price(code), _TRENDS[sign])
    held = market.holdings[code]
    holders = ["%s %d" % (TOKENS[t], held[t]) for t in range(len(TOKENS)) if held[t]]
    words += "; President %s; shares: %s, bank %d" % (TOKENS[president], ", ".join(holders), bank)
    return words + "; " + OFFICE_WORDS[min(market.offices[code], 5)]


_TRENDS = ("", ", up", ", down")  # by trend's sign: 0, 1, -1


def spoken(edition, view: dict, notice: str = "") -> str:
    """The words for the Stock Exchange's `view` (edition.view()); notice: the unit's alert or
    notice, shown where the view has no message. "" while the screen is dark."""
    if not view.get("display_on", True):
        return ""
    message = view.get("message") or notice
    screen = view.get("screen")
    if screen == "market":
        words = ["MARKET"]
        typed = view.get("typed") or ""
        selected = view.get("selected") or 0
        market = edition.market
        if typed:
            words.append("Code typed: %s, one digit more" % typed)
        elif selected:
            words.append(company(market, selected))
        else:
            listed = [c for c in range(1, 23) if market.president[c] >= 0]
            if listed:
                prices = ["%02d at %d" % (c, market.share_price(c)) for c in listed]
                words.append("Listed: " + ", ".join(prices))
            else:
                words.append("No company listed yet")
            words.append("Type a code to hear a company")
        if message:
            words.append(message)
        return ". ".join(words)
    if screen == "total":
        totals = view.get("totals") or ()
        values = ["%s %d" % (_token(t), value) for t, value in totals]
        return ". ".join(["TOTAL", ", ".join(values)] + ([message] if message else []))
    if screen == "ask":
        words = [view.get("title") or "", view.get("detail") or ""]
        return ". ".join([w for w in words + [view.get("note") or "", message] if w])
    return _form(view, message, screen == "review")


def _token(token) -> str:
    return token if isinstance(token, str) else TOKENS[token]


def _form(view: dict, message: str, review: bool) -> str:
    """A form being typed (its fields, what it costs, its question) or REVIEW's transaction."""
    title = view.get("title") or ""
    words = ["REVIEW: " + title if review else title]
    if message:
        words.append(message)
    fields = view.get("fields") or ()
    active = view.get("active", -1)
    shown = []
    for index in range(len(fields)):
        label, value = fields[index]
        if "-" in value and value.strip("-") == "":
            value = "to type"
        elif value.endswith("-"):
            value = "%s, one digit more" % value.rstrip("-")
        shown.append("%s %s" % (label, value))
    if shown:
        words.append(", ".join(shown))
    amount = view.get("amount")
    if amount is not None:
        sign = view.get("sign") or ""
        words.append({"-": "Pays %d", "+": "Gets %d"}.get(sign, "Amount %d") % amount)
    if view.get("note"):
        words.append(view["note"])
    if not review:
        if 0 <= active < len(fields):
            words.append("ENTER " + fields[active][0])
        else:
            words.append("CONFIRM OR CANCEL")
    return ". ".join(words)
