# What a screen reader hears of the Stock Exchange's screen (the page's aria-live region, through
# bridge.state()): what the screen means, worded from the edition's view and market, not the
# glass's strings ("01-05 · H · C · D · S · I · B · 01 · 9 · --" says nothing read aloud). The
# market screen turns to the next side every few seconds and a form's active value blinks:
# neither is news, so neither is in the words, and the region changes only when the meaning
# does: a company listed or its price moved, a company chosen by its code, a form's field
# typed, its question, a message. The card editions' screens are words already: the page reads
# their strings (bridge.screen()). On a unit in another language (issue 34) the view's texts go
# through the unit's table, as the glass shows them, and these words come from SPOKEN_WORDS.
from editions.stock_exchange.market import TOKENS

OFFICE_WORDS = ("no offices", "1 office", "2 offices", "3 offices", "4 offices", "a head office")

# These words in each language the unit speaks besides English (its table's code), by their
# English (as host_sim.history.CHART_WORDS): the connecting words, and the texts the glass
# abbreviates (token names, BUYER, SELLER, SHARES), spoken in full where a table's text would
# be read letter by letter (CHA., ACHET.). The unit's own words where it has them (lang/fr.txt).
SPOKEN_WORDS = {
    "fr": {
        "MARKET": "MARCHÉ",
        "Code typed: %s, one digit more": "Code tapé : %s, encore un chiffre",
        "Listed: %s": "Sociétés cotées : %s",
        "%02d at %d": "%02d cours %d",
        "No company listed yet": "Aucune société cotée pour l'instant",
        "Type a code to hear a company": "Tapez le code d'une société pour l'entendre",
        "%02d not listed; bank %d shares": "%02d non cotée ; banque %d actions",
        "%02d price %d": "%02d cours %d",
        ", up": ", en hausse",
        ", down": ", en baisse",
        "; President %s; shares: %s, bank %d": " ; président %s ; actions : %s, banque %d",
        "; ": " ; ",
        "no offices": "aucun bureau",
        "1 office": "1 bureau",
        "2 offices": "2 bureaux",
        "3 offices": "3 bureaux",
        "4 offices": "4 bureaux",
        "a head office": "un siège",
        "REVIEW: %s": "REVISUALISER : %s",
        "to type": "à taper",
        "%s, one digit more": "%s, encore un chiffre",
        "Pays %d": "Paie %d",
        "Gets %d": "Reçoit %d",
        "Amount %d": "Montant %d",
        "ENTER %s": "TAPEZ %s",
        "HAT": "CHAPEAU",
        "CAR": "AUTO",
        "DOG": "CHIEN",
        "SHOE": "CHAUSSURE",
        "IRON": "FER",
        "BOAT": "BATEAU",
        "BUYER": "ACHETEUR",
        "SELLER": "VENDEUR",
        "SHARES": "ACTIONS",
    }
}


def word(words, english: str) -> str:
    """`english` in the unit's language (words: SPOKEN_WORDS' for it; None: English)."""
    return english if words is None else words.get(english, english)


def company(market, code: int, words=None) -> str:
    """One company as its market row shows it: "06 price 140, up; President CAR; shares: CAR
    5, bank 4; 1 office", or "06 not listed; bank 9 shares"; words: SPOKEN_WORDS' (None:
    English)."""
    bank = market.bank_shares(code)
    president = market.president[code]
    if president < 0:
        return word(words, "%02d not listed; bank %d shares") % (code, bank)
    trend = market.trend[code]
    sign = (trend > 0) - (trend < 0)
    said = word(words, "%02d price %d") % (code, market.share_price(code))
    said += word(words, _TRENDS[sign]) if sign else ""
    held = market.holdings[code]
    holders = ["%s %d" % (word(words, TOKENS[t]), held[t]) for t in range(len(TOKENS)) if held[t]]
    said += word(words, "; President %s; shares: %s, bank %d") % (
        word(words, TOKENS[president]),
        ", ".join(holders),
        bank,
    )
    return said + word(words, "; ") + word(words, OFFICE_WORDS[min(market.offices[code], 5)])


