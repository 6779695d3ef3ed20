"""A unit's game read back from its flash files: every transaction, the balances (or the share
market) after each, as rows, a CSV file and a chart. `python -m host_sim export FOLDER`.

FOLDER is a copy of the unit's data/ folder (`make pull`) or a simulator's flash_dir. The game
is replayed through the firmware's own edition (the same restore() the unit runs at boot), from
the oldest snapshot still on flash (store.Store.replay): what the unit can show, nothing more.
The chart is drawn with matplotlib (its Agg backend: no display needed).
"""

import csv

from app.config import Config
from app.editions import DEFAULT, EDITIONS, about, make_edition
from peripherals.flash import VirtualFlash
from rules.money import format_amount
from store.reader import CHECK
from store.store import Store

CHART_SIZE = (8.0, 4.5)  # inches; at CHART_DPI: 800 x 450 pixels
CHART_DPI = 100
NAN = float("nan")  # a gap in a chart's line
GAP_KIND = "gap"  # a gap row's kind: records lost in an older generation
GAP_NOTE = "%d RECORD%s MISSING: %s"  # its note: journal lines lost, each card's change


class ExportError(ValueError):
    """A folder that holds no unit's game, or an edition that is not built."""


def open_folder(folder: str):
    """The folder's files behind the few calls the store makes (read only here)."""
    return VirtualFlash(str(folder))


def guess_edition(fs) -> str:
    """The edition whose game the files hold: the settings file's, else the records' own
    kinds (each edition's hints: record kinds or "set" records only it journals, or a small
    start balance), else the registry's default edition."""
    config = Config(fs, DEFAULT, lambda: EDITIONS)
    if config.set_up():
        return config.edition
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


def write_csv(rows: list, path: str) -> None:
    columns: list = []
    for row in rows:
        for name in row:
            if name not in columns:
                columns.append(name)
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, columns)
        writer.writeheader()
        for row in rows:
            writer.writerow(row)


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


def card_chart(cards: list, start: dict, rows: list, path: str, title: str, money=None) -> int:
    """Every card's balance over the game, one line a card; returns the number of lines.
    money: how the unit writes an amount (the axis labels), e.g. rules.money.format_amount."""
    pyplot, figure, axes = _figure(title, 1)
    ax = axes[0]
    if money is not None:
        from matplotlib.ticker import FuncFormatter

        ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos: money(int(value))))
    xs = [0] + [i + 1 for i in range(len(rows))]
    colours = {}
    for n in cards:
        values = [start[n]] + [row["card_%d" % n] for row in rows]
        (line,) = ax.step(xs, values, where="post", label="card %d" % n)
        colours[n] = line.get_color()
    purchases = mark_purchases(ax, rows, colours)
    ax.set_xlabel("transaction")
    ax.set_ylabel("balance")
    ax.legend(fontsize="small", ncol=4)
    ax.grid(True, alpha=0.3)
    gaps = mark_gaps(ax, rows)
    _save(pyplot, figure, path, len(cards), gaps, purchases)
    return len(cards)


PURCHASES = ("buy", "auction")  # the Banker's tags of a deed bought from the bank


def purchase_rows(rows: list) -> list:
    """(x, buyer, square) of each deed bought from the bank (at its price or at auction) and
    not taken back, x its place on the chart (the row's number from 1)."""
    found = []
    for i, row in enumerate(rows):
        if row["kind"] in PURCHASES and not row["undone"] and row.get("deed", "") != "":
            found.append((i + 1, int(row["payer"].split()[1]), row["deed"]))
    return found


def mark_purchases(ax, rows: list, colours: dict) -> int:
    """A triangle on the buyer's line at each purchase, labelled with the deed's square (the
    number the unit names a deed by); how many."""
    found = purchase_rows(rows)
    if found:  # the legend's entry, in no card's colour
        ax.scatter([], [], marker="v", s=36, color="dimgrey", label="deed bought (square)")
    for x, buyer, square in found:
        y = rows[x - 1]["card_%d" % buyer]
        ax.scatter([x], [y], marker="v", s=36, color=colours[buyer], zorder=3)
        ax.annotate(
            str(square),
            (x, y),
            textcoords="offset points",
            xytext=(0, 6),
            fontsize="x-small",
            ha="center",
            color=colours[buyer],
        )
    return len(found)


def mark_gaps(ax, rows: list) -> int:
    """A red dashed line and its note's count ("2 missing") at each gap row; how many."""
    gaps = 0
    for i, row in enumerate(rows):
        if row["kind"] == GAP_KIND:
            ax.axvline(i + 1, color="red", linestyle="--", linewidth=1)
            label = row["note"].split(" RECORD", 1)[0] + " missing"
            ax.annotate(
                label,
                (i + 1, 1),
                xycoords=("data", "axes fraction"),
                color="red",
                fontsize="small",
                ha="right",
                va="top",
                rotation=90,
            )
            gaps += 1
    return gaps


def market_chart(codes: list, tokens: list, rows: list, path: str, title: str) -> int:
    """Share prices per listed company (top) and each token's TOTAL (bottom) over the game;
    returns the number of lines."""
    pyplot, figure, (prices, totals) = _figure(title, 2)
    xs = [i + 1 for i in range(len(rows))]
    for c in codes:
        values = [row["price_%02d" % c] or NAN for row in rows]  # unlisted: no line
        prices.step(xs, values, where="post", label="%02d" % c)
    prices.set_ylabel("share price")
    prices.legend(fontsize="x-small", ncol=6)
    for t in tokens:
        values = [row["total_" + t] for row in rows]
        totals.step(xs, [NAN if v is None else v for v in values], where="post", label=t)
    totals.set_ylabel("TOTAL")
    totals.set_xlabel("transaction")
    totals.legend(fontsize="x-small", ncol=6)
    for ax in (prices, totals):
        ax.grid(True, alpha=0.3)
    _save(pyplot, figure, path, len(codes) + len(tokens))
    return len(codes) + len(tokens)


def export(folder, csv_path=None, chart_path=None, edition: str | None = None) -> dict:
    """Write the CSV and/or the chart of the game in `folder`; returns {"edition", "rows",
    "series"} (series: lines on the chart, 0 without one), and "from", history_from()'s line,
    when the unit's oldest generations were removed (the chart's title says it too)."""
    fs = open_folder(folder)
    if not fs.listdir():
        raise ExportError("%s holds no unit's files (snap.N, log.N)" % folder)
    name = edition or guess_edition(fs)
    series = 0
    start_line = ""
    hints = about(name, "hints") if name in EDITIONS else None  # None: _edition says why
    if hints is not None and hints.HISTORY == "market":
        codes, tokens, rows = market_game(fs, name)
        if chart_path:
            series = market_chart(codes, tokens, rows, chart_path, hints.NAME)
    else:
        deeds = hints is not None and hints.HISTORY == "deeds"
        ed, cards, start, rows, first = card_game(fs, name, deeds)
        start_line = history_from(first)
        if chart_path:
            title = ed.name.replace("_", " ").title()
            if start_line:
                title += ", " + start_line
            # its own amount format on the axis: K and M, or plain whole notes ($1500)
            money = format_amount if about(ed.name).KM_MONEY else None
            series = card_chart(cards, start, rows, chart_path, title, money)
    if csv_path:
        write_csv(rows, csv_path)
    done = {"edition": name, "rows": len(rows), "series": series}
    if start_line:
        done["from"] = start_line
    return done
