# The Stock Exchange's screens in a language (editions.stock_exchange.lang, through
# ui.render's Screen.lang): every text with words drawn from the table, the caller's view and
# status untouched, the regions still redrawn only when they change; English as before.
# micropython-heap: 128k (two Screens, each with its Stock Exchange drawer, the glyphs they build
# and a table, on the 64-bit unix port: at 96k the second canvas finds no free 1 KB; at 112k
# and 120k neither, once the suite had ten tests and lang kept the texts a digit key brings)

from canvas_rig import new_canvas
from lang_rig import TableFS, table_bytes

from ui.lang import Table
from ui.render import Screen

FRENCH = {
    "BANK PURCHASE": "ACHAT BANQUE",
    "TOKEN": "PION",
    "CODE": "CODE",
    "SHARES": "ACTION",
    "HAT": "CHA.",
    "CAR": "AUTO",
    "DOG": "CHI.",
    "SHOE": "CHS.",
    "HCDSIB": "123456",
    "REFUND TO HAT #": "REMB. CHAPEAU #",
    "BANK HAS # SHARE": "BANQUE: # ACTION",
    "BATTERY LOW": "BATTERIE FAIBLE",
    "REVIEW": "REVISUALISER",
    "TOTAL": "TOTAL",
    "NEW GAME?": "NOUVELLE PARTIE ?",
    "CONFIRM / CANCEL": "CONFIRMER / ANNULER",
    "KEY NOT USED HERE": "TOUCHE INACTIVE ICI",
}
ROWS = ((1, 0, 4, (5, 0, 0, 0, 0, 0), 0, 60, 1), (2, 0, 9, (0, 0, 0, 0, 0, 0), -1, 0, 0))


def french_screen():
    screen = Screen(new_canvas())
    screen.lang = Table(TableFS({"fr.tbl": table_bytes(FRENCH)}), "fr")
    return screen


def base(screen_name, **changes):
    view = {"display_on": True, "sound": True, "message": "", "error": False}
    view["screen"] = screen_name
    view["title"] = ""
    view.update(changes)
    return view


def form(fields, active=1, **changes):
    view = base("form", title="BANK PURCHASE", fields=fields, active=active, blink=True)
    view.update({"amount": 120, "sign": "-", "note": ""})
    view.update(changes)
    return view


def texts(log):
    return sorted(entry[2] for entry in log if not entry[2].startswith("icon:"))


def test_a_form_is_drawn_from_the_table_and_its_values_kept():
    screen = french_screen()
    fields = (("TOKEN", "HAT"), ("CODE", "01"), ("SHARES", "2"))
    view = form(fields, note="REFUND TO HAT 50", message="BANK HAS 1 SHARE", error=True)
    kept = dict(view)
    log: list = []
    screen.draw(view, None, log)
    shown = texts(log)
    for text in ("ACHAT BANQUE", "PION", "CHA.", "CODE", "01", "ACTION", "2", "-120"):
        assert text in shown, (text, shown)
    assert "REMB. CHAPEAU 50" in shown and "BANQUE: 1 ACTION" in shown
    for english in ("BANK PURCHASE", "TOKEN", "HAT", "SHARES", "REFUND TO HAT 50"):
        assert english not in shown, english
    assert view == kept  # the caller's view is not rewritten
    assert view["fields"] is fields


def test_a_form_redraws_the_regions_english_redraws():
    # The same views through a French and an English screen: the same windows sent each time
    # (the drawer keeps the fields' translation while the English tuple stays the same).
    french = french_screen()
    english = Screen(new_canvas())
    typed = (("TOKEN", "CAR"), ("CODE", "0-"))
    steps = (typed, typed, (("TOKEN", "CAR"), ("CODE", "01")), (("TOKEN", "CAR"), ("CODE", "01")))
    for fields in steps:
        for blink in (True, False, True):
            views = [form(fields, blink=blink), form(fields, blink=blink)]
            french.draw(views[0], None, None)
            english.draw(views[1], None, None)
            assert french.windows == english.windows, (fields, blink)
    log: list = []
    french.draw(form(steps[-1]), None, log)
    assert "AUTO" in texts(log) and "01" in texts(log)  # (a log asked for: all of it again)


