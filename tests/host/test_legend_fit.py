"""Every keycap's legend fits its cap, in every language (issue 34): measured with the glyphs of
DejaVu Sans Bold, the sheets' first font (matplotlib's copy), every line of every key on every
sheet stays inside its tile with a margin, the lines do not touch, and none is printed smaller
than English's smallest; a translated key's lines rejoin into its name in the table."""

import pathlib
import xml.etree.ElementTree as ET

import matplotlib
import pytest
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

import host_sim  # noqa: F401  (puts the firmware and boards on sys.path)
from boards.keymaps import LAYOUTS
from host_sim.key_names import key_names
from tools.hardware import HARDWARE, geometry, legends

FONT = pathlib.Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans-Bold.ttf"
SVG = "{http://www.w3.org/2000/svg}"
MARGIN_MM = 0.4  # ink kept this far inside the tile's edge (the closest: GO on the 5x5, 0.5 mm)
SMALLEST_MM = 1.4  # English's smallest legend: BANK PURCHASE on the 5x5, 1.42 mm
FRENCH = "fr"


class Glyphs:
    """Advance widths and ink bounds of the font's glyphs, in ems."""

    def __init__(self, path: pathlib.Path) -> None:
        font = TTFont(str(path))
        self.em = font["head"].unitsPerEm
        self.cmap = font.getBestCmap()
        self.advance = font["hmtx"].metrics
        self.glyph_set = font.getGlyphSet()

    def _name(self, char: str) -> str:
        assert ord(char) in self.cmap, "the font has no %r" % char
        return self.cmap[ord(char)]

    def width(self, text: str) -> float:
        return sum(self.advance[self._name(char)][0] for char in text) / self.em

    def ink(self, text: str) -> tuple:
        """(lowest, highest) ink of the line over its baseline, in ems (y up)."""
        low, high = 0.0, 0.0
        for char in text:
            pen = BoundsPen(self.glyph_set)
            self.glyph_set[self._name(char)].draw(pen)
            if pen.bounds is not None:
                low = min(low, pen.bounds[1] / self.em)
                high = max(high, pen.bounds[3] / self.em)
        return low, high


@pytest.fixture(scope="module")
def glyphs() -> Glyphs:
    return Glyphs(FONT)


def _caps():
    for (matrix, edition), layout in sorted(LAYOUTS.items()):
        for lang in legends.languages():
            for key in (key for row in layout for key in row if key is not None):
                yield matrix, edition, lang, key


def _problems(glyphs: Glyphs, matrix: str, lang: str, key: str) -> list:
    """What overflows on the cap of `key`, drawn as legends.legend draws it (centre 0, 0)."""
    w, h = geometry.keypad_geometry(matrix).tile
    lines = legends.key_text(key, lang)
    size = legends.label_size(lines, w, h, key)
    found = []
    if size < SMALLEST_MM:
        found.append("%.2f mm font" % size)
    above = -h / 2 + MARGIN_MM  # the tile's top edge, less the margin (y down, as in SVG)
    for line, baseline in zip(lines, legends.baselines(lines, 0.0, size, key), strict=True):
        half = glyphs.width(line) * size / 2
        if half > w / 2 - MARGIN_MM:
            found.append("%r %.2f mm wide" % (line, 2 * half))
        low, high = glyphs.ink(line)
        top, bottom = baseline - high * size, baseline - low * size
        if top < above:
            found.append("%r over the line above or the top" % line)
        if bottom > h / 2 - MARGIN_MM:
            found.append("%r below the tile" % line)
        above = bottom
    return found


def test_every_legend_fits_its_cap_in_every_language(glyphs) -> None:
    problems = []
    for matrix, edition, lang, key in _caps():
        for problem in _problems(glyphs, matrix, lang, key):
            problems.append("%s %s %s %s: %s" % (matrix, edition, lang, key, problem))
    assert not problems, problems


def test_the_check_sees_a_word_too_long_for_a_cap(glyphs, monkeypatch) -> None:
    names = dict(key_names(FRENCH), MORTGAGE="HYPOTHÈQUEMENTS")  # unbroken, 15 letters
    monkeypatch.setattr("host_sim.key_names.key_names", lambda code: names)
    # 10.5 mm x 0.78 / (0.72 x 15 letters): the size that fits it, too small to read
    assert _problems(glyphs, "5x5", FRENCH, "MORTGAGE") == ["0.76 mm font"]
    monkeypatch.setattr(legends, "label_size", lambda lines, w, h, key: 3.0)
    assert any("wide" in p for p in _problems(glyphs, "5x5", FRENCH, "MORTGAGE"))


def test_the_check_sees_lines_that_touch(glyphs, monkeypatch) -> None:
    monkeypatch.setattr(legends, "baselines", lambda lines, cy, size, key: [cy] * len(lines))
    assert any("line above" in p for p in _problems(glyphs, "5x5", FRENCH, "MORTGAGE"))


def test_a_translated_cap_says_its_name_in_the_table() -> None:
    names = key_names(FRENCH)
    for key, name in names.items():
        lines = legends.key_text(key, FRENCH)
        assert legends.one_line(lines) == name, (key, lines, name)
        for line in lines:
            assert len(line.rstrip("-")) < 8 or line == name, (key, line, "needs a BREAKS entry")
    # every break is used by some key's name: a renamed key leaves none behind
    words = {word for name in names.values() for word in name.split()}
    for pattern in legends.BREAKS:
        assert pattern.replace("-", "") in words, pattern


def test_the_stock_exchange_prints_its_rulebooks_french_legends() -> None:
    printed = {key: legends.one_line(legends.key_text(key, FRENCH)) for key in key_names(FRENCH)}
    rulebook = {
        "BANK": "ACHAT BANQUE",
        "INTEREST": "INTÉRÊTS",
        "START": "DÉPART",
        "TOTAL": "TOTAL",
        "ONOFF": "ON/OFF",
        "SELL": "VENTE",
        "BUYP": "ACHAT JOUEURS",
        "OFFICES": "BUREAUX",
        "REMOVE": "RETIRER UN JOUEUR",
        "NEWGAME": "NOUV. PARTIE",
        "REVIEW": "REVISUALISER",
        "CONFIRM": "CONFIRMER",
        "CANCEL": "ANNULER",
    }
    assert {key: printed[key] for key in rulebook} == rulebook


def test_every_french_sheet_prints_every_keys_french_lines() -> None:
    for (matrix, edition), layout in LAYOUTS.items():
        path = HARDWARE / "legends" / legends.file_name(matrix, edition, FRENCH)
        assert path.exists(), "no French legend for %s %s: run make hardware" % (matrix, edition)
        texts = [element.text for element in ET.parse(path).getroot().iter(SVG + "text")]
        assert "French legends" in texts[0], texts[0]
        for key in (key for row in layout for key in row if key is not None):
            for line in legends.key_text(key, FRENCH):
                assert line in texts, "%r of %s missing from %s" % (line, key, path.name)
