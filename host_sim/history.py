"""A unit's game read back from its flash files: every transaction, the balances (or the share
market) after each, as rows, a CSV file and a chart. `python -m host_sim export FOLDER`.

FOLDER is a copy of the unit's data/ folder (`make pull`) or a simulator's flash_dir. The game
is replayed through the firmware's own edition (the same restore() the unit runs at boot), from
the oldest snapshot still on flash (store.Store.replay): what the unit can show, nothing more.
game() describes the whole export as plain data: its rows, the CSV's columns and cells, and the
chart (chart_of: titles, panels, every line's points, the purchases and gaps marked). The chart
is drawn from that description with matplotlib (its Agg backend: no display needed).

The web page runs this module too (tools/web_build.py lays it next to the firmware, under
MicroPython WebAssembly): its "Download the game" calls game() on the page's flash and draws the
same description on a canvas (web/chart.js). So what runs here must run there: no csv or
matplotlib at import (write_csv and the drawing import them), plain data out.

A unit set to another language than English (its setting "lang"): the CSV is the same as
English's (amounts in whole currency units, the columns and kinds in English: data for any
spreadsheet); the chart is for the players: its words in their language (CHART_WORDS) and its
amounts as their unit's screen writes them, through the unit's own table (ui.lang: 1,5M), when
game() is given the folder of the tables (lang_fs).
"""

from editions.stock_exchange.market import TOKENS

from app.config import Config
from app.editions import DEFAULT, EDITIONS, about, make_edition
from rules.money import format_amount
from store.reader import CHECK
from store.store import Store

CHART_SIZE = (8.0, 4.5)  # inches; at CHART_DPI: 800 x 450 pixels
CHART_DPI = 100
NAN = float("nan")  # a gap in a chart's line
GAP_KIND = "gap"  # a gap row's kind: records lost in an older generation
GAP_NOTE = "%d RECORD%s MISSING: %s"  # its note: journal lines lost, each card's change


# The chart's words in each language the unit speaks besides English (the unit's setting "lang"),
# by their English: what the chart says where a unit's screen would say CARTE, SOLDE, OPÉRATION.
CHART_WORDS = {
    "fr": {
        "balance": "solde",
        "transaction": "opération",
        "card %d": "carte %d",
        "deed bought (square)": "titre acheté (case)",
        "%s missing": "%s manquant(s)",
        "#%d undone": "n° %d annulée",
        "Final standings": "Classement final",
        "share price": "cours de l'action",
        "1st": "1er",
        "2nd": "2e",
        "3rd": "3e",
        "%dth": "%de",
        "Electronic Banking": "Banque électronique",
        "Classic": "Classique",
        "Revolution": "Révolution",
        "Banker": "Banquier",
        "Stock Exchange": "Bourse",
        "brown": "marron",
        "light blue": "bleu clair",
        "pink": "rose",
        "orange": "orange",
        "red": "rouge",
        "yellow": "jaune",
        "green": "vert",
        "dark blue": "bleu foncé",
        "hat": "chapeau",
        "car": "voiture",
        "dog": "chien",
        "shoe": "chaussure",
        "iron": "fer à repasser",
        "boat": "bateau",
        # the chart described in words (the page's canvas's accessible name, web/chart.js)
        "%s, over %d transactions": "%s, sur %d opérations",
        "no lines": "aucune courbe",
        "%d deeds bought": "%d titres achetés",
        "%d gaps where records are missing": "%d lacunes où des enregistrements manquent",
        "%d transaction taken back": "%d opération annulée",
        "%d transactions taken back": "%d opérations annulées",
    }
}


def word(words: dict | None, english: str) -> str:
    """`english` in the chart's language (words: CHART_WORDS' for it; None: English)."""
    return english if words is None else words.get(english, english)


class ExportError(ValueError):
    """A folder that holds no unit's game, or an edition that is not built."""


