"""The player pages name the keys in French beside the English (issue 34): each page's one
`| key | French legend |` table lists every key of its edition that has a letter, by its English
legend, with the French name the one source gives (lang/fr.txt through host_sim/key_names.py,
as the French legend sheets print it), so a page cannot drift from the keypads."""

import pathlib

import pytest

import host_sim  # noqa: F401  (puts the firmware and boards on sys.path)
from boards.keymaps import LAYOUTS
from host_sim.key_names import key_names
from tools.hardware.legends import key_text, one_line

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
HEADER = "| key | French legend |"
PAGES = {
    "electronic-banking": "electronic_banking",
    "revolution": "revolution",
    "classic": "classic",
    "banker": "banker",
    "stock-exchange": "stock_exchange",
}


def edition_keys(edition: str) -> list:
    """The edition's keys with a letter (digits and the point read the same everywhere)."""
    rows = next(rows for (_, name), rows in sorted(LAYOUTS.items()) if name == edition)
    return [k for row in rows for k in row if k is not None and any(c.isalpha() for c in k)]


def key_table(text: str) -> list:
    """The (English, French) rows of the page's one key table."""
    lines = text.splitlines()
    starts = [index for index, line in enumerate(lines) if line.strip() == HEADER]
    assert len(starts) == 1, "%d key tables, not one" % len(starts)
    rows = []
    for line in lines[starts[0] + 2 :]:
        if not line.startswith("|"):
            break
        cells = [cell.strip().strip("*`").strip() for cell in line.strip().strip("|").split("|")]
        assert len(cells) == 2, line
        rows.append(tuple(cells))
    return rows


def drift(text: str, edition: str) -> list:
    """How the page's key table differs from the keypads: [] when it names every key of the
    edition by its English legend, each once, with its French name."""
    english = {one_line(key_text(key)): key for key in edition_keys(edition)}
    french = key_names("fr")
    found, listed = [], []
    for name, said in key_table(text):
        key = english.get(name)
        if key is None:
            found.append("%r is no key of the %s keypad" % (name, edition))
            continue
        listed.append(key)
        if said != french[key]:
            found.append("%s is %r in French, not %r" % (name, french[key], said))
    missing = [key for key in edition_keys(edition) if key not in listed]
    if missing or len(listed) != len(set(listed)):
        found.append("keys listed %s, wanted each of %s once" % (listed, edition_keys(edition)))
    return found


@pytest.mark.parametrize("page", sorted(PAGES))
def test_the_page_names_its_keys_in_french_as_the_legends_do(page) -> None:
    text = (ROOT / "docs" / (page + ".md")).read_text(encoding="utf-8")
    assert drift(text, PAGES[page]) == []


def test_every_editions_page_is_checked() -> None:
    from app.editions import EDITIONS

    assert sorted(PAGES.values()) == sorted(EDITIONS)


def test_a_page_that_drifted_is_caught() -> None:
    text = (ROOT / "docs" / "classic.md").read_text(encoding="utf-8")
    renamed = text.replace("| MORTGAGE | HYPOTHÈQUE |", "| MORTGAGE | HYPOTHEQUE |")
    assert drift(renamed, "classic") == ["MORTGAGE is 'HYPOTHÈQUE' in French, not 'HYPOTHEQUE'"]
    dropped = text.replace("| FINE | AMENDE |\n", "")
    assert len(drift(dropped, "classic")) == 1 and "FINE" in drift(dropped, "classic")[0]
    stranger = text.replace("| FINE | AMENDE |", "| FINE | AMENDE |\n| ZONE | ZONE |")
    assert drift(stranger, "classic") == ["'ZONE' is no key of the classic keypad"]
    with pytest.raises(AssertionError, match="2 key tables"):
        key_table(text + "\n" + HEADER + "\n| --- | --- |\n")
