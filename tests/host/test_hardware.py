"""The hardware package (hardware/) against the board files it is generated from.

Generated files must match a fresh run of tools/hardware; the wiring tables must name every
pin the board files create; the legends must carry every key of every layout; the OpenSCAD
enclosure must render to closed solids (skipped without openscad, failed without it under CI=true).
"""

import ast
import importlib
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

import pytest

from tools.hardware import HARDWARE, ROOT, enclosure, geometry, legends, pins, power, wiring
from tools.hardware.__main__ import outputs, stale

SVG = "{http://www.w3.org/2000/svg}"
REGENERATE = "stale generated files %s: run `make hardware` and commit the result"


@pytest.fixture(scope="module")
def hw():
    return pins.load()


@pytest.fixture(scope="module")
def files(hw):
    return outputs(hw)


def test_generated_files_match_the_board_files(files) -> None:
    found = stale(files)
    assert not found, REGENERATE % ", ".join(found)


def test_a_changed_pin_map_makes_the_docs_stale(files) -> None:
    changed = dict(files)
    changed["wiring/pico.md"] = files["wiring/pico.md"].replace("| GP4 |", "| GP3 |")
    assert stale(changed) == ["wiring/pico.md"]


def _pins_in_source(path: pathlib.Path) -> set:
    """GPIO numbers a board file passes to Pin(...), directly or through *_PINS tuples,
    following `from boards.X import` to the file it builds on. Read with ast, not run."""
    tree = ast.parse(path.read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Pin" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, int):
                found.add(first.value)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            if any(name.endswith("_PINS") for name in names):
                found.update(e.value for e in node.value.elts if isinstance(e, ast.Constant))
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("boards."):
            base = ROOT / (node.module.replace(".", "/") + ".py")
            if base.exists() and any(alias.name == "Board" for alias in node.names):
                found |= _pins_in_source(base)
    return found


def test_wiring_tables_list_every_pin_the_board_files_use(hw) -> None:
    board_files = {b.name: ROOT / b.path for b in hw.boards}
    assert {"pico", "pico_w", "pico2"} <= set(board_files)
    for name, path in board_files.items():
        used = _pins_in_source(path)
        assert used, path
        table = (HARDWARE / "wiring" / (name + ".md")).read_text()
        diagram = (HARDWARE / "wiring" / (name + ".svg")).read_text()
        for gpio in sorted(used):
            assert "| GP%d |" % gpio in table, "GP%d of %s missing from its table" % (gpio, path)
            assert re.search(r"\bGP%d\b" % gpio, diagram), "GP%d not in %s.svg" % (gpio, name)


def test_every_table_row_points_at_the_line_that_creates_its_pin(hw) -> None:
    for board in hw.boards:
        for conn in board.conns:
            path, line = conn.source.split(":")
            text = (ROOT / path).read_text().splitlines()[int(line) - 1]
            assert "Pin(" in text, (board.name, conn)


def test_each_reader_has_an_spi_bus_of_its_own_on_valid_unshared_pins(hw) -> None:
    # Many RC522 modules keep driving MISO while deselected: on one bus with the other
    # reader, one of the two stops answering (issue 28).
    for board in hw.boards:
        buses = {}
        for conn in board.conns:
            if conn.function.startswith("SPI"):
                bus = int(conn.function[3])
                signal = {"SCK": "sck", "MOSI": "mosi", "MISO": "miso"}[conn.part_pin]
                assert conn.function == pins.spi_function(conn.gpio, bus, signal), conn
                buses.setdefault(conn.part, set()).add((bus, conn.part_pin))
        green, red = buses["GREEN MFRC522"], buses["RED MFRC522"]
        assert {bus for bus, _ in green} != {bus for bus, _ in red}, board.name
        assert len({bus for bus, _ in green}) == len({bus for bus, _ in red}) == 1
        for lines in (green, red):
            assert {pin for _, pin in lines} == {"SCK", "MOSI", "MISO"}, board.name
        gpios = [conn.gpio for conn in board.conns]
        assert len(gpios) == len(set(gpios)), "%s: a GPIO wired twice" % board.name
        assert all(conn.gpio in pins.HEADER_PIN or conn.header == pins.ON_BOARD
                   for conn in board.conns)  # fmt: skip


def test_the_recording_machine_leaves_sys_modules_as_it_found_them() -> None:
    import host_sim  # noqa: F401  (puts the simulator's machine stand-in on sys.path)

    machine = importlib.import_module("machine")
    board_module = importlib.import_module("boards.pico")
    pins.load()
    assert sys.modules["machine"] is machine
    assert sys.modules["boards.pico"] is board_module


def test_pad_functions_follow_the_rp2040_table() -> None:
    assert pins.i2c_function(4, 0, "sda") == "I2C0 SDA"
    assert pins.i2c_function(7, 1, "scl") == "I2C1 SCL"
    assert pins.spi_function(16, 0, "miso") == "SPI0 RX (MISO)"
    assert pins.spi_function(11, 1, "mosi") == "SPI1 TX (MOSI)"
    assert pins.pwm_function(2) == "PWM1 A"
    assert pins.pwm_function(15) == "PWM7 B"
    assert pins.adc_function(29) == "ADC3"
    for bad in (
        lambda: pins.i2c_function(4, 1, "sda"),
        lambda: pins.i2c_function(5, 0, "sda"),
        lambda: pins.spi_function(17, 0, "sck"),
        lambda: pins.adc_function(22),
    ):
        with pytest.raises(ValueError):
            bad()  # fmt: skip


def test_a_board_attribute_the_generator_does_not_know_is_refused() -> None:
    machine = pins._make_machine([])

    class Board:
        def __init__(self) -> None:
            self.piezo = machine.PWM(machine.Pin(2))
            self.backlight = machine.Pin(3, machine.Pin.OUT)

    with pytest.raises(LookupError, match="backlight"):
        pins._board_conns(Board(), [], "4x4", "boards/test.py")


def _texts(svg_path: pathlib.Path) -> list:
    root = ET.parse(svg_path).getroot()
    return [element.text or "" for element in root.iter(SVG + "text")]


def test_legends_carry_every_key_of_every_layout(hw) -> None:
    keymaps = importlib.import_module("boards.keymaps")
    assert set(hw.layouts) == set(keymaps.LAYOUTS)  # every layout, whoever added it
    for (matrix, edition), layout in keymaps.LAYOUTS.items():
        path = HARDWARE / "legends" / legends.file_name(matrix, edition)
        assert path.exists(), "no legend for %s %s: run make hardware" % (matrix, edition)
        texts = _texts(path)
        for key in (key for row in layout for key in row if key is not None):
            for line in legends.key_text(key):
                assert line in texts, "key %r missing from %s" % (key, path.name)


def test_legends_are_true_size_in_millimetres(hw) -> None:
    for matrix, edition in hw.layouts:
        root = ET.parse(HARDWARE / "legends" / legends.file_name(matrix, edition)).getroot()
        width, height = root.get("width"), root.get("height")
        assert width.endswith("mm") and height.endswith("mm")
        box = [float(v) for v in root.get("viewBox").split()]
        assert box[2:] == [float(width[:-2]), float(height[:-2])]  # one unit is one mm
        g = geometry.keypad_geometry(matrix)
        assert box[2] >= g.outline[0] and box[3] >= g.outline[1]


def test_the_enclosure_knows_every_keypad_matrix(hw) -> None:
    scad = (HARDWARE / "enclosure" / "keypads.scad").read_text()
    for matrix in {m for m, _ in hw.layouts}:
        assert '["%s", ' % matrix in scad


def test_the_pico_3v3_output_carries_the_peripherals() -> None:
    assert power.rail_ma("on_ma") < power.rail_ma("max_ma") < power.RAIL_LIMIT_MA
    # 2 readers x 73.5 mA with the field on + display 10 mA dominate the typical rail load
    assert abs(power.rail_ma("on_ma") - (2 * 73.5 + 10)) < 0.2
    alkaline = power.SOURCES[0]
    expected = 182.0 * 3.3 / (power.EFFICIENCY * (alkaline.volts - power.DIODE_V))
    assert abs(power.battery_ma(182.0, alkaline) - expected) < 1e-9
    duty = power.recorded_duty()
    hours = alkaline.capacity_mah / power.battery_ma(power.phase_ma(duty["in_use"]), alkaline)
    assert "%.1f h" % hours in power.document()


def test_the_stl_check_tells_a_closed_solid_from_an_open_one(tmp_path) -> None:
    corners = ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1))
    faces = ((0, 2, 1), (0, 1, 3), (0, 3, 2), (1, 2, 3))  # outward normals

    def write(name, chosen):
        lines = ["solid t"]
        for face in chosen:
            lines += ["facet normal 0 0 0", "outer loop"]
            lines += ["vertex %d %d %d" % corners[i] for i in face]
            lines += ["endloop", "endfacet"]
        lines.append("endsolid t")
        path = tmp_path / name
        path.write_text("\n".join(lines) + "\n")
        return path

    check = enclosure.check_stl(write("closed.stl", faces))
    assert check.facets == 4 and abs(check.volume - 1 / 6) < 1e-9
    with pytest.raises(ValueError, match="not manifold"):
        enclosure.check_stl(write("open.stl", faces[:3]))
    with pytest.raises(ValueError, match="no facets"):
        enclosure.check_stl(write("empty.stl", ()))