def test_the_market_header_message_and_notice():
    screen = french_screen()
    market = base("market", side=0, rows=ROWS, selected=0, typed="", title="MARKET 01-05")
    log: list = []
    screen.draw(market, None, log)
    shown = texts(log)
    for digit in "123456":
        assert digit in shown  # the token columns: the keys standing for them
    for letter in "HCDSIB":
        assert letter not in shown
    market["message"] = "KEY NOT USED HERE"
    log = []
    screen.draw(market, None, log)
    assert "TOUCHE INACTIVE ICI" in texts(log)
    status = {"battery_low": True, "notice": "BATTERY LOW", "battery": 0}
    market["message"] = ""
    log = []
    screen.draw(market, status, log)
    assert "BATTERIE FAIBLE" in texts(log) and "BATTERY LOW" not in texts(log)
    assert status["notice"] == "BATTERY LOW"  # the shell's status is not rewritten


def test_review_total_and_a_question():
    screen = french_screen()
    review = form((("TOKEN", "DOG"), ("CODE", "06")), active=-1)
    review["screen"] = "review"
    log: list = []
    screen.draw(review, None, log)
    shown = texts(log)
    assert "REVISUALISER" in shown and "CHI." in shown and "REVIEW" not in shown
    total = base("total", title="TOTAL", totals=((0, 110), (1, 240), (2, 140), (3, 12345)))
    log = []
    screen.draw(total, None, log)
    shown = texts(log)
    for text in ("TOTAL", "CHA.", "AUTO", "CHI.", "CHS.", "12345"):
        assert text in shown, (text, shown)
    ask = base("ask", title="NEW GAME?", detail="CONFIRM / CANCEL", note="")
    log = []
    screen.draw(ask, None, log)
    assert texts(log) == ["CONFIRMER / ANNULER", "NOUVELLE PARTIE ?"]


def test_english_draws_the_views_as_they_are():
    screen = Screen(new_canvas())
    log: list = []
    screen.draw(form((("TOKEN", "HAT"), ("CODE", "01"))), None, log)
    assert "BANK PURCHASE" in texts(log) and "HAT" in texts(log)
    market = base("market", side=0, rows=ROWS, selected=0, typed="")
    log = []
    screen.draw(market, None, log)
    shown = texts(log)
    for letter in "HCDSIB":
        assert letter in shown


class AskedTable(Table):
    """A French table that lists every line the drawer asks it for."""

    def __init__(self, entries) -> None:
        super().__init__(TableFS({"fr.tbl": table_bytes(entries)}), "fr")
        self.asked: list = []

    def __call__(self, line):
        self.asked.append(line)
        return super().__call__(line)


def test_a_text_shown_before_is_not_asked_for_again():
    screen = Screen(new_canvas())
    table = screen.lang = AskedTable(FRENCH)
    fields = (("TOKEN", "HAT"), ("CODE", "0-"))
    note = "REFUND TO HAT 50"  # (a line with a number: the table keeps none such)
    screen.draw(form(fields, note=note, message="BANK HAS 1 SHARE"), None, None)
    assert "BANK PURCHASE" in table.asked and note in table.asked
    # The next views: new dicts with the same texts (the note made anew), a field's value
    # typed, the blink; no text asked for again, the new value drawn.
    del table.asked[:]
    typed = (("TOKEN", "HAT"), ("CODE", "01"))
    for step, blink in ((fields, False), (typed, False), (typed, True)):
        again = "REFUND TO HAT %d" % 50
        view = form(step, note=again, message="BANK HAS 1 SHARE", blink=blink)
        log: list = []
        screen.draw(view, None, log)
    assert table.asked == []
    shown = texts(log)
    assert "01" in shown and "REMB. CHAPEAU 50" in shown and "BANQUE: 1 ACTION" in shown
    # Another note and message: asked for, once each.
    screen.draw(form(typed, note="REFUND TO HAT 60", message="BATTERY LOW"), None, None)
    screen.draw(form(typed, note="REFUND TO HAT 60", message="BATTERY LOW"), None, None)
    assert sorted(table.asked) == ["BATTERY LOW", "REFUND TO HAT 60"]


