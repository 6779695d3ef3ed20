"""Printable keypad legends, true size (mm), one per layout in boards/keymaps.py and language.

Each sheet names the matrix rows and columns beside the keys (R1 at the top, C1 on the left,
as hardware/keypads.md and the self-test name them); the membrane's also draws its ribbon
tail at the edge it leaves, with the wire each of its pins carries, so that the overlay is
stuck on the right way up. English sheets print PRINTED's words; a language with a table
(lang/<code>.txt) has sheets of its own, `<matrix>_<edition>_<code>.svg`, printing each key's
name in that table (host_sim/key_names.py, as the unit's self-test names the keys), its long
words broken where BREAKS says."""

from tools.hardware.geometry import keypad_geometry
from tools.hardware.svg import Svg

MARGIN = 8.0
HEADER = 13.0
FOOTER = 16.0
SCALE_BAR = 50.0  # mm; measure it on the print
RIBBON_DRAWN = 9.0  # mm of the ribbon tail drawn below a membrane's outline (not to be cut)
RIBBON_NOTE = 8.0  # mm under it for what its wires are
INK = "#777777"  # the row, column and ribbon marks: beside the legend, not part of it
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"

# Key colours: (fill, text). Digits and the point are plain; these stand out; any other key
# (a later edition's) is dark grey with white text.
KEY_STYLES = {
    "GO": ("#2e7d32", "#ffffff"),
    "C": ("#c62828", "#ffffff"),
    "K": ("#1565c0", "#ffffff"),
    "M": ("#1565c0", "#ffffff"),
    "CONFIRM": ("#2e7d32", "#ffffff"),
    "CANCEL": ("#c62828", "#ffffff"),
}
# What players read on a key whose logical name is a short code, or too long for one line
# (a long word alone would print in a 1.5 mm font): lines, top to bottom.
PRINTED = {
    "BANK": ["BANK", "PURCHASE"],
    "BUYP": ["BUY", "PLAYERS"],
    "ONOFF": ["ON/OFF"],
    "NEWGAME": ["NEW", "GAME"],
    "REMOVE": ["REMOVE", "A PLAYER"],  # the rulebook's REMOVE A PLAYER
    "INTEREST": ["INTER-", "EST"],
    "MORTGAGE": ["MORT-", "GAGE"],
    "BANKRUPT": ["BANK-", "RUPT"],
    "AUCTION": ["AUC-", "TION"],
}
# Where a long word of a translated key name breaks on the cap (a hyphen ends each line but
# the last): the words only, the names being the table's. A word of 8 letters or more needs
# one (tests/host/test_legend_fit.py), as MORT-GAGE does in English.
BREAKS = (
    "HYPO-THÈQUE",
    "FAIL-LITE",
    "EN-CHÈRE",
    "CONS-TRUIRE",
    "INTÉ-RÊTS",
    "REVI-SUA-LISER",
    "CON-FIRMER",
)
ENGLISH = "en"
PLAIN = ("#ffffff", "#111111")
OTHER = ("#37474f", "#ffffff")


def languages() -> tuple:
    """English, then every language with a table (lang/<code>.txt): one set of sheets each."""
    from host_sim.lang_tables import codes

    return (ENGLISH,) + tuple(codes())


def file_name(matrix: str, edition: str, lang: str = ENGLISH) -> str:
    if lang == ENGLISH:
        return "%s_%s.svg" % (matrix, edition)
    return "%s_%s_%s.svg" % (matrix, edition, lang)


def key_text(key: str, lang: str = ENGLISH) -> list:
    """The lines printed on a key: in English its PRINTED text, else snake_case words as
    lines; in another language the words of its name there, each long one broken."""
    if lang != ENGLISH:
        from host_sim.key_names import key_name

        lines: list = []
        for word in key_name(key, lang).split():
            lines.extend(broken(word))
        return lines
    if key in PRINTED:
        return PRINTED[key]
    words = key.replace("_", " ").upper().split()
    return words or [key]


def broken(word: str) -> list:
    """A word as the lines of a cap: its BREAKS entry's parts, else the word whole."""
    for pattern in BREAKS:
        if pattern.replace("-", "") == word:
            parts = pattern.split("-")
            return [part + "-" for part in parts[:-1]] + parts[-1:]
    return [word]


def one_line(lines: list) -> str:
    """A cap's lines as one line: a word broken with a hyphen whole again ("MORTGAGE")."""
    text = ""
    for line in lines:
        if not text:
            text = line
        elif text.endswith("-"):
            text = text[:-1] + line
        else:
            text += " " + line
    return text


def label_size(lines: list, w: float, h: float, key: str) -> float:
    """The font size (mm) of a key's lines on a w x h tile: the lines fill 60 % of its height
    or 78 % of its width (a capital taken as 0.72 of the size wide), whichever is less."""
    if key == ".":
        return h * 0.9  # a lone point needs a big glyph to be seen
    longest = max(len(line) for line in lines)
    return min(h * 0.6 / len(lines), w * 0.78 / (0.72 * longest))