@pytest.mark.slow
@pytest.mark.needs_tool("openscad")
def test_openscad_renders_every_part_as_a_closed_solid(hw, tmp_path) -> None:
    matrices = sorted({m for m, _ in hw.layouts})
    sizes = {}
    for part, matrix in enclosure.parts(matrices):
        out = tmp_path / enclosure.stl_name(part, matrix)
        enclosure.render(part, matrix, out)
        check = enclosure.check_stl(out)
        assert check.facets > 100 and check.volume > 1000, (out.name, check)
        sizes[out.name] = check.size
    card_length, card_width, _ = geometry.CARD
    width, depth, _ = sizes["base.stl"]
    assert width > 2 * card_width and depth > card_length  # two slots side by side fit
    for matrix in matrices:
        assert sizes["lid_%s.stl" % matrix][:2] == pytest.approx((width, depth), abs=0.5)


def _wires(svg_text: str) -> tuple:
    """The diagram's wires (net, x1, y1, x2, y2) and junction dots (net, x, y), by data-net."""
    root = ET.fromstring(svg_text)
    segments = [
        (e.get("data-net"), *(float(e.get(a)) for a in ("x1", "y1", "x2", "y2")))
        for e in root.iter(SVG + "line")
        if e.get("data-net")
    ]
    dots = [
        (e.get("data-net"), float(e.get("cx")), float(e.get("cy")))
        for e in root.iter(SVG + "circle")
        if e.get("data-net")
    ]
    return segments, dots