def open_folder(folder: str):
    """The folder's files behind the few calls the store makes (read only here)."""
    from peripherals.flash import VirtualFlash

    return VirtualFlash(str(folder))


def settings_edition(fs) -> str | None:
    """The edition the settings file on `fs` names (the edition set in the menu, else that of
    the game it records: a unit deployed with it, where only other settings were set), or
    None without a settings file."""
    config = Config(fs, DEFAULT, lambda: EDITIONS)
    if not config.set_up():
        return None
    settings = config.settings
    game = settings.game  # ("game", edition, players, start) of the journal on flash
    if "edition" not in settings.values and game is not None and game[0] in EDITIONS:
        return game[0]
    return config.edition


def unit_language(fs, lang_fs=None) -> tuple:
    """(code, table) of the language the unit's screens speak (its settings file's "lang"):
    ("en", None) in English; else its code and, when lang_fs holds its table (<code>.tbl, as the
    unit's lang folder), that table (ui.lang.Table), else None."""
    config = Config(fs, DEFAULT, lambda: EDITIONS)
    code = config.settings.get("lang") if config.set_up() else None
    if not code or code == "en":
        return "en", None
    table = None
    if lang_fs is not None:
        from ui.lang import Table

        table = Table(lang_fs, code)
        if not table.load():
            table = None
    return code, table


def guess_edition(fs) -> str:
    """The edition whose game the files hold: the settings file's (settings_edition), else
    the records' own kinds (each edition's hints: record kinds or "set" records only it
    journals, or a small start balance), else the registry's default edition."""
    named = settings_edition(fs)
    if named is not None:
        return named
    signs = [(name, about(name, "hints")) for name in EDITIONS]
    for _seq, record in Store(fs).replay():
        kind = record[0]
        for name, hints in signs:
            prefix = hints.RECORD_PREFIX
            if prefix and isinstance(kind, str) and kind.startswith(prefix):
                return name
            if kind == "set" and record[1] in hints.SET_RECORDS:
                return name
            if hints.SMALL_START and (kind == "new" or kind == "ledger") and record[1] < 100000:
                return name
    return DEFAULT


def _edition(fs, name: str | None):
    config = Config(fs, name or guess_edition(fs), lambda: EDITIONS)
    if config.edition not in EDITIONS:
        raise ExportError("edition %r is not built; have: %s" % (config.edition, EDITIONS))
    return make_edition(config.edition, settings=config.settings if config.set_up() else None)


def _party(number: int) -> str:
    return "BANK" if number == 0 else "CARD %d" % number


def card_game(fs, edition_name: str | None = None, deeds: bool = False) -> tuple:
    """(edition, cards, start, rows, first) of a card edition's current game: `start` the
    balances before its first row, a row per "tx" or "undo" record (an undo's money flows back:
    payer and payee are those of the flow) with the balance of every card in `cards` after it;
    `first` the game's number of the first transaction on flash: 1, or where the history the
    unit kept begins (its oldest generations removed: the history yields to play). deeds (the
    Banker): each row has a "deed" too, the square of the deed its action was on ("" for money
    alone; an undo's: that of the transaction it took back)."""
    edition = _edition(fs, edition_name)
    ledger = edition.ledger
    cards = list(range(1, ledger.card_count + 1))
    rows: list = []
    start = {n: ledger.balance(n) for n in cards}
    first = 1
    for seq, record in Store(fs).replay(True):
        if record[0] == CHECK:
            gap = gap_row(edition, cards, seq, record)
            if gap is not None and deeds:
                gap["deed"] = ""  # money alone
            if gap is not None:
                rows.append(gap)
            continue
        try:
            edition.restore(record)
        except ValueError:
            continue  # the unit skips it at boot too ("bad record")
        kind = record[0]
        if kind == "new" or kind == "ledger":
            rows = []
            start = {n: ledger.balance(n) for n in cards}
            first = ledger.moves + 1  # a snapshot's count of the transactions before it
            continue
        deed = ""
        if kind == "tx":
            payer, payee, amount = record[1], record[2], record[3]
            label = record[4] if len(record) > 4 else "tx"  # a tag: go, chance, lift...
            if deeds and len(record) > 5:
                deed = record[5]  # the Banker's tx: tag and square (buy, 39)
        elif kind == "undo":
            payer, payee, amount, label = record[3], record[2], record[4], "undo"
            for row in rows:
                if row["number"] == record[1]:
                    row["undone"] = True
                    deed = row.get("deed", "")
        else:
            continue
        row = {
            "seq": seq,
            "edition": edition.name,
            "kind": label,
            "number": ledger.moves if kind == "tx" else record[1],
            "payer": _party(payer),
            "payee": _party(payee),
            "amount": amount,
        }
        if deeds:
            row["deed"] = deed
        row["undone"] = False
        for n in cards:
            row["card_%d" % n] = ledger.balance(n)
        rows.append(row)
    return edition, cards, start, rows, first


