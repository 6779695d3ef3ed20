"""The terminal UI's compact layout (from 80 x 24 up to the full layout's size): its texts.

The compact layout puts the panel in braille (tui_panel.BrailleView) beside a narrow column of
balances, then one line for the slots (or the prompt of a pending slot or hold) and the latest
sounds, the status line, and the keys packed into at most HINT_ROWS lines (? lists them all).
The Banker's board of deeds takes the panel's place while D is toggled on.
"""

from rich.text import Text

from host_sim.tui_words import english

COMPACT_SIZE = (80, 24)  # columns, rows: smaller still is told how large to make the window
HINT_ROWS = 4
BALANCE_WIDTH = 11  # in the balances column: 80 - 66 (the braille panel), its border, a space
SLOT_MARK = {"green": "G", "red": "R"}


def balances_column(balances: dict, slots: dict, money, uses_cards: bool, said=english) -> Text:
    """A line per card, "c2 15.26M G" (G or R: in that slot), or per Stock Exchange token,
    "hat     65", each at most BALANCE_WIDTH characters for amounts of up to 6 characters
    (15.26M, -$1230; up to 7 digits of a total). said: the words in the unit's language
    (tui_keys.KeyTable.said)."""
    text = Text()
    if not uses_cards:
        for token, value in balances.items():
            text.append("%-4s%7d\n" % (token, value))
        if not balances:
            text.append(said("no token\nin play yet"), style="dim")
        text.rstrip()
        return text
    holder = {card: slot for slot, card in slots.items() if isinstance(card, int)}
    for card, amount in sorted(balances.items()):
        text.append("c%-2d%6s" % (card, money(amount)))
        slot = holder.get(card)
        if slot is not None:
            text.append(" " + SLOT_MARK[slot], style="bold reverse " + slot)
        text.append("\n")
    text.rstrip()
    return text


GAP = "  "  # between two entries of a line


def hint_width(term: str, label: str) -> int:
    """Columns an entry takes: " t " (reversed), then " label"."""
    return len(term) + len(label) + 3


def pack_hints(items, width: int, rows: int = HINT_ROWS) -> Text:
    """(terminal key, label, required) entries in at most `rows` lines of `width` columns, in
    order, never breaking an entry; the entries not required are left out, last ones first,
    until the rest fits. ValueError when the required ones alone do not fit."""
    kept = list(items)
    while True:
        lines = _lines(kept, width)
        if len(lines) <= rows:
            break
        optional = [i for i, item in enumerate(kept) if not item[2]]
        if not optional:
            raise ValueError("the keys need more than %d lines of %d columns" % (rows, width))
        del kept[optional[-1]]
    text = Text()
    for index, line in enumerate(lines):
        if index:
            text.append("\n")
        for position, (term, label, _) in enumerate(line):
            if position:
                text.append(GAP)
            text.append(" %s " % term, style="reverse")
            text.append(" " + label)
    return text


def _lines(items, width: int) -> list:
    lines: list = [[]]
    used = 0
    for item in items:
        need = hint_width(item[0], item[1])
        if lines[-1] and used + len(GAP) + need > width:
            lines.append([])
            used = 0
        used += need + (len(GAP) if lines[-1] else 0)
        lines[-1].append(item)
    return lines


def sounds_text(cues, width: int) -> Text:
    """'♪ credit  ♪ key': the newest sound cues that fit in `width` columns, oldest first."""
    shown: list = []
    used = 0
    for cue in reversed(list(cues)):
        entry = "♪ %s" % cue
        if used + len(entry) + (2 if shown else 0) > width:
            break
        shown.insert(0, entry)
        used += len(entry) + (2 if len(shown) > 1 else 0)
    return Text("  ".join(shown))