_TRENDS = ("", ", up", ", down")  # by trend's sign: 0, 1, -1


def spoken(edition, view: dict, notice: str = "", lang=None) -> str:
    """The words for the Stock Exchange's `view` (edition.view()); notice: the unit's alert or
    notice, shown where the view has no message; lang: the screen's language (a ui.lang.Table,
    called with an English line for what the glass shows; None: English). "" while the screen
    is dark."""
    if not view.get("display_on", True):
        return ""
    words = None if lang is None else SPOKEN_WORDS.get(lang.code)

    def say(text: str) -> str:  # a text of the view's, as the glass shows it
        return text if lang is None or not text else lang(text)

    message = say(view.get("message") or notice)
    screen = view.get("screen")
    if screen == "market":
        said = [word(words, "MARKET")]
        typed = view.get("typed") or ""
        selected = view.get("selected") or 0
        market = edition.market
        if typed:
            said.append(word(words, "Code typed: %s, one digit more") % typed)
        elif selected:
            said.append(company(market, selected, words))
        else:
            listed = [c for c in range(1, 23) if market.president[c] >= 0]
            if listed:
                at = word(words, "%02d at %d")
                prices = [at % (c, market.share_price(c)) for c in listed]
                said.append(word(words, "Listed: %s") % ", ".join(prices))
            else:
                said.append(word(words, "No company listed yet"))
            said.append(word(words, "Type a code to hear a company"))
        if message:
            said.append(message)
        return ". ".join(said)
    if screen == "total":
        totals = view.get("totals") or ()
        values = ["%s %d" % (_token(t, words), value) for t, value in totals]
        return ". ".join([say("TOTAL"), ", ".join(values)] + ([message] if message else []))
    if screen == "ask":
        said = [say(view.get("title") or ""), say(view.get("detail") or "")]
        # (a question's "?" ends its sentence: no "." after it, which a reader would say)
        return ". ".join([w for w in said + [say(view.get("note") or ""), message] if w]).replace(
            "?. ", "? "
        )
    return _form(view, message, screen == "review", words, say)


def _token(token, words) -> str:
    return word(words, token if isinstance(token, str) else TOKENS[token])


def _named(text: str, words, say) -> str:
    """A field's label or value: its word in full where the glass abbreviates it (a token's
    name, BUYER ...), else as the glass shows it (the table's; codes and counts as they are)."""
    if words is not None and text in words:
        return words[text]
    return say(text)


def _form(view: dict, message: str, review: bool, words, say) -> str:
    """A form being typed (its fields, what it costs, its question) or REVIEW's transaction."""
    title = say(view.get("title") or "")
    said = [word(words, "REVIEW: %s") % title if review else title]
    if message:
        said.append(message)
    fields = view.get("fields") or ()
    active = view.get("active", -1)
    shown = []
    for index in range(len(fields)):
        label, value = fields[index]
        if "-" in value and value.strip("-") == "":
            value = word(words, "to type")
        elif value.endswith("-"):
            value = word(words, "%s, one digit more") % value.rstrip("-")
        else:
            value = _named(value, words, say)
        shown.append("%s %s" % (_named(label, words, say), value))
    if shown:
        said.append(", ".join(shown))
    amount = view.get("amount")
    if amount is not None:
        sign = view.get("sign") or ""
        cost = {"-": "Pays %d", "+": "Gets %d"}.get(sign, "Amount %d")
        said.append(word(words, cost) % amount)
    if view.get("note"):
        said.append(say(view["note"]))
    if not review:
        if 0 <= active < len(fields):
            label = fields[active][0]
            prompt = "ENTER " + label  # the unit's own message (forms.py's ENTER %s)
            asked = say(prompt)
            if asked == prompt and words is not None:  # (an OFFICES field: a company's code)
                asked = word(words, "ENTER %s") % label
            said.append(asked)
        else:
            said.append(say("CONFIRM OR CANCEL"))
    return ". ".join(said)