def test_no_two_wires_share_a_line_in_any_wiring_diagram(hw, files) -> None:
    for board in hw.boards:
        segments, dots = _wires(files["wiring/%s.svg" % board.name])
        nets = {s[0] for s in segments}
        gpio_nets = {"GP%d" % c.gpio for c in board.conns if c.header != pins.ON_BOARD}
        assert gpio_nets <= nets, "%s: wires without a net: %s" % (board.name, gpio_nets - nets)
        assert not dots, board.name  # each reader has its own SPI bus: no wire branches
        assert not wiring.overlaps(segments), (board.name, wiring.overlaps(segments)[:3])
        found = wiring.dots_on_foreign_wires(segments, dots)
        assert not found, (board.name, found[:3])


def test_the_overlap_checks_see_shared_rows_and_foreign_dots() -> None:
    mosi = ("GP19", 650.0, 520.0, 716.0, 520.0)
    miso = ("GP16", 700.0, 520.0, 834.0, 520.0)  # on MOSI's row, from x 700 on
    assert wiring.overlaps([mosi, miso]) == [(mosi, miso)]
    assert wiring.overlaps([mosi, ("GP16", 716.0, 520.0, 834.0, 520.0)]) == []  # end to end
    assert wiring.overlaps([mosi, ("GP19", 700.0, 520.0, 834.0, 520.0)]) == []  # one net
    assert wiring.overlaps([("GP1", 5.0, 0.0, 5.0, 10.0), ("GP2", 5.0, 8.0, 5.0, 20.0)])
    assert wiring.overlaps([("GP1", 5.0, 0.0, 5.0, 10.0), ("GP2", 0.0, 5.0, 10.0, 5.0)]) == []
    assert wiring.dots_on_foreign_wires([mosi], [("GP16", 710.0, 520.0)])
    assert wiring.dots_on_foreign_wires([mosi], [("GP19", 710.0, 520.0)]) == []
    assert wiring.dots_on_foreign_wires([mosi], [("GP16", 710.0, 546.0)]) == []


def test_the_battery_hours_come_from_the_duty_cycle_the_bench_measured() -> None:
    """Issue 31: the averages are the measured shares times the parts' currents; fields on
    all the time would cost 2 x 73.5 mA, light sleep cuts the RP2040 to under 2.1 mA."""
    from app.unit import BankUnit
    from drivers.mfrc522 import POWER_UP_MS

    assert power.READER_POWER_UP_MS == POWER_UP_MS == BankUnit.card_power_up_ms
    duty = power.recorded_duty()
    parts = {name.split(" (")[0]: ma for name, _, ma in power.averages(duty["standby"])}
    assert parts["RP2040 + flash"] < 2.1 and parts["SSD1306 OLED"] == power.OLED_OFF_MA
    awake = dict(duty["in_use"], field_ms_per_s=2000.0)  # both carriers always on
    reader = [ma for name, _, ma in power.averages(awake) if name.startswith("MFRC522")][0]
    assert abs(reader - power.READER_ON_MA) < 1e-9
    hours = power.battery_hours(duty)
    assert hours["standby"] >= 720  # 30 days on 3 x AA
    assert hours["in_use"] > 30
    assert power.battery_hours(dict(duty, in_use=awake))["in_use"] < 10
