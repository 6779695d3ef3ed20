"""lang/fr.txt, the French table of the screens (docs/languages.md): every entry parses, fits
its place once its # are filled, keeps the key's # and draws only what the font has; the keys
are unique, every card of Revolution's Chance deck has its French text, and every message
constant of the firmware (ERR_..., MSG_..., read from the source as
tests/host/test_message_texts.py reads them) has its entry."""

import pathlib
import re

from editions.revolution import chance
from test_message_texts import message_constants

from host_sim.lang_tables import LINE_MAX, key_hash

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
TABLE = ROOT / "lang" / "fr.txt"

LINE = 21  # small-font characters across the panel
FILL = "XXX"  # what a # stands for in the width check
DRAWN = {chr(code) for code in range(32, 91)} | set("ÀÂÇÈÉÊËÎÏÔÙÛ£€")
SEPARATOR = " = "
TOKEN = re.compile(r"#[1-9]?")

# Lines drawn in a narrower place than a whole line, with the tokens they show at their widest
# in play: titles beside the card icons (15 characters with a GREEN card in, 16 with a RED one
# alone; 13 beside Revolution's symbol and a GREEN card).
NARROW = {
    "CARD # > CARD #": (15, ("8", "8")),
    "CARD # RECEIVES": (15, ("8",)),
    "CARD # PAYS": (16, ("8",)),
    "CARD # HISTORY": (15, ("8",)),
    "CARD #  #": (15, ("8", "#1,210")),
    "CARD #  GAP": (15, ("8",)),
    "CARD # FINE": (16, ("8",)),
    "CARD # MORTGAGE": (16, ("8",)),
    "LIFT # #": (16, ("1.5M", "+10%")),
    "BUY: CARD #": (16, ("8",)),
    "RENT TO CARD #": (16, ("8",)),
    "HOUSE # CARD #": (16, ("4:", "8")),
    "HOTEL: CARD #": (16, ("8",)),
    "SELL THE HOTEL": (15, ()),
    "SELL A HOUSE": (15, ()),
    "SELL # HOTELS": (15, ("3",)),
    "MORTGAGE CARD #": (15, ("8",)),
    "LIFT: CARD #": (16, ("8",)),
    "SOLD TO CARD #": (16, ("8",)),
    "HOUSE TO CARD #": (16, ("8",)),
    "HOTEL TO CARD #": (16, ("8",)),
    "CARD # BID # S": (16, ("8", "15")),
    "TRADE: # TO #": (15, ("8", "8")),
    "TRADE # LIFT": (15, ("8>8",)),
    "CHANCE CARD #": (13, ("8",)),
    "CARD # ZONE": (13, ("8",)),
    "TRANSPORT ZONE": (16, ()),  # beside the symbol and the sound-off icon
    "TRADE # #": (15, ("8>8", "+10%")),
    # whole lines whose tokens are known short (card numbers, a lot's buildings): the width
    # check takes these rather than 3 characters a token
    "CARD # # # #": (LINE, ("8",) * 4),
    "CARD # # # # #": (LINE, ("8",) * 5),
    "CARD # # # # # #": (LINE, ("8",) * 6),
    "CARD # # # # # # #": (LINE, ("8",) * 7),
    "CARD # # # # # # # #": (LINE, ("8",) * 8),
    "# HOUSES, TO # #": (LINE, ("+12", "4", "4")),
    "# HOUSE, TO # # #": (LINE, ("+1", "4", "4", "4")),
    "# HOUSES, TO # # #": (LINE, ("+12", "4", "4", "4")),
}
# Big lines (view["big"]): small font x2 holds 10 characters; what the English says there in
# x2 or larger (10 characters at most), the French says in x2 at least.
BIG = (
    "SURE?", "CARD?", "NEW", "CARD #", "CARD", "BEEP", "PASS", "FAIL", "GO=APPLY", "PRISON",
    "FREE", "RAILROAD", "BACK #", "PEDESTRIAN", "CYCLIST", "CAR", "SPACE", "ON", "OFF",
    "SILENT", "BEEPS ONLY", "SOFT", "MEDIUM", "LOUD", "QUIET", "EL. BANKING", "REVOLUTION",
    "CLASSIC", "BANKER", "STOCK EXCH.",
)  # fmt: skip
# The Stock Exchange's form labels: 6 characters before the value's column.
LABELS = ("TOKEN", "BUYER", "SELLER", "CODE", "SHARES", "PRICE")
# Its tokens' names alone: a form's value (4 characters from x 42, the amount beside it) and
# TOTAL's (4 beside a 5-digit total); the market header's token columns, a character each.
TOKEN_NAMES = ("HAT", "CAR", "DOG", "SHOE", "IRON", "BOAT")
TOKEN_COLUMNS = "HCDSIB"


