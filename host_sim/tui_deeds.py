"""The terminal UI's board of the Banker's deeds, the choice of a deed tag to lay on a reader, and
the help's lines on a building auction.

The board: the 28 deeds in two columns in board order (squares 1-19 and 21-39), each row the
square (in its colour group's colour), the owner (c1: card 1, a dash: the bank), the buildings
(1h-4h houses, H a hotel) and M when mortgaged; then a key to it and the bank's supply of
houses and hotels. The compact layout's board (COMPACT_COLUMNS) has four columns of seven and
its key on one line: it takes the braille panel's place while D is on.
What it shows is VirtualUnit.deeds() and bank_supply(): the estate the unit itself holds.
Its words are English unless a `said` is given (tui_keys.KeyTable.said: the unit's language).
"""

from editions.banker.deeds import HOTEL, group
from editions.banker.hints import GROUP_NAMES
from rich.text import Text

from host_sim.tui_words import english

# The colour groups' colours on a terminal (GROUP_NAMES' order), then railroads and utilities.
GROUP_STYLES = (
    "rgb(150,90,50)",  # brown
    "rgb(150,210,240)",  # light blue
    "rgb(220,80,160)",  # pink
    "rgb(240,150,40)",  # orange
    "rgb(220,40,40)",  # red
    "rgb(240,220,40)",  # yellow
    "rgb(40,170,80)",  # green
    "rgb(60,90,220)",  # dark blue
    "bold",  # railroads
    "dim",  # utilities
)
assert len(GROUP_STYLES) == len(GROUP_NAMES)
CELL = "%2d %-2s %-2s %s"  # square, owner, buildings, M: "39 c1 4h M"
COLUMN_GAP = "   "
KEY = ("c1: card 1's  -: bank's", "1h-4h: houses  H: hotel", "M: mortgaged")
WIDTH = 26  # inside the panel beside the OLED: (160 - 130) columns less border and padding
COMPACT_COLUMNS = 4
COMPACT_WIDTH = 62  # inside the compact panel's place: 66 columns less border and padding
MAX_SQUARE_DIGITS = 2  # a deed's square is 1..39


def buildings_text(buildings: int) -> str:
    """0 -> "", 1..4 -> "1h".."4h" (houses), 5 -> "H" (a hotel)."""
    if buildings == HOTEL:
        return "H"
    return "%dh" % buildings if buildings else ""


def deed_cell(square: int, deed: dict) -> Text:
    """One deed's row: '39 c1 4h M' (card 1's, four houses, mortgaged), '39 -' the bank's."""
    owner = "-" if deed["owner"] is None else "c%d" % deed["owner"]
    cell = CELL % (
        square,
        owner,
        buildings_text(deed["buildings"]),
        "M" if deed["mortgaged"] else " ",
    )
    text = Text(cell[:2], style=GROUP_STYLES[group(square)])
    text.append(cell[2:], style="bold" if deed["owner"] is not None else "dim")
    return text


def board_text(deeds: dict, supply: dict, columns: int = 2, said=english) -> Text:
    """Every deed (square -> {owner, buildings, mortgaged}) in `columns` columns, in board
    order down each column, then the key (a line each part; on one line with more than two
    columns) and the supply."""
    squares = sorted(deeds)
    height = -(-len(squares) // columns)
    text = Text()
    for row in range(height):
        for column, index in enumerate(range(row, len(squares), height)):
            if column:
                text.append(COLUMN_GAP)
            text.append_text(deed_cell(squares[index], deeds[squares[index]]))
        text.append("\n")
    parts = [said(part) for part in KEY]
    key = "\n".join(parts) if columns <= 2 else "  ".join(parts)
    text.append("\n" + key + "\n", style="dim")
    text.append(said("bank: %(houses)d houses, %(hotels)d hotels") % supply)
    return text


def deed_prompt(slot: str, typed: str, said=english) -> str:
    """The slot line while a deed's square is chosen for a reader."""
    return said("%s reader: deed on square %s_ (1-39), Enter lays it, Esc cancels") % (
        said(slot.upper()),
        typed,
    )


def held_text(held, said=english) -> str:
    """What a slot holds as VirtualUnit.slot_cards says it: a card's number, "deed 39", or
    "spare 2" -> "card 3", "deed 39", "spare 2" (in French "carte 3", "titre 39"...)."""
    if isinstance(held, int):
        return said("card %d") % held
    kind, _, number = str(held).partition(" ")
    return said(kind) + (" " + number if number else "")


BUILDING_AUCTION_TITLE = "Building auction (the bank has fewer houses or hotels than wanted):"


def building_auction_help(term: dict, said=english, keycap=None) -> list:
    """The help's lines on a building auction (docs/banker.md, "When the bank runs short"):
    how it starts, how each bid names the bidder's lot, how it ends; each unit key as
    keycap(public, english) names it (KeyTable.keycap; None: in English) with the terminal key
    `term` gives for it (public name -> terminal key)."""

    def key(public: str, english: str) -> str:
        return "%s (%s)" % (keycap(public, english) if keycap else english, term[public])

    auction, deed = key("auction", "AUCTION"), key("deed", "DEED")
    go, clear = key("go", "GO"), key("C", "C")
    lines = [
        "%s with no deed laid or typed: the bank's next house under the hammer;",
        "%s again before the first bid: a hotel instead (and back).",
        "Each bid: the bidder's card in RED (]), the lot's tag on GREEN ([ d, its",
        "square, Enter) or its square then %s, the amount, %s. The lot must take",
        "that building next (a hotel: only a lot with 4 houses); each bid starts the",
        "countdown again. At its end %s builds it on the highest bid's lot for the",
        "bid; %s stops the auction (with no bid the bank keeps the building).",
    ]
    values = ((auction,), (auction,), (), (deed, go), (), (go,), (clear,))
    return [
        said(line) % value if value else said(line)
        for line, value in zip(lines, values, strict=True)
    ]