def history_from(first: int) -> str:
    """The line that says where the kept history begins (the unit's page says the same),
    "" when it holds the whole game."""
    from rules.history import MSG_FROM, grouped

    return "" if first <= 1 else MSG_FROM + grouped(first)


# ---- gap rows: a generation's records short of the snapshot that follows it ---------------
# (store.reader.following). The row stands where the generation ends, with every card's
# balance as that snapshot holds it; the edition goes on from the snapshot's state.


def gap_row(edition, cards: list, seq: int, check: tuple):
    """The CSV row of a gap check (kind "gap", a note "2 RECORDS MISSING: CARD 1 +130K"),
    None when the snapshot agrees with the records read; the edition takes the snapshot's
    state either way."""
    ledger = edition.ledger
    before = {n: ledger.balance(n) for n in cards}
    for record in check[2]:
        try:
            edition.restore(record)
        except ValueError:
            return None  # a snapshot the unit would refuse: nothing to check against
    changes = [(n, ledger.balance(n) - before[n]) for n in cards if ledger.balance(n) != before[n]]
    if not changes:
        return None
    money = edition.money  # the unit's amount format (Classic's plain $)
    parts = ["CARD %d %s%s" % (n, "+" if d > 0 else "-", money(abs(d))) for n, d in changes]
    row = {"seq": seq, "edition": edition.name, "kind": GAP_KIND, "number": ledger.moves}
    row.update({"payer": "", "payee": "", "amount": "", "undone": False})
    for n in cards:
        row["card_%d" % n] = ledger.balance(n)
    row["note"] = GAP_NOTE % (check[1], "" if check[1] == 1 else "S", ", ".join(parts))
    return row


def card_history(fs, card: int, edition) -> list:
    """A card's history as the unit pages it, newest first: dicts seq, number (the title's
    #n), amount (signed), other, balance (after it), kind ("tx" or "undo") and undone."""
    from rules.history import GAP, UNDO, UNDONE
    from rules.history_pass import entries

    store = Store(fs)
    balance = edition.ledger.balance(card)
    count, kept = entries(lambda: store.replay(True), card, balance, 0, 1 << 30)
    kinds = {UNDO: "undo", GAP: GAP_KIND}
    out = []
    for entry in reversed(kept):
        out.append(
            {
                "seq": entry[0],
                "number": entry[1],  # the game's transaction number (an undo's: the one taken)
                "amount": entry[2],
                "other": entry[3],
                "balance": entry[4],
                "kind": kinds.get(entry[5], "tx"),
                "undone": entry[5] == UNDONE,
            }
        )
    return out