def key_of(text: str) -> str:
    """The table's key of a line as shown: each space-separated token with a digit is #."""
    return " ".join("#" if any(c.isdigit() for c in token) else token for token in text.split(" "))


# Revolution's Chance cards: translated whole, then scrolled 21 characters at a time (any length
# up to the table's limit).
DECK = [chance.text(card) for card in range(chance.CARD_COUNT)]
SCROLLED = {key_of(text) for text in DECK}


def parse(text: str) -> list:
    """[(line number, English, French)]: "//" comments and blank lines skipped; an entry's
    separator is its middle " = " (a text may hold " = " itself: both sides as many)."""
    entries = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip() or line.startswith("//"):
            continue
        parts = line.split(SEPARATOR)
        assert len(parts) % 2 == 0, (number, "an odd number of ' = ' is needed", line)
        half = len(parts) // 2
        entries.append((number, SEPARATOR.join(parts[:half]), SEPARATOR.join(parts[half:])))
    return entries


def fill(french: str, tokens) -> str:
    """The French with its # filled: #n with tokens[n - 1], a bare # with the next one."""
    order = iter(range(len(tokens)))

    def token(match) -> str:
        name = match.group(0)
        return tokens[int(name[1:]) - 1] if len(name) > 1 else tokens[next(order)]

    return TOKEN.sub(token, french)


def right_aligned(english: str, french: str) -> bool:
    """A boot summary line: its value at the right edge after a run of spaces, the French
    keeping the value in the same column."""
    if "  " not in english or "  " not in french:
        return False
    value = english.rsplit(" ", 1)[1]
    return french.endswith("  " + value) and len(french) == len(english)


def entries() -> list:
    return parse(TABLE.read_text(encoding="utf-8"))


def messages():
    """(file, name, key) of every ERR_/MSG_ constant: as test_message_texts reads them, the
    templates too (%d, %02d as a number: a # in the key); those with %s are skipped: the table
    lists the lines they make."""
    for source, name, said in message_constants():
        if name == "MSG_NOT_IDLE" or "%s" in said:
            continue  # (MSG_NOT_IDLE: a programming error's exception, never shown)
        shown = re.sub(r"%0?\d*d", "0", said).replace("%%", "%")
        yield str(source), name, key_of(shown)


def test_the_table_parses_and_is_large():
    found = entries()
    assert len(found) > 400
    for number, english, french in found:
        assert english and french, number
        assert english == english.strip() and french == french.strip(), number


def test_keys_are_unique_and_are_keys():
    seen: dict = {}
    for number, english, _ in entries():
        assert english not in seen, (number, seen.get(english), english)
        seen[english] = number
        # a key is its own key: no token with a digit left, and capitals
        assert key_of(english) == english, (number, english)
        assert english == english.upper(), (number, english)


def test_each_french_keeps_the_keys_tokens():
    for number, english, french in entries():
        count = english.split(" ").count("#")
        assert english.count("#") == count, (number, english)
        marks = TOKEN.findall(french)
        assert len(marks) == count, (number, english, french)
        numbered = sorted(int(mark[1:]) for mark in marks if len(mark) > 1)
        if numbered:  # reordered: each token once, all numbered
            assert numbered == list(range(1, count + 1)), (number, french)


def test_the_font_draws_every_character():
    for number, english, french in entries():
        for text in (english, french):
            assert set(text) <= DRAWN, (number, text, sorted(set(text) - DRAWN))
        assert french == french.upper(), (number, french)


def test_each_french_fits_its_line():
    too_long = []
    for number, english, french in entries():
        if right_aligned(english, french) or english in NARROW or english in SCROLLED:
            continue  # the summary's (its value's column), checked by test_narrow_places, or
            # by test_every_chance_card_has_its_french_text
        filled = fill(french, [FILL] * english.split(" ").count("#"))
        if len(filled) > LINE:
            too_long.append((number, french, len(filled)))
    assert too_long == []


def test_the_summary_lines_keep_their_values_column():
    aligned = [
        (english, french) for _, english, french in entries() if right_aligned(english, french)
    ]
    assert len(aligned) > 25
    for english, french in aligned:
        assert len(english) <= LINE and english[0] != " " and french[0] != " "


