"""The keys' names in a language with a table, as its keypads' legends print them.

Each logical key (firmware/rules/keys.py) is looked up in lang/<code>.txt as the unit's
self-test key page looks it up (its big line is the key's name, through the table): that table
is the one source of a language's key names, for the legend sheets (tools/hardware/legends.py),
the player pages (tests/host/test_player_pages_keys.py checks them), the terminal UI's legend
and the web page's keypad. English needs no table: its legends are tools/hardware/legends.py's.
"""

import functools

from boards.keymaps import LAYOUTS
from host_sim.lang_tables import SOURCES, parse, translate
from rules.keys import POINT

ENGLISH = "en"
LANGUAGE_NAMES = {"fr": "French"}  # in English: the titles of the sheets and the simulator's


def laid_out() -> list:
    """Every logical key of every layout, each once, in layout order."""
    keys: list = []
    for rows in LAYOUTS.values():
        for row in rows:
            keys.extend(key for key in row if key is not None and key not in keys)
    return keys


@functools.cache
def key_names(code: str) -> dict:
    """{logical key: its name in language `code`} for every key laid out. A key with a letter
    and no entry in the table is refused (LookupError naming it): a legend is never left in
    English by accident. A digit is its own name; the point is the table's decimal mark (its
    DECIMAL POINT entry: "," in French), as the unit's screens write it when the key is typed."""
    entries = parse((SOURCES / (code + ".txt")).read_text(encoding="utf-8"), code + ".txt")
    names = {}
    for key in laid_out():
        if any(char.isalpha() for char in key) and key not in entries:
            raise LookupError("lang/%s.txt has no entry for the key %s" % (code, key))
        names[key] = translate(entries, key)
    names[POINT] = entries.get("DECIMAL POINT", POINT)
    return names


def key_name(key: str, code: str) -> str:
    """One key's name in language `code` (English: the logical key itself)."""
    if code == ENGLISH:
        return key
    return key_names(code)[key]