def market_game(fs, edition_name: str) -> tuple:
    """(codes, tokens, start, rows) of a market edition's current game (the Stock Exchange): a
    row per transaction with every listed company's price and every token's TOTAL after it,
    labelled by the edition's hints."""
    edition = _edition(fs, edition_name)
    hints = about(edition.name, "hints")
    names, fields = hints.TOKENS, hints.transaction_fields
    kinds, cut = hints.TRANSACTIONS, len(hints.RECORD_PREFIX)
    market = edition.market
    rows: list = []
    for seq, record in Store(fs).replay():
        try:
            edition.restore(record)
        except ValueError:
            continue
        kind = record[0]
        if kind == hints.NEW_GAME:
            rows = []
            continue
        if kind not in kinds:
            continue
        tokens, code, shares, amount = fields(tuple(record))
        row = {
            "seq": seq,
            "edition": edition.name,
            "kind": kind[cut:],
            "tokens": tokens,
            "code": code,
            "shares": shares,
            "amount": amount,
        }
        totals = market.totals()
        for t in range(len(names)):
            row["total_" + names[t].lower()] = totals[t] if market.in_play[t] else None
        for c in range(1, 23):
            row["price_%02d" % c] = market.share_price(c)
        rows.append(row)
    codes = [c for c in range(1, 23) if any(row["price_%02d" % c] for row in rows)]
    tokens = [t.lower() for t in names if any(r["total_" + t.lower()] is not None for r in rows)]
    return codes, tokens, rows


# The CSV's columns in this order: these, then card_1.., total_hat.. (the tokens' order),
# price_01.., note (a gap row's), any other by name. Put in order by name, not as the rows' dicts
# hold them: MicroPython's dicts keep no order, and the page's CSV must be this one.
LEADING = ("seq", "edition", "kind", "number", "tokens", "code", "shares", "payer", "payee")
LEADING += ("amount", "deed", "undone")
TOKEN_ORDER = tuple(token.lower() for token in TOKENS)  # the Stock Exchange's, keys 1-6


def _column_rank(name: str) -> tuple:
    if name in LEADING:
        return (0, LEADING.index(name), "")
    for group, prefix in ((1, "card_"), (3, "price_")):
        if name.startswith(prefix) and name[len(prefix) :].isdigit():
            return (group, int(name[len(prefix) :]), "")
    if name.startswith("total_") and name[6:] in TOKEN_ORDER:
        return (2, TOKEN_ORDER.index(name[6:]), "")
    return (4, 0, "") if name == "note" else (5, 0, name)


def csv_columns(rows: list) -> list:
    """The CSV's columns: every key of any row, in the order above."""
    names: dict = {}
    for row in rows:
        for name in row:
            names[name] = True
    return sorted(names, key=_column_rank)


def csv_cells(rows: list, columns: list) -> list:
    """Each row's cells as the csv module writes them: "" for None or a column the row has
    not, str() of anything else (15000000, True). The page writes these with Papa Parse."""
    return [["" if row.get(name) is None else str(row[name]) for name in columns] for row in rows]


def write_csv(rows: list, path: str) -> None:
    import csv

    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, csv_columns(rows))
        writer.writeheader()
        for row in rows:
            writer.writerow(row)


# ---- the chart: described as plain data (chart_of), drawn by matplotlib or the page --------
# {"title": str, "panels": [panel, ...]} top to bottom; a panel: {"ylabel", "xlabel" ("": none),
# "legend": [font size, columns], "money": bool (the unit's K/M amounts on the axis), "series":
# [{"label", "xs", "ys"}] (a step line each; None in ys: no line there), "purchases": [[x, y,
# series index, deed square]], "gaps": [[x, label]], "undone": [[x from, x to, label]] (a
# transaction taken back, from it to its undo), "standings": [text line] (beside the panel:
# the final standings, or [])}.

PURCHASES = ("buy", "auction")  # the Banker's tags of a deed bought from the bank


def title_of(edition_name: str) -> str:
    """The edition's name as a title: electronic_banking -> Electronic Banking (as str.title()
    makes it; MicroPython has no str.title)."""
    return " ".join(word[:1].upper() + word[1:].lower() for word in edition_name.split("_"))


