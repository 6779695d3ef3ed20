"""package.json (mpremote mip install) lists exactly the files under firmware/ and boards/."""

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import make_package_json  # noqa: E402


def test_manifest_matches_the_firmware_tree() -> None:
    on_disk = json.loads((ROOT / "package.json").read_text())
    assert on_disk == make_package_json.manifest(), "run: python tools/make_package_json.py"


def test_every_manifest_entry_exists() -> None:
    for target, source in json.loads((ROOT / "package.json").read_text())["urls"]:
        assert (ROOT / source).is_file(), source
        assert not target.startswith("firmware/")
        assert target.startswith("boards/") == source.startswith("boards/")