def baselines(lines: list, cy: float, size: float, key: str) -> list:
    """Each line's baseline (mm) on a tile centred at cy: the lines centred around it."""
    if key == ".":
        return [cy + size * 0.12]
    first = cy - (len(lines) - 1) * size * 0.55
    return [first + index * size * 1.1 + size * 0.36 for index in range(len(lines))]


def _style(key: str) -> tuple:
    if key in KEY_STYLES:
        return KEY_STYLES[key]
    if key.isdigit() or key == ".":
        return PLAIN
    return OTHER


def _label(svg: Svg, cx: float, cy: float, w: float, h: float, key: str, colour: str,
           lang: str) -> None:  # fmt: skip
    lines = key_text(key, lang)
    size = label_size(lines, w, h, key)
    for line, baseline in zip(lines, baselines(lines, cy, size, key), strict=True):
        svg.text(cx, baseline, line, font_size=size, font_weight="bold", fill=colour,
                 text_anchor="middle", font_family=FONT)  # fmt: skip


def legend(matrix: str, edition: str, layout, lang: str = ENGLISH) -> str:
    """The legend sheet of one layout as SVG in millimetres, its keys named in `lang`."""
    g = keypad_geometry(matrix)
    width, height = g.outline
    ribbon = RIBBON_DRAWN + RIBBON_NOTE if g.tail else 0.0
    sheet_w = max(width, SCALE_BAR + 10) + 2 * MARGIN
    sheet_h = HEADER + height + ribbon + FOOTER + 2 * MARGIN
    name = "Keypad legend %s %s" % (matrix, edition)
    svg = Svg(sheet_w, sheet_h, unit="mm", title=name if lang == ENGLISH else name + " " + lang)
    svg.rect(0, 0, sheet_w, sheet_h, fill="#ffffff")
    x0 = (sheet_w - width) / 2
    y0 = MARGIN + HEADER
    title = "%s, %s keypad" % (edition.replace("_", " ").title(), matrix)
    if lang != ENGLISH:
        from host_sim.key_names import LANGUAGE_NAMES

        title += ", %s legends" % LANGUAGE_NAMES.get(lang, lang)
    title_size = min(4.2, (sheet_w - 2 * MARGIN) / (0.66 * len(title)))
    svg.text(MARGIN, MARGIN + 4, title, font_size=title_size, font_weight="bold",
             font_family=FONT)  # fmt: skip
    if g.kind == "membrane":
        hint = "membrane overlay: cut on the dashed line"
    else:
        hint = "tiles for clear %g mm caps: cut out each" % g.key[0]
    svg.text(MARGIN, MARGIN + 9.5, hint, font_size=3, fill="#444", font_family=FONT)

    if g.kind == "membrane":
        svg.rect(x0, y0, width, height, rx=2.5, fill="#f4f4f4", stroke="#555",
                 stroke_width=0.25, stroke_dasharray="1.5 1")  # fmt: skip
        if g.tail:
            _ribbon(svg, g, x0, y0)
    _rows_and_columns(svg, g, x0, y0)
    for row in range(g.rows):
        for col in range(g.cols):
            key = layout[row][col] if row < len(layout) and col < len(layout[row]) else None
            cx, cy = g.centre(row, col)
            cx += x0
            cy += y0
            w, h = g.tile
            if key is None:
                svg.rect(cx - w / 2, cy - h / 2, w, h, rx=1.2, fill="none", stroke="#cccccc",
                         stroke_width=0.2)  # fmt: skip
                continue
            fill, ink = _style(key)
            stroke = "#555" if g.kind == "tactile" else "#999"
            svg.rect(cx - w / 2, cy - h / 2, w, h, rx=1.2, fill=fill, stroke=stroke,
                     stroke_width=0.25)  # fmt: skip
            _label(svg, cx, cy, w, h, key, ink, lang)

    bar_y = y0 + height + ribbon + 8
    svg.rect(MARGIN, bar_y, SCALE_BAR, 2, fill="#111111")
    for tick in range(0, int(SCALE_BAR) + 1, 10):
        svg.line(MARGIN + tick, bar_y - 1, MARGIN + tick, bar_y + 3, stroke="#111",
                 stroke_width=0.2)  # fmt: skip
    svg.text(MARGIN, bar_y + 7, "%g mm: print at 100 %%, no fit to page" % SCALE_BAR,
             font_size=2.8, fill="#444", font_family=FONT)  # fmt: skip
    return svg.document()


def _rows_and_columns(svg: Svg, g, x0: float, y0: float) -> None:
    """R1.. beside each row, C1.. over each column: the matrix wires the keys sit on."""
    for row in range(g.rows):
        cx, cy = g.centre(row, 0)
        svg.text(x0 - 1.2, y0 + cy + 0.8, "R%d" % (row + 1), font_size=2.2, fill=INK,
                 text_anchor="end", font_family=FONT)  # fmt: skip
    for col in range(g.cols):
        cx, cy = g.centre(0, col)
        svg.text(x0 + cx, y0 - 1.2, "C%d" % (col + 1), font_size=2.2, fill=INK,
                 text_anchor="middle", font_family=FONT)  # fmt: skip