def purchase_rows(rows: list) -> list:
    """(x, buyer, square) of each deed bought from the bank (at its price or at auction) and
    not taken back, x its place on the chart (the row's number from 1)."""
    found = []
    for i, row in enumerate(rows):
        if row["kind"] in PURCHASES and not row["undone"] and row.get("deed", "") != "":
            found.append((i + 1, int(row["payer"].split()[1]), row["deed"]))
    return found


def gap_marks(rows: list, words: dict | None = None) -> list:
    """[x, "2 missing"] at each gap row (its note's count of records lost)."""
    return [
        [i + 1, word(words, "%s missing") % row["note"].split(" RECORD", 1)[0]]
        for i, row in enumerate(rows)
        if row["kind"] == GAP_KIND
    ]


def undone_spans(rows: list, words: dict | None = None) -> list:
    """[x from, x to, "#7 undone"] for each transaction taken back: from it to the undo that
    took it back (the game's transaction number, as the unit's history page and the CSV's
    `number` give it); from the undo alone when the transaction is no longer on flash."""
    spans = []
    for u, row in enumerate(rows):
        if row["kind"] != "undo":
            continue
        taken = u + 1
        for t in range(u - 1, -1, -1):
            if rows[t]["undone"] and rows[t]["number"] == row["number"]:
                taken = t + 1
                break
        spans.append([taken, u + 1, word(words, "#%d undone") % row["number"]])
    return spans


PLACES = ("1st", "2nd", "3rd")  # then 4th, 5th ...
STANDINGS_TITLE = "Final standings"
PURCHASES_LABEL = "deed bought (square)"


def place_name(place: int, words: dict | None = None) -> str:
    """1 -> "1st" ... 4 -> "4th" (in French 1er, 2e ...)."""
    if place <= len(PLACES):
        return word(words, PLACES[place - 1])
    return word(words, "%dth") % place


def ranked(values: list) -> list:
    """[(place, name, value)] of [(name, value)], the highest value first; equal values share
    a place (and the next is skipped: 1st, 1st, 3rd); equals keep their order."""
    # the index in the key too: MicroPython's sort (the web page's) is not stable
    order = sorted(range(len(values)), key=lambda i: (-values[i][1], i))
    out: list = []
    for n, i in enumerate(order):
        name, value = values[i]
        place = out[-1][0] if out and out[-1][2] == value else n + 1
        out.append((place, name, value))
    return out


def standings_lines(standings: list, money=str, words: dict | None = None) -> list:
    """ranked()'s standings as text lines, the names and places padded to one width:
    "1st  card 3  16.5M" (money: how the unit writes an amount)."""
    width = max([len(name) for _, name, _ in standings] or [0])
    places = [place_name(place, words) for place, _, _ in standings]
    room = max([len(place) for place in places] or [0])
    return [
        "%s%s  %s%s  %s"
        % (places[i], " " * (room - len(places[i])), name, " " * (width - len(name)), money(value))
        for i, (_, name, value) in enumerate(standings)
    ]


def card_standings(cards: list, start: dict, rows: list, words: dict | None = None) -> list:
    """Every card's balance at the end of the game, ranked: [(place, "card 3", balance)]."""
    last = rows[-1] if rows else None
    name = word(words, "card %d")
    return ranked(
        [(name % n, last["card_%d" % n] if last is not None else start[n]) for n in cards]
    )


def token_standings(tokens: list, rows: list, words: dict | None = None) -> list:
    """The Stock Exchange: the TOTAL of every token in play at the end, ranked."""
    last = rows[-1] if rows else {}
    kept = [t for t in tokens if last.get("total_" + t) is not None]
    return ranked([(word(words, t), last["total_" + t]) for t in kept])


