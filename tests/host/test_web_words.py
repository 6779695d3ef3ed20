# The web page's own words in French (web/words.js, issue 34), with no browser: every text page.js
# and index.html say through word() has its French, each French keeps its English's %s and
# HTML tags, and no French is left for a text the page no longer says.
import json
import pathlib
import re
import subprocess
from html.parser import HTMLParser

import pytest

from app.editions import EDITIONS, about

WEB = pathlib.Path(__file__).resolve().parents[2] / "web"
# said("English", ...) in page.js: its first argument, a string literal in double quotes
SAID = re.compile(r'\bsaid\(\s*"((?:[^"\\]|\\.)*)"')


@pytest.fixture(scope="module")
def page_words() -> dict:
    """PAGE_WORDS as web/words.js exports it, read by node."""
    script = "import { PAGE_WORDS } from %s; console.log(JSON.stringify(PAGE_WORDS))"
    run = subprocess.run(
        ["node", "--input-type=module", "-e", script % json.dumps((WEB / "words.js").as_uri())],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(run.stdout)


class SaidInHtml(HTMLParser):
    """index.html's texts the page says in the unit's language: the title, each data-say
    element's inner HTML (as its source writes it) and each data-say-label's aria-label."""

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.source_lines = source.splitlines(keepends=True)
        self.texts: list = []
        self.open: list = []  # [tag, start offset of its inner HTML, depth of that tag]
        self.in_title = False

    def at(self) -> int:
        line, column = self.getpos()
        return sum(len(text) for text in self.source_lines[: line - 1]) + column

    def handle_starttag(self, tag, attrs) -> None:
        attributes = dict(attrs)
        self.in_title = tag == "title"
        if "data-say-label" in attributes:
            self.texts.append(attributes["aria-label"])
        for entry in self.open:
            if entry[0] == tag:
                entry[2] += 1
        if "data-say" in attributes:
            start = self.at() + len(self.get_starttag_text() or "")
            self.open.append([tag, start, 0])

    def handle_endtag(self, tag) -> None:
        self.in_title = False
        if self.open and self.open[-1][0] == tag and self.open[-1][2] == 0:
            _, start, _ = self.open.pop()
            self.texts.append("".join(self.source_lines)[start : self.at()].strip())
            return
        for entry in self.open:
            if entry[0] == tag:
                entry[2] -= 1

    def handle_data(self, data) -> None:
        if self.in_title:
            self.texts.append(data.strip())


def html_texts() -> list:
    parser = SaidInHtml((WEB / "index.html").read_text())
    parser.feed((WEB / "index.html").read_text())
    return parser.texts


def page_js_texts() -> list:
    return [json.loads('"%s"' % text) for text in SAID.findall((WEB / "page.js").read_text())]


def bridge_texts() -> list:
    """Texts page.js says that the bridge hands it: each edition's name (the New unit list, a
    loaded unit's question) and the Banker's colour groups, lower case (its board's labels)."""
    names = [about(name, "hints").NAME for name in EDITIONS]
    groups = about("banker", "hints").GROUP_NAMES
    return names + [group.lower() for group in groups]


def test_the_page_says_what_its_texts_are() -> None:
    """The extraction finds the texts: a heading, a help line whole with its tags, a label, a
    status sentence (a test that found nothing would pass)."""
    found = html_texts()
    assert "Monopoly banking unit" in found and "Deeds" in found and "keypad" in found
    assert "GREEN<br>receives" in found and "Save:" in found
    help_line = [text for text in found if text.startswith("Type on the keypad")]
    assert len(help_line) == 1 and help_line[0].endswith("<kbd>Esc</kbd> leaves it.")
    assert "Choose a card first, then the slot." in page_js_texts()
    assert "Banker" in bridge_texts() and "light blue" in bridge_texts()


@pytest.mark.needs_tool("node")
def test_every_text_the_page_says_has_its_french(page_words) -> None:
    french = page_words["fr"]
    said = set(html_texts() + page_js_texts() + bridge_texts())
    assert sorted(said - set(french)) == []
    assert sorted(set(french) - said) == []  # a French the page no longer says


@pytest.mark.needs_tool("node")
def test_each_french_keeps_its_placeholders_and_tags(page_words) -> None:
    for english, french in page_words["fr"].items():
        assert french.count("%s") == english.count("%s"), english
        assert "${" not in english + french, english  # (word() fills %s, not a template's ${})
        assert re.findall(r"<[^>]*>", french) == re.findall(r"<[^>]*>", english), english
        assert french != "" and french.strip() == french or english.startswith(" "), english


@pytest.mark.needs_tool("node")
def test_word_fills_the_french_and_leaves_english_as_it_is() -> None:
    chosen = "'Card %s chosen: now the GREEN or the RED slot.', 3"
    script = (
        "import { word } from %s; console.log(JSON.stringify([word('fr', %s), word('en', %s),"
        " word('fr', 'no such text %%s', 1), word('de', 'GREEN')]))"
    ) % (json.dumps((WEB / "words.js").as_uri()), chosen, chosen)
    run = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert json.loads(run.stdout) == [
        "Carte 3 choisie : maintenant le lecteur VERT ou ROUGE.",
        "Card 3 chosen: now the GREEN or the RED slot.",
        "no such text 1",
        "GREEN",
    ]