def _ribbon(svg: Svg, g, x0: float, y0: float) -> None:
    """The membrane's tail where it leaves the keypad (the bottom edge), its wires numbered
    from the left with what each carries (geometry.MEMBRANE_4X4.ribbon)."""
    width, height = g.outline
    wires = len(g.ribbon)
    left = x0 + (width - g.tail) / 2
    top = y0 + height
    svg.rect(left, top, g.tail, RIBBON_DRAWN, fill="#e6e6e6", stroke=INK, stroke_width=0.2)
    pitch = g.tail / wires
    for index, wire in enumerate(g.ribbon):
        x = left + (index + 0.5) * pitch
        svg.line(x, top + 0.6, x, top + RIBBON_DRAWN - 3.2, stroke=INK, stroke_width=0.25)
        svg.text(x, top + RIBBON_DRAWN - 1.9, str(index + 1), font_size=1.6, fill="#333",
                 text_anchor="middle", font_family=FONT)  # fmt: skip
        svg.text(x, top + RIBBON_DRAWN - 0.4, wire, font_size=1.25, fill="#333",
                 text_anchor="middle", font_family=FONT)  # fmt: skip
    rows = [w for w in g.ribbon if w.startswith("R")]
    notes = (
        "its ribbon (not cut) at this edge, keys facing you:",
        "wires 1-%d rows %s-%s, %d-%d columns %s-%s"
        % (len(rows), rows[0], rows[-1], len(rows) + 1, wires, g.ribbon[len(rows)], g.ribbon[-1]),
    )
    for index, note in enumerate(notes):
        svg.text(x0 + width / 2, top + RIBBON_DRAWN + 3.4 + index * 3.0, note, font_size=2.2,
                 fill=INK, text_anchor="middle", font_family=FONT)  # fmt: skip


def index_page(layouts) -> str:
    from host_sim.key_names import LANGUAGE_NAMES

    others = languages()[1:]
    out = [
        "# Keypad legends",
        "",
        "<!-- Generated by `make hardware` (tools/hardware/legends.py) from"
        " `boards/keymaps.py` and `lang/<code>.txt`: do not edit. -->",
        "",
        "One sheet per keypad layout and language, true size in millimetres. Print at 100 %",
        "(no fit to page) and check the 50 mm bar with a ruler. The membrane overlay is cut on",
        "its dashed line and stuck on the 4x4 membrane (sticker paper, or paper under clear",
        "tape); the tactile tiles go under clear 12 mm caps. Key sizes live in",
        "`tools/hardware/geometry.py`. Each sheet marks the matrix rows (R1 at the top) and",
        "columns (C1 on the left) beside the keys; the membrane's also draws its ribbon where it",
        "leaves the keypad, the bottom edge, with each wire's number and line: the overlay goes",
        "on with that edge down. Which key is on which row, column and Pico pin:",
        "[keypads.md](../keypads.md).",
        "",
        "Each language with a table (`lang/<code>.txt`) has a sheet of every layout too,",
        "`<layout>_<edition>_<code>.svg` (French: `_fr`). It prints each key's name in that",
        "table, as the unit's self-test names the keys (a long word broken on two lines); the",
        "names are listed below the sheets. Stick on the sheet of the unit's LANGUAGE setting.",
        "",
        "| layout | edition | keypad | keys | sheet |"
        + "".join(" %s |" % LANGUAGE_NAMES.get(code, code) for code in others),
        "| --- | --- | --- | --- | --- |" + " --- |" * len(others),
    ]
    for (matrix, edition), layout in sorted(layouts.items()):
        keys = [key for row in layout for key in row if key is not None]
        kind = keypad_geometry(matrix).kind
        sheets = [file_name(matrix, edition, code) for code in (ENGLISH,) + others]
        out.append(
            "| %s | %s | %s %s | %s |" % (matrix, edition, matrix, kind,
                                          " ".join("`%s`" % k for k in keys))
            + "".join(" [%s](%s) |" % (name, name) for name in sheets)
        )  # fmt: skip
    for code in others:
        out += _names_table(layouts, code)
    out.append("")
    return "\n".join(out)


def _names_table(layouts, code: str) -> list:
    """The keys whose legend has a letter, with what the English and `code` sheets print."""
    from host_sim.key_names import LANGUAGE_NAMES

    out = [
        "",
        "## The keys in %s" % LANGUAGE_NAMES.get(code, code),
        "",
        "| key | English legend | %s legend |" % LANGUAGE_NAMES.get(code, code),
        "| --- | --- | --- |",
    ]
    seen: list = []
    for _, layout in sorted(layouts.items()):
        for key in (key for row in layout for key in row if key is not None):
            if key not in seen and any(char.isalpha() for char in key):
                seen.append(key)
                out.append(
                    "| `%s` | %s | %s |"
                    % (key, one_line(key_text(key)), one_line(key_text(key, code)))
                )
    return out