def company_name(code: int, words: dict | None = None) -> str:
    """A Stock Exchange company as the board places it: its colour group and its place in the
    group, in board order ("light blue 2"). Its codes 1-22 are the classic board's 22 lots (the
    same groups and list prices); the unit, its keypad and the CSV know a company by its code
    alone, and the board's printed company names are not known here."""
    from editions.banker.hints import GROUP_NAMES
    from editions.stock_exchange.prices import GROUP_FIRSTS

    group = 0
    for g in range(len(GROUP_FIRSTS)):
        if GROUP_FIRSTS[g] <= code:
            group = g
    colour = word(words, GROUP_NAMES[group].lower())
    return "%s %d" % (colour, code - GROUP_FIRSTS[group] + 1)


def company_label(code: int, words: dict | None = None) -> str:
    """The chart's legend entry of a company: "07 pink 2"."""
    return "%02d %s" % (code, company_name(code, words))


def card_chart_of(
    cards: list,
    start: dict,
    rows: list,
    title: str,
    money: bool,
    amount=str,
    words: dict | None = None,
) -> dict:
    """Every card's balance over the game, one line a card, the deeds bought marked on the
    buyer's line, the gaps, the transactions taken back and the final standings; money: the
    axis in the unit's K and M amounts; amount: how the standings write one (the edition's
    money(): "15.26M", "$1500"; a French unit's "15,26M"); words: CHART_WORDS' of the unit's
    language (None: English)."""
    xs = [0] + [i + 1 for i in range(len(rows))]
    card = word(words, "card %d")
    series = [
        {"label": card % n, "xs": xs, "ys": [start[n]] + [row["card_%d" % n] for row in rows]}
        for n in cards
    ]
    purchases = [
        [x, rows[x - 1]["card_%d" % buyer], cards.index(buyer), square]
        for x, buyer, square in purchase_rows(rows)
    ]
    panel = {"ylabel": word(words, "balance"), "xlabel": word(words, "transaction")}
    panel.update({"legend": ["small", 4], "money": money, "series": series})
    panel.update({"purchases": purchases, "gaps": gap_marks(rows, words)})
    panel["undone"] = undone_spans(rows, words)
    standings = card_standings(cards, start, rows, words)
    panel["standings"] = standings_lines(standings, amount, words)
    return {"title": title, "panels": [panel], "words": chart_words(words)}


# What the chart says of itself in words (web/chart.js describeChart: the canvas's accessible
# name, what a screen reader reads of the chart), by key, in English; %s and %d are filled in
# order (the title and the transactions; a count).
DESCRIBED = {
    "over": "%s, over %d transactions",
    "none": "no lines",
    "bought": "%d deeds bought",
    "gaps": "%d gaps where records are missing",
    "undone_one": "%d transaction taken back",
    "undone_many": "%d transactions taken back",
}


def chart_words(words: dict | None) -> dict:
    """The words the drawing adds of its own (the standings' title, the purchases' legend) and
    those the chart's description says (DESCRIBED), in the chart's language: the description's
    "words"."""
    said = {key: word(words, english) for key, english in DESCRIBED.items()}
    said["standings"] = word(words, STANDINGS_TITLE)
    said["purchases"] = word(words, PURCHASES_LABEL)
    return said


def market_chart_of(
    codes: list, tokens: list, rows: list, title: str, words: dict | None = None
) -> dict:
    """Share prices per listed company (top, each named: company_label) and each token's TOTAL
    (bottom, the final standings beside it) over the game."""
    xs = [i + 1 for i in range(len(rows))]
    prices = [
        {
            "label": company_label(c, words),
            "xs": xs,
            "ys": [row["price_%02d" % c] or None for row in rows],
        }
        for c in codes  # unlisted (price 0): no line
    ]
    totals = [
        {"label": word(words, t), "xs": xs, "ys": [row["total_" + t] for row in rows]}
        for t in tokens
    ]
    panels = []
    for ylabel, xlabel, series in (
        (word(words, "share price"), "", prices),
        ("TOTAL", word(words, "transaction"), totals),
    ):
        panel = {"ylabel": ylabel, "xlabel": xlabel, "legend": ["x-small", 6], "money": False}
        panel.update({"series": series, "purchases": [], "gaps": [], "undone": []})
        panel["standings"] = []
        panels.append(panel)
    panels[1]["standings"] = standings_lines(token_standings(tokens, rows, words), str, words)
    return {"title": title, "panels": panels, "words": chart_words(words)}


