"""Writes package.json, the mip manifest: firmware/ at the device root, plus boards/ as a package.

Run after adding or removing a firmware file; tests/host/test_package_manifest.py fails when the
manifest and firmware/ disagree.
"""

import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def manifest() -> dict:
    firmware = ROOT / "firmware"
    files = sorted(p.relative_to(firmware).as_posix() for p in firmware.rglob("*.py"))
    boards = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "boards").glob("*.py"))
    urls = [[name, "firmware/" + name] for name in files] + [[name, name] for name in boards]
    return {"urls": urls, "version": "0.1.0"}


def main() -> None:
    text = json.dumps(manifest(), indent=2) + "\n"
    (ROOT / "package.json").write_text(text)


if __name__ == "__main__":
    main()
