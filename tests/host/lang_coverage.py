"""What a language's table leaves out: a scripted game (tests/scripts/) played in that language
with the renderer's log on, every text drawn checked against what the table gave for it.

play(script, "fr") returns a Coverage: the English lines with words the table has no entry for
(`untranslated`), the lines drawn cut at the glass's edge or by the title's icons (`cut`: what
should have been drawn -> what was), and the texts drawn that never went through the table
(`bypassed`: a screen the renderer's Screen does not draw). A text longer than the glass
(Revolution's Chance card) is looked up whole, then drawn a window of 21 characters at a time,
each drawn as the table gives it back: a window is a piece of such a text as translated, or it
is a line of its own (and has no entry). The script's `expect` steps name
English screens: they are skipped, the actions are played. Used by
tests/host/test_lang_coverage.py; once a table is complete, Coverage.problems() must be empty
for every script of every edition.
"""

import contextlib
import pathlib
import re

from editions.stock_exchange import draw as market_draw
from editions.stock_exchange import lang as market_lang

from app.editions import DEFAULT
from host_sim import VirtualUnit, lang_tables, script
from ui import lang, render

_LETTER = re.compile(r"[A-Za-z\u00c0-\uffff]")
_DIGIT = re.compile(r"[0-9]")


def has_words(line: str) -> bool:
    """Whether the unit looks `line` up: a token without a digit holds a letter (ui.lang)."""
    return any(_LETTER.search(t) and not _DIGIT.search(t) for t in line.split(" "))


class Coverage:
    def __init__(self, code: str) -> None:
        self.code = code
        self.translated: dict = {}  # English line -> what the table made of it
        self.untranslated: set = set()  # English lines with words and no entry
        self.cut: dict = {}  # text to draw -> what was drawn of it
        self.bypassed: set = set()  # texts with words drawn without the table
        # lines with no entry whose key hashes as an entry's: the unit shows that entry's text
        # (the flash holds the keys' hashes only, not the keys)
        self.mistaken: set = set()

    def problems(self) -> list:
        """Every finding, a sentence each, sorted: [] for a complete table that fits."""
        found = ["no entry: %r" % line for line in self.untranslated]
        found += ["cut: %r drawn as %r" % (full, drawn) for full, drawn in self.cut.items()]
        found += ["not through the table: %r" % text for text in self.bypassed]
        found += ["hashed as another line's entry: %r" % line for line in self.mistaken]
        return sorted(found)

    def _looked_up(self, line: str, shown: str) -> None:
        self.translated[line] = shown
        # (a line with no entry may still differ as shown: its numbers in the language's style)
        entries = _entries(self.code)
        key = lang_tables.normalize(line)
        if has_words(line) and not self._window(line) and key not in entries:
            self.untranslated.add(line)
            if lang_tables.key_hash(key) in _hashes(self.code):
                self.mistaken.add(line)

    def _window(self, line: str) -> bool:
        """Whether `line` is a window of a scrolling text: 21 characters of one looked up whole
        (longer than the glass), as translated, after the blanks it scrolls in with."""
        scrolled = [" " * 20 + shown for shown in self.translated.values() if len(shown) > 21]
        return len(line) == 21 and any(line in text for text in scrolled)

    def _drawn(self, log: list) -> None:
        shown = set(self.translated.values())
        for _, _, text in log:
            if text.startswith("icon:") or text in shown or not has_words(text):
                continue  # (an amount typed is drawn a character at a time)
            longer = [full for full in shown if full.startswith(text)]
            if longer:
                self.cut[min(longer, key=len)] = text
            else:
                self.bypassed.add(text)


_tables: dict = {}
_key_hashes: dict = {}


def _entries(code: str) -> dict:
    if code not in _tables:
        source = lang_tables.SOURCES / (code + ".txt")
        _tables[code] = lang_tables.parse(source.read_text(encoding="utf-8"), source.name)
    return _tables[code]


def _hashes(code: str) -> set:
    """The hashes of a table's keys, as the unit's index holds them."""
    if code not in _key_hashes:
        _key_hashes[code] = {lang_tables.key_hash(key) for key in _entries(code)}
    return _key_hashes[code]


@contextlib.contextmanager
def watching(coverage: Coverage):
    """Every lookup of ui.lang.Table and every frame ui.render.Screen draws with a log, recorded
    in `coverage` while the block runs. A line the Stock Exchange's screens make from a text
    the table gave before (editions.stock_exchange.lang: an introduction's LIST PRICE note) is
    recorded as what the table gives for its English: drawn otherwise, it is reported."""
    call = lang.Table.__call__  # (what the renderer and the editions call: the table itself)
    draw = render.Screen.draw
    market_view = market_lang.view

    def recorded_call(table, line):
        shown = call(table, line)
        coverage._looked_up(line, shown)
        return shown

    def recorded_draw(screen, view, status=None, log=None):
        result = draw(screen, view, status, log)
        if log is not None:
            coverage._drawn(log)
        return result

    def recorded_market_view(shown, status, table):
        out, told = market_view(shown, status, table)
        for key in ("title", "message", "note", "detail"):
            english = shown.get(key)
            if english and out[key] != english and english not in coverage.translated:
                coverage._looked_up(english, call(table, english))
        return out, told

    lang.Table.__call__ = recorded_call  # type: ignore[method-assign]
    render.Screen.draw = recorded_draw  # type: ignore[method-assign]
    market_lang.view = recorded_market_view
    market_draw._translated = None  # (the drawer keeps the view it imported: this one now)
    try:
        yield coverage
    finally:
        lang.Table.__call__ = call  # type: ignore[method-assign]
        render.Screen.draw = draw  # type: ignore[method-assign]
        market_lang.view = market_view
        market_draw._translated = None


def play(path: str | pathlib.Path, code: str, **unit_options) -> Coverage:
    """Play a script's actions (not its expects) on a unit set to language `code`."""
    path = pathlib.Path(path)
    actions = script.parse(path.read_text())
    edition = script.script_edition(actions) or unit_options.pop("edition", DEFAULT)
    settings = dict(unit_options.pop("settings", {}), lang=code)
    coverage = Coverage(code)
    with (
        watching(coverage),
        VirtualUnit(edition=edition, settings=settings, **unit_options) as unit,
    ):
        for _, words in actions:
            if words[0] in ("expect", "shot", "edition"):
                continue
            script.run_step(unit, words, path.parent, [])
    return coverage