def _figure(title: str, panels: int):
    import matplotlib

    matplotlib.use("Agg")  # files only: no display
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(panels, 1, figsize=CHART_SIZE, dpi=CHART_DPI, squeeze=False)
    figure.suptitle(title)
    return pyplot, figure, [row[0] for row in axes]


def _save(pyplot, figure, path: str, series: int, gaps: int = 0, purchases: int = 0) -> None:
    figure.tight_layout()
    # The series count (and the gaps and purchases marked, if any) ride in the PNG's text
    # chunk, so a reader (a test) can check them.
    text = "series=%d" % series + (" gaps=%d" % gaps if gaps else "")
    text += " purchases=%d" % purchases if purchases else ""
    figure.savefig(path, dpi=CHART_DPI, metadata={"Description": text})
    pyplot.close(figure)


def axis_amount(value, point: str = ".") -> str:
    """An axis value as the unit writes an amount in K and M (rules.money), with the chart's
    decimal mark (the description's "point": that of the unit's language)."""
    return format_amount(int(value)).replace(".", point)


def draw_chart(chart: dict, path: str) -> int:
    """chart_of's description as a PNG (matplotlib); returns the number of lines."""
    pyplot, figure, axes = _figure(chart["title"], len(chart["panels"]))
    series = gaps = purchases = 0
    words = chart.get("words", {})
    point = chart.get("point", ".")
    for ax, panel in zip(axes, chart["panels"], strict=True):
        if panel["money"]:
            from matplotlib.ticker import FuncFormatter

            ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: axis_amount(v, point)))
        colours = []
        for line in panel["series"]:
            ys = [NAN if v is None else v for v in line["ys"]]
            (drawn,) = ax.step(line["xs"], ys, where="post", label=line["label"])
            colours.append(drawn.get_color())
        purchases += mark_purchases(
            ax, panel["purchases"], colours, words.get("purchases", PURCHASES_LABEL)
        )
        if panel["xlabel"]:
            ax.set_xlabel(panel["xlabel"])
        ax.set_ylabel(panel["ylabel"])
        size, columns = panel["legend"]
        ax.legend(fontsize=size, ncol=columns)
        ax.grid(True, alpha=0.3)
        gaps += mark_gaps(ax, panel["gaps"])
        mark_undone(ax, panel.get("undone", []))
        draw_standings(ax, panel.get("standings", []), words.get("standings", STANDINGS_TITLE))
        series += len(panel["series"])
    _save(pyplot, figure, path, series, gaps, purchases)
    return series


def mark_purchases(ax, purchases: list, colours: list, label: str = PURCHASES_LABEL) -> int:
    """A triangle on the buyer's line at each purchase, labelled with the deed's square (the
    number the unit names a deed by); how many."""
    if purchases:  # the legend's entry, in no card's colour
        ax.scatter([], [], marker="v", s=36, color="dimgrey", label=label)
    for x, y, line, square in purchases:
        ax.scatter([x], [y], marker="v", s=36, color=colours[line], zorder=3)
        ax.annotate(
            str(square),
            (x, y),
            textcoords="offset points",
            xytext=(0, 6),
            fontsize="x-small",
            ha="center",
            color=colours[line],
        )
    return len(purchases)


def mark_gaps(ax, gaps: list) -> int:
    """A red dashed line and its label ("2 missing") at each gap; how many."""
    for x, label in gaps:
        ax.axvline(x, color="red", linestyle="--", linewidth=1)
        ax.annotate(
            label,
            (x, 1),
            xycoords=("data", "axes fraction"),
            color="red",
            fontsize="small",
            ha="right",
            va="top",
            rotation=90,
        )
    return len(gaps)


UNDONE_COLOUR = "dimgrey"


