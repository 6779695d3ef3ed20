"""The keypad in the hardware documents (issue 33, part 6): the membrane's ribbon at the edge it
leaves on the legend sheet, the enclosure and the wiring diagram, the generated table of which
key is on which row and column; and the schematic's text clear of its lines."""

import re
import xml.etree.ElementTree as ET

import pytest
from schemdraw.backends import svg as schemdraw_svg

from tools.hardware import HARDWARE, geometry, keypads, legends, pins, schematic
from tools.hardware.__main__ import outputs

SVG = "{http://www.w3.org/2000/svg}"
RIBBON = ("R1", "R2", "R3", "R4", "C1", "C2", "C3", "C4")


@pytest.fixture(scope="module")
def hw():
    return pins.load()


@pytest.fixture(scope="module")
def files(hw):
    return outputs(hw)


def texts(svg_text: str) -> list:
    """(text, x, y) of every <text> of an SVG."""
    root = ET.fromstring(svg_text)
    return [(e.text or "", float(e.get("x")), float(e.get("y"))) for e in root.iter(SVG + "text")]


def test_the_membrane_ribbon_leaves_the_bottom_edge_rows_then_columns() -> None:
    g = geometry.MEMBRANE_4X4
    assert g.tail_edge == "bottom" and g.ribbon == RIBBON
    scad = (HARDWARE / "enclosure" / "keypads.scad").read_text()
    assert '20.00, "bottom"]' in scad
    lid = (HARDWARE / "enclosure" / "enclosure.scad").read_text()
    assert 'kp_tail_edge == "top" ?' in lid  # the slot follows the table: bottom unless "top"


@pytest.mark.parametrize("edition", ["electronic_banking", "classic"])
def test_the_membrane_legend_draws_the_ribbon_under_the_keys(files, edition) -> None:
    g = geometry.keypad_geometry("4x4")
    drawn = texts(files["legends/" + legends.file_name("4x4", edition)])
    top = {text: y for text, _, y in drawn if text in ("1", "C", "0")}
    numbers = [(x, y) for text, x, y in drawn if text in "12345678" and len(text) == 1]
    wires = [(text, x, y) for text, x, y in drawn if text in RIBBON]
    ribbon = [w for w in wires if w[2] > top["0"]]  # under the bottom row of keys
    assert [w[0] for w in sorted(ribbon, key=lambda w: w[1])] == list(RIBBON)  # from the left
    assert len([n for n in numbers if n[1] > top["0"]]) >= 8
    assert any("wires 1-4 rows R1-R4, 5-8 columns C1-C4" in text for text, _, _ in drawn)
    assert not any("ribbon tail" in text for text, _, _ in drawn)  # no longer at the top
    beside = [(text, y) for text, x, y in drawn if text in RIBBON and y < top["0"] + 5]
    rows = sorted((y, text) for text, y in beside if text.startswith("R"))
    assert [text for _, text in rows] == ["R1", "R2", "R3", "R4"]  # R1 at the top
    assert g.rows == 4


def test_the_tactile_legends_name_their_rows_and_columns(files, hw) -> None:
    for matrix, edition in hw.layouts:
        if matrix != "5x5":
            continue
        sheet = files["legends/" + legends.file_name(matrix, edition)]
        names = {text for text, _, _ in texts(sheet)}
        assert {"R%d" % n for n in range(1, 6)} | {"C%d" % n for n in range(1, 6)} <= names


def test_the_keypad_table_puts_every_key_at_its_row_and_column(files, hw) -> None:
    page = files["keypads.md"]
    assert (HARDWARE / "keypads.md").read_text() == page
    for (matrix, edition), layout in hw.layouts.items():
        section = page.split("### %s, %s " % (edition, matrix), 1)[1].split("\n\n", 2)[1]
        grid = [line for line in section.splitlines() if line.startswith("| R")]
        assert len(grid) == len(layout), (matrix, edition)
        for r, (line, keys) in enumerate(zip(grid, layout, strict=True)):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            assert cells[0].startswith("R%d: GP" % (r + 1))
            for c, key in enumerate(keys):
                expected = "-" if key is None else "**%s**" % key
                assert cells[c + 1].split(" (")[0] == expected, (matrix, edition, r, c)


def test_the_ribbon_table_gives_each_wire_its_line_and_pico_pin(files, hw) -> None:
    lines = keypads.lines_of(hw.boards[0])
    rows = re.findall(r"^\| (\d) \| (\w+) \| GP(\d+) \| (\d+) \|$", files["keypads.md"], re.M)
    assert [(int(w), name) for w, name, _, _ in rows] == list(enumerate(RIBBON, 1))
    for _, name, gpio, header in rows:
        assert (int(gpio), header) == (lines[name].gpio, lines[name].header)
    assert "Parallax" in files["keypads.md"] and "check yours" in files["keypads.md"]


