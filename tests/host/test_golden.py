"""Golden screenshots: each scenario of tools/golden_scenarios.py, replayed on a fresh
VirtualUnit, must light exactly the pixels of its PNG in tests/golden/.

A run never writes into tests/golden: the actual screen goes to pytest's temporary directory,
and on a mismatch a red-on-dim diff picture is saved beside it. Regenerate deliberately with
`make golden` (tools/make_golden.py) and look at the new PNGs before committing them.
"""

import pytest

from tools.golden_scenarios import (
    GOLDEN_DIR,
    NAMES,
    ROOT,
    differing_pixels,
    golden_path,
    pixels,
    save_diff,
    shoot,
)

REGENERATE = "make golden (or .venv/bin/python tools/make_golden.py %s)"


def _fingerprint() -> dict:
    return {p.name: (p.stat().st_mtime_ns, p.stat().st_size) for p in GOLDEN_DIR.glob("*")}


@pytest.mark.parametrize("name", NAMES)
def test_screen_matches_its_golden(name: str, tmp_path) -> None:
    golden = golden_path(name)
    assert golden.exists(), "no golden %s; create it with %s" % (
        golden.relative_to(ROOT),
        REGENERATE % name,
    )
    before = _fingerprint()
    actual = tmp_path / (name + ".png")
    shoot(name, actual)
    assert _fingerprint() == before, "the test run touched tests/golden"
    width, height, _ = pixels(actual)
    assert (width, height) == (128, 64), "a golden is the panel at scale 1"
    differing = differing_pixels(golden, actual)
    if differing:
        diff = tmp_path / (name + "-diff.png")
        save_diff(golden, actual, diff)
        pytest.fail(
            "%s: %d of %d pixels differ from %s\n  actual: %s\n  diff (red = differs): %s\n"
            "  if the new screen is intended, regenerate with %s and look at it"
            % (
                name,
                differing,
                width * height,
                golden.relative_to(ROOT),
                actual,
                diff,
                REGENERATE % name,
            )
        )


def test_every_golden_belongs_to_a_scenario() -> None:
    on_disk = sorted(p.stem for p in GOLDEN_DIR.glob("*.png"))
    assert on_disk == sorted(NAMES), "stale or missing goldens in tests/golden"


def test_a_changed_screen_is_counted_pixel_for_pixel(tmp_path) -> None:
    # The comparison itself: one flipped pixel in a copy of a golden is exactly one difference.
    from PIL import Image

    golden = golden_path("idle")
    changed = tmp_path / "idle-changed.png"
    with Image.open(golden) as image:
        copy = image.convert("RGB")
    x, y = 5, 40  # dark on the idle screen: below the rule, left of the dashes
    assert copy.getpixel((x, y)) == (0, 0, 0)
    copy.putpixel((x, y), (140, 210, 255))
    copy.save(changed)
    assert differing_pixels(golden, golden) == 0
    assert differing_pixels(golden, changed) == 1
    assert differing_pixels(golden, golden_path("standby")) > 100  # idle vs dark glass


def test_standby_glass_is_dark_but_the_idle_screen_is_not() -> None:
    _, _, dark = pixels(golden_path("standby"))
    _, _, idle = pixels(golden_path("idle"))
    assert set(dark) == {(0, 0, 0)}
    assert len(set(idle)) == 2