def test_the_first_form_asks_for_what_a_digit_key_brings():
    # The first form looks up the field labels, the introduction's title and the token names,
    # so that the key completing a code (a new title and field) or typing a token asks for
    # nothing: the table keeps only its last 24 lines.
    screen = Screen(new_canvas())
    table = screen.lang = AskedTable(FRENCH)
    screen.draw(base("market", side=0, rows=ROWS, selected=0, typed=""), None, None)
    screen.draw(form((("TOKEN", "-"), ("CODE", "--"))), None, None)
    for text in ("INTRODUCTION", "PRICE", "SHARES", "BUYER", "HAT", "BOAT"):
        assert text in table.asked, text
    table.kept.clear()
    del table.asked[:]
    intro = (("TOKEN", "SHOE"), ("CODE", "06"), ("PRICE", "100"))
    log: list = []
    screen.draw(form(intro, title="INTRODUCTION"), None, log)
    assert table.asked == []
    assert "CHS." in texts(log) and "ACTION" not in texts(log)


def test_another_table_translates_anew():
    screen = Screen(new_canvas())
    screen.lang = Table(TableFS({"fr.tbl": table_bytes(FRENCH)}), "fr")
    fields = (("TOKEN", "HAT"), ("CODE", "01"))
    view = form(fields, note="REFUND TO HAT 50")
    screen.draw(view, None, None)
    other = dict(FRENCH, TOKEN="JETON", HAT="CHAP")
    other["REFUND TO HAT #"] = "RENDU CHAPEAU #"
    screen.use(Table(TableFS({"fr.tbl": table_bytes(other)}), "fr"))
    log: list = []
    screen.draw(form(fields, note="REFUND TO HAT 50"), None, log)
    shown = texts(log)
    for text in ("JETON", "CHAP", "RENDU CHAPEAU 50"):
        assert text in shown, (text, shown)
    assert "PION" not in shown and "CHA." not in shown


def test_a_notice_over_review_and_the_keys_a_screen_lacks():
    screen = french_screen()
    review = form((("TOKEN", "DOG"), ("CODE", "06")), active=-1, note="REFUND TO HAT 50")
    review["screen"] = "review"
    status = {"battery_low": True, "notice": "BATTERY LOW", "battery": 0}
    log: list = []
    screen.draw(review, status, log)
    shown = texts(log)
    assert "BATTERIE FAIBLE" in shown and "REVISUALISER" not in shown
    assert status["notice"] == "BATTERY LOW"
    # A question next: none of the review's fields, amount or note are drawn.
    log = []
    screen.draw(base("ask", title="NEW GAME?", detail="CONFIRM / CANCEL", note=""), None, log)
    assert texts(log) == ["CONFIRMER / ANNULER", "NOUVELLE PARTIE ?"]


def test_an_introduction_s_note_is_made_from_its_translation_for_0():
    # The note a bid's first digit brings (LIST PRICE and the price): its translation for 0,
    # asked for as the first form opens, with the price in the place of the 0.
    entries = dict(FRENCH)
    entries["LIST PRICE #"] = "PRIX DE BASE #"
    screen = Screen(new_canvas())
    table = screen.lang = AskedTable(entries)
    intro = (("TOKEN", "CAR"), ("CODE", "06"), ("PRICE", "1"))
    screen.draw(form(intro[:2]), None, None)
    assert "LIST PRICE 0" in table.asked
    del table.asked[:]
    log: list = []
    screen.draw(form(intro, title="INTRODUCTION", note="LIST PRICE 140"), None, log)
    assert table.asked == [] and "PRIX DE BASE 140" in texts(log)
    # A language that writes the price first: the note is the table's.
    entries["LIST PRICE #"] = "# EN PRIX DE BASE"
    screen = Screen(new_canvas())
    table = screen.lang = AskedTable(entries)
    screen.draw(form(intro[:2]), None, None)
    log = []
    screen.draw(form(intro, title="INTRODUCTION", note="LIST PRICE 140"), None, log)
    assert "LIST PRICE 140" in table.asked and "140 EN PRIX DE BASE" in texts(log)