def mark_undone(ax, spans: list) -> int:
    """A grey band over each transaction taken back, from it to its undo, labelled at the top
    ("#18 undone"); how many."""
    for x_from, x_to, label in spans:
        ax.axvspan(x_from, max(x_to, x_from + 0.5), color=UNDONE_COLOUR, alpha=0.15, linewidth=0)
        ax.annotate(
            label,
            ((x_from + x_to) / 2, 1),
            xycoords=("data", "axes fraction"),
            xytext=(0, -3),
            textcoords="offset points",
            color=UNDONE_COLOUR,
            fontsize="x-small",
            ha="center",
            va="top",
        )
    return len(spans)


def draw_standings(ax, lines: list, title: str = STANDINGS_TITLE) -> int:
    """The final standings in a box to the right of `ax` (tight_layout makes room); how many
    lines."""
    if not lines:
        return 0
    ax.annotate(
        title + "\n" + "\n".join(lines),
        (1.02, 1),
        xycoords="axes fraction",
        ha="left",
        va="top",
        family="monospace",
        fontsize="x-small",
        bbox={"boxstyle": "round", "facecolor": "white", "edgecolor": "lightgrey"},
    )
    return len(lines)


def game(fs, edition: str | None = None, lang_fs=None) -> dict:
    """The export of the game on `fs`, as plain data: {"edition", "rows" (dicts, one a CSV
    row), "columns" (the CSV's), "chart" (its description)}, and "from", history_from()'s
    line, when the unit's oldest generations were removed (the chart's title says it too).
    lang_fs: the folder of the language tables (<code>.tbl): a unit set to another language
    has its chart's amounts written as its screen writes them (unit_language)."""
    name = edition or guess_edition(fs)
    hints = about(name, "hints") if name in EDITIONS else None  # None: _edition says why
    made: dict = {"edition": name}
    code, table = unit_language(fs, lang_fs)
    words = CHART_WORDS.get(code)

    def said(text: str) -> str:  # a line as the unit's screen shows it
        return text if table is None else table.translate(text)

    if hints is not None and hints.HISTORY == "market":
        codes, tokens, rows = market_game(fs, name)
        chart = market_chart_of(codes, tokens, rows, word(words, hints.NAME), words)
    else:
        deeds = hints is not None and hints.HISTORY == "deeds"
        ed, cards, start, rows, first = card_game(fs, name, deeds)
        title = word(words, title_of(ed.name))
        start_line = history_from(first)
        if start_line:
            title += ", " + said(start_line)
            made["from"] = start_line
        # its own amount format on the axis: K and M, or plain whole notes ($1500)

        def amount(value: int) -> str:
            return said(ed.money(value))

        km = about(ed.name).KM_MONEY
        chart = card_chart_of(cards, start, rows, title, km, amount, words)
    if table is not None and table.policy[0] != 46:
        chart["point"] = chr(table.policy[0])  # the axis's K and M amounts: the unit's mark
    made["rows"] = rows
    made["columns"] = csv_columns(rows)
    made["chart"] = chart
    return made


def export(folder, csv_path=None, chart_path=None, edition: str | None = None) -> dict:
    """Write the CSV and/or the chart of the game in `folder`; returns {"edition", "rows",
    "series"} (series: lines on the chart, 0 without one), and "from", history_from()'s line,
    when the unit's oldest generations were removed (the chart's title says it too). The
    language tables are those of the repository (lang/<code>.txt, compiled as the unit's)."""
    from host_sim.lang_tables import TablesFS

    fs = open_folder(folder)
    if not fs.listdir():
        raise ExportError("%s holds no unit's files (snap.N, log.N)" % folder)
    made = game(fs, edition, TablesFS())
    series = draw_chart(made["chart"], chart_path) if chart_path else 0
    if csv_path:
        write_csv(made["rows"], csv_path)
    done = {"edition": made["edition"], "rows": len(made["rows"]), "series": series}
    if "from" in made:
        done["from"] = made["from"]
    return done
