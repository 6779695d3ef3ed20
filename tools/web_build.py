"""Builds the unit's web page into build/web (`make web-build`): a static folder any host serves.

    python3 tools/web_build.py [--out build/web] [--npm-dir build/web-npm]

npm installs MicroPython WebAssembly (pinned by web/package.json and web/package-lock.json) into
--npm-dir; its two files are copied into OUT/micropython/. The firmware, the board file for the
page (boards/web.py), the register-level parts it uses (host_sim/peripherals) and the page's
Python side (web/bridge.py) go into OUT/firmware.json, {path on the page's filesystem: source},
fetched once by the page. The keypad legends' words and colours (tools/hardware/legends.py, as
printed in hardware/legends/) go into OUT/legends.json. Then the page itself: web/*.html, *.js,
*.css. The service worker (web/sw.js) is given the list of every file and a version made from
their contents, so a new build replaces the cached one and the page works offline once loaded.
"""

import argparse
import hashlib
import json
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = "@micropython/micropython-webassembly-pyscript"
MP_FILES = ("micropython.mjs", "micropython.wasm")
FW = "/fw/"  # where the page lays the firmware out; it is put first on sys.path
# The parts boards/web.py builds on (host_sim/peripherals/wiring.py imports the others).
PARTS = ("__init__", "bus", "wiring", "ssd1306_panel", "mfrc522_chip", "keypad_matrix")
PARTS += ("battery_source",)
PAGE = ("index.html", "page.js", "page.css", "sw.js")


def python_files() -> dict:
    """{path on the page: source} of everything the page's MicroPython imports."""
    files = {}
    for path in sorted((ROOT / "firmware").rglob("*.py")):
        rel = path.relative_to(ROOT / "firmware").as_posix()
        if rel != "main.py":  # the page's main is web/bridge.py
            files[FW + rel] = path.read_text()
    for name in ("__init__", "keymaps", "web"):
        files[FW + "boards/%s.py" % name] = (ROOT / "boards" / (name + ".py")).read_text()
    for name in PARTS:
        path = ROOT / "host_sim" / "peripherals" / (name + ".py")
        files[FW + "peripherals/%s.py" % name] = path.read_text()
    files[FW + "bridge.py"] = (ROOT / "web" / "bridge.py").read_text()
    return files


def legends() -> dict:
    sys.path.insert(0, str(ROOT))
    from tools.hardware.legends import KEY_STYLES, OTHER, PLAIN, PRINTED

    return {"styles": KEY_STYLES, "printed": PRINTED, "plain": PLAIN, "other": OTHER}


def npm_install(npm_dir: pathlib.Path) -> pathlib.Path:
    npm_dir.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(ROOT / "web" / name, npm_dir / name)
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("web-build needs npm (apt-get install nodejs npm)")
    subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=npm_dir, check=True
    )
    return npm_dir / "node_modules" / PACKAGE


def build(out: pathlib.Path, npm_dir: pathlib.Path) -> list:
    package = npm_install(npm_dir)
    if out.exists():
        shutil.rmtree(out)
    (out / "micropython").mkdir(parents=True)
    for name in MP_FILES:
        shutil.copyfile(package / name, out / "micropython" / name)
    (out / "firmware.json").write_text(json.dumps(python_files()))
    (out / "legends.json").write_text(json.dumps(legends()))
    for name in PAGE:
        shutil.copyfile(ROOT / "web" / name, out / name)
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    cached = ["./"] + ["./" + name for name in files if name != "sw.js"]
    sw = (out / "sw.js").read_text()
    sw = sw.replace("__VERSION__", digest.hexdigest()[:16]).replace(
        '["__FILES__"]', json.dumps(cached)
    )
    (out / "sw.js").write_text(sw)
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "web"))
    parser.add_argument("--npm-dir", default=str(ROOT / "build" / "web-npm"))
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    files = build(out, pathlib.Path(args.npm_dir))
    size = sum((out / name).stat().st_size for name in files)
    print("web build: %d files, %d bytes in %s" % (len(files), size, out))


if __name__ == "__main__":
    main()