def test_the_wiring_diagram_numbers_the_ribbon_and_draws_switch_diode_and_capacitors(
    files, hw
) -> None:
    for board in hw.boards:
        drawn = texts(files["wiring/%s.svg" % board.name])
        labels = {text: y for text, _, y in drawn}
        for index, name in enumerate(RIBBON, 1):  # "wire 1" on R1's row, ...
            assert labels["wire %d" % index] == labels[name], (board.name, name)
        for ref in ("C1 10u", "C2 100n", "C3 10u", "C4 100n", "SW1 switch", "D1 1N5817"):
            assert ref in labels, (board.name, ref)
        assert labels["C1 10u"] > labels["C3 10u"]  # GREEN's pair in GREEN's box, below RED's
        vsys = labels["VSYS"]  # the Pico's pin name, on the battery wire's row
        assert vsys - 22 < labels["SW1 switch"] < vsys and vsys - 22 < labels["D1 1N5817"] < vsys
        assert not any("switch, 1N5817" in text for text, _, _ in drawn)


# ---- the schematic's text ---------------------------------------------------------------------


def _schematic_drawn(hw) -> tuple:
    """The schematic's text boxes (text, x0, y0, x1, y1, valign) and line segments, in drawing
    units, as schemdraw lays them out (its own text sizes), recorded from its SVG backend."""
    figure = schemdraw_svg.Figure
    boxes: list = []
    segments: list = []
    plot, poly, text = figure.plot, figure.poly, figure.text

    def record_plot(self, x, y, *args, **kwargs):
        points = [(a, b) for a, b in zip(x, y, strict=True) if str(a) != "nan"]
        segments.extend(zip(points[:-1], points[1:], strict=True))
        return plot(self, x, y, *args, **kwargs)

    def record_poly(self, verts, closed=True, *args, **kwargs):
        points = list(verts) + ([verts[0]] if closed else [])
        segments.extend(zip(points[:-1], points[1:], strict=True))
        return poly(self, verts, closed, *args, **kwargs)

    def record_text(self, s, x, y, *args, **kwargs):
        if s.strip():
            size = kwargs.get("fontsize", 14)
            w, h, _ = schemdraw_svg.text_size(s, font=kwargs.get("fontfamily"), size=size)
            # schemdraw measures Arial; the SVG asks for DejaVu Sans, about 12 % wider
            w, h = w * 1.15 / self.scale, h / self.scale
            halign, valign = kwargs.get("halign", "center"), kwargs.get("valign", "center")
            x0 = {"center": x - w / 2, "left": x}.get(halign, x - w)
            y0 = {"center": y - h / 2, "top": y - h}.get(valign, y)
            boxes.append((s, x0, y0, x0 + w, y0 + h, valign))
        return text(self, s, x, y, *args, **kwargs)

    figure.plot, figure.poly, figure.text = record_plot, record_poly, record_text
    try:
        schematic.document(hw)
    finally:
        figure.plot, figure.poly, figure.text = plot, poly, text
    return boxes, segments


def _crosses(box, segment, samples: int = 40) -> bool:
    _, x0, y0, x1, y1, _ = box
    (ax, ay), (bx, by) = segment
    for i in range(samples + 1):
        x, y = ax + (bx - ax) * i / samples, ay + (by - ay) * i / samples
        if x0 < x < x1 and y0 < y < y1:
            return True
    return False


def test_no_schematic_text_lies_on_a_line_or_on_other_text(hw) -> None:
    boxes, segments = _schematic_drawn(hw)
    assert len(boxes) > 100 and len(segments) > 500
    on_lines = [box[0] for box in boxes if any(_crosses(box, seg) for seg in segments)]
    assert on_lines == []
    overlapping = [
        (a[0], b[0])
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]
    ]
    assert overlapping == []
    # A label hung under its anchor (valign "top": an IC's "bottom" label) is drawn on a
    # "hanging" baseline, which SVG renderers place differently: none is left.
    assert [box[0] for box in boxes if box[5] == "top"] == []


def test_the_schematic_check_sees_text_on_a_line() -> None:
    box = ("C2 100n", 4.36, -0.07, 5.30, 0.18, "center")
    assert _crosses(box, ((5.04, 0.0), (5.04, 12.9)))  # the old C2 label on U1's edge
    assert not _crosses(box, ((5.5, 0.0), (5.5, 12.9)))
