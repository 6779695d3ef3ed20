"""Renders the OpenSCAD enclosure: an STL per part and a preview PNG; checks each STL.

    .venv/bin/python -m tools.hardware.enclosure [--out build/enclosure] [--no-preview]

Needs `openscad` (Debian: apt-get install -y openscad). The preview needs an OpenGL context:
with no DISPLAY it runs openscad under xvfb-run (Debian: apt-get install -y xvfb).
"""

import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
from typing import NamedTuple

from tools.hardware import HARDWARE, ROOT

SCAD = HARDWARE / "enclosure" / "enclosure.scad"
PREVIEW = HARDWARE / "enclosure" / "enclosure.png"
FIXED_PARTS = ("base", "slot_block", "hatch")  # the lid is rendered once per keypad matrix
VIEWS = (  # OpenSCAD gimbal cameras: translate x,y,z, rotate x,y,z, distance
    "65,62,12,58,0,200,470",  # from behind: the GREEN and RED slots with cards
    "65,62,12,52,0,340,470",  # from the front: keypad and display window
)
INSTALL_HINT = "openscad is not installed: apt-get install -y openscad (.ci/run installs it)"


class StlCheck(NamedTuple):
    facets: int
    volume: float  # mm^3, from the facets' orientation (positive: normals point outwards)
    size: tuple  # bounding box (x, y, z) in mm


def openscad() -> str:
    path = shutil.which("openscad")
    if path is None:
        raise FileNotFoundError(INSTALL_HINT)
    return path


def parts(matrices) -> list:
    """(part, matrix) pairs to render; file name part or lid_<matrix>."""
    out = [(name, matrices[0]) for name in FIXED_PARTS]
    out += [("lid", matrix) for matrix in matrices]
    return out


def stl_name(part: str, matrix: str) -> str:
    return "lid_%s.stl" % matrix if part == "lid" else part + ".stl"


def render(part: str, matrix: str, out: pathlib.Path, timeout: float = 600) -> None:
    """One part to an ASCII STL; raises with openscad's own output on failure."""
    command = [
        openscad(), "-o", str(out), "--export-format", "asciistl",
        "-D", 'part="%s"' % part, "-D", 'matrix="%s"' % matrix, str(SCAD),
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0 or not out.exists() or "WARNING" in result.stderr:
        raise RuntimeError(
            "openscad failed on part=%s matrix=%s (exit %d):\n%s"
            % (part, matrix, result.returncode, result.stderr[-3000:])
        )


def check_stl(path: pathlib.Path) -> StlCheck:
    """Parses an ASCII STL; raises ValueError unless it is a closed, consistently oriented
    surface (every edge shared by exactly two facets, once in each direction)."""
    vertices: dict = {}
    facets = []
    current: list = []
    for line in path.read_text().splitlines():
        words = line.split()
        if words[:1] == ["vertex"]:
            key = tuple(words[1:4])
            current.append(vertices.setdefault(key, len(vertices)))
        elif words[:1] == ["endloop"]:
            if len(current) != 3:
                raise ValueError("%s: a facet with %d vertices" % (path.name, len(current)))
            facets.append(tuple(current))
            current = []
    if not facets:
        raise ValueError("%s: no facets (empty model)" % path.name)
    directed: dict = {}
    for a, b, c in facets:
        for edge in ((a, b), (b, c), (c, a)):
            directed[edge] = directed.get(edge, 0) + 1
    for (a, b), count in directed.items():
        if count != 1 or directed.get((b, a)) != 1:
            raise ValueError(
                "%s: not manifold: edge %s-%s used %d time(s) this way, %s the other"
                % (path.name, a, b, count, directed.get((b, a), 0))
            )
    by_index = sorted(vertices.items(), key=lambda item: item[1])
    points = [tuple(float(v) for v in key) for key, _ in by_index]
    volume = 0.0
    for a, b, c in facets:
        (ax, ay, az), (bx, by, bz), (cx, cy, cz) = points[a], points[b], points[c]
        volume += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx)
                   + az * (bx * cy - by * cx)) / 6.0  # fmt: skip
    size = tuple(max(p[i] for p in points) - min(p[i] for p in points) for i in range(3))
    if volume <= 0:
        raise ValueError("%s: volume %.1f mm^3: facets point inwards" % (path.name, volume))
    return StlCheck(len(facets), volume, size)


def preview(out: pathlib.Path, matrix: str) -> None:
    """Two views of the exploded assembly, side by side, as one PNG."""
    from PIL import Image

    runner = [] if os.environ.get("DISPLAY") else ["xvfb-run", "-a"]
    if runner and shutil.which("xvfb-run") is None:
        raise FileNotFoundError("no DISPLAY and no xvfb-run: apt-get install -y xvfb")
    with tempfile.TemporaryDirectory() as tmp:
        shots = []
        for index, camera in enumerate(VIEWS):
            shot = pathlib.Path(tmp) / ("view%d.png" % index)
            command = runner + [
                openscad(), "-o", str(shot), "--imgsize=900,700", "--camera=" + camera,
                "--colorscheme=Tomorrow", "-D", 'part="assembly"', "-D", 'matrix="%s"' % matrix,
                str(SCAD),
            ]  # fmt: skip
            result = subprocess.run(command, capture_output=True, text=True, timeout=600)
            if result.returncode != 0 or not shot.exists() or shot.stat().st_size == 0:
                raise RuntimeError("openscad preview failed:\n" + result.stderr[-3000:])
            shots.append(Image.open(shot).convert("RGB"))
        width = sum(image.width for image in shots)
        sheet = Image.new("RGB", (width, max(image.height for image in shots)), "white")
        x = 0
        for image in shots:
            sheet.paste(image, (x, 0))
            x += image.width
        if out.exists():
            from PIL import ImageChops

            with Image.open(out) as old:
                changed = sheet.width * sheet.height
                if old.size == sheet.size:
                    diff = ImageChops.difference(old.convert("RGB"), sheet).convert("L")
                    changed = diff.point(lambda v: 255 if v > 24 else 0).histogram()[255]
            # Software OpenGL is not bit-exact from run to run: a few edge pixels may differ.
            if changed < sheet.width * sheet.height // 500:
                return  # the same picture: leave the file (and git) alone
        sheet.save(out, optimize=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "enclosure"))
    parser.add_argument("--no-preview", action="store_true")
    args = parser.parse_args(argv)
    from tools.hardware import pins

    matrices = sorted({matrix for matrix, _ in pins.load().layouts})
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    try:
        for part, matrix in parts(matrices):
            path = out / stl_name(part, matrix)
            render(part, matrix, path)
            check = check_stl(path)
            print(
                "%-22s %6d facets, %8.0f mm^3, %.1f x %.1f x %.1f mm"
                % ((path.relative_to(ROOT) if path.is_relative_to(ROOT) else path,
                    check.facets, check.volume) + check.size)
            )  # fmt: skip
        if not args.no_preview:
            preview(PREVIEW, matrices[0])
            print("preview: %s" % PREVIEW.relative_to(ROOT))
    except (FileNotFoundError, RuntimeError, ValueError) as error:
        print("enclosure: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