def test_narrow_places():
    table = {english: french for _, english, french in entries()}
    for english, (width, tokens) in NARROW.items():
        assert english in table, english
        shown = fill(table[english], tokens)
        assert len(shown) <= width, (english, shown, width)
    for english in BIG:
        shown = fill(table[english], ["8"] * english.count("#"))
        assert len(shown) <= 10 or len(english) > 10, (english, shown)
    for english in LABELS:
        assert len(table[english]) <= 6, (english, table[english])
    names = [table[english] for english in TOKEN_NAMES]
    assert all(len(name) <= 4 for name in names) and len(set(names)) == len(names), names
    assert len(table[TOKEN_COLUMNS]) == len(TOKEN_COLUMNS)


def test_every_chance_card_has_its_french_text():
    table = {english: french for _, english, french in entries()}
    assert len(DECK) == 26 and len(SCROLLED) == len(DECK)  # every card its own text
    scrolled = []
    for text in DECK:
        key = key_of(text)
        assert key in table, text
        tokens = [token for token in text.split(" ") if any(c.isdigit() for c in token)]
        shown = fill(table[key], tokens)
        assert all(token in shown for token in tokens), (text, shown)  # the amount kept
        assert len(text.encode()) <= LINE_MAX and len(table[key].encode()) <= LINE_MAX, text
        assert shown != text, text
        scrolled.append(" " * 20 + shown)
    # ui.lang draws a line of 21 characters found in the card scrolling as it is: no line of
    # the table is one
    for english in table:
        assert len(english) != LINE or not any(english in text for text in scrolled), english


def test_every_message_constant_has_an_entry():
    found = list(messages())
    assert len(found) > 150  # the scan reads the constants (folded ones, tuples, templates)
    keys = {english for _, english, _ in entries()}
    missing = sorted({(source, name, key) for source, name, key in found if key not in keys})
    assert missing == []


def test_key_of_as_documented():
    assert key_of("DEED 5 ENROLLED") == "DEED # ENROLLED"
    assert key_of("TYPE 1-6, THEN GO") == "TYPE # THEN GO"
    assert key_of("CARD 3  #12") == "CARD #  #"
    assert fill("CHACUN PAIE #2 À #1", ["3", "100K"]) == "CHACUN PAIE 100K À 3"
    assert parse("GO = YES   C = NO = GO = OUI   C = NON\n// x = y") == [
        (1, "GO = YES   C = NO", "GO = OUI   C = NON")
    ]


def firmware_lines():
    """Every text with words the firmware's source writes (its string constants, a %d or %s as
    a token, a deed's name) that could be drawn: the lines an English unit may show."""
    import ast

    from editions.banker import deeds

    found = set()
    for source in sorted((ROOT / "firmware").rglob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = re.sub(r"%0?\d*[ds]", "0", node.value).replace("%%", "%")
                if 0 < len(text) <= LINE and "\n" not in text and re.search("[A-Z]", text):
                    found.add(text)
    found.update(deeds.name(square) for square in deeds.SQUARES)
    return found


def _letters(n: int) -> str:
    """A word of capitals for each n (n in base 26)."""
    word = ""
    while True:
        word += chr(65 + n % 26)
        n //= 26
        if not n:
            return word


def mistaken(lines, keys) -> dict:
    """{line: the entry it would be drawn as} for the lines with no entry whose key hashes as
    one of `keys`."""
    hashes = {key_hash(key): key for key in keys}
    return {
        line: hashes[key_hash(key_of(line))]
        for line in lines
        if key_of(line) not in keys and key_hash(key_of(line)) in hashes
    }


def test_no_line_of_the_firmware_hashes_as_another_lines_entry():
    # The unit's index holds the keys' 24-bit hashes, not the keys: a line with no entry whose
    # key hashes as an entry's would be drawn as that entry's French. No text the firmware
    # writes (a constant, a template with its tokens, a deed's name) may do so.
    keys = {key for _, key, _ in entries()}
    lines = firmware_lines()
    assert len(lines) > 400 and "BOARDWALK" in lines
    assert mistaken(lines, keys) == {}
    # (and one that does is found: a word made to hash as an entry's key)
    target = {key_hash(key) for key in keys}
    words = (word for word in map(_letters, range(10**7)) if word not in keys)
    made = next(word for word in words if key_hash(word) in target)
    assert made in mistaken(lines | {made}, keys)
