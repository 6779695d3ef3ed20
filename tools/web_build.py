"""Builds the unit's web page into build/web (`make web-build`): a static folder any host serves.

    python3 tools/web_build.py [--out build/web] [--npm-dir build/web-npm] [--mpy-cross PATH]

npm installs MicroPython WebAssembly and Papa Parse (pinned by web/package.json and
web/package-lock.json) into --npm-dir; MicroPython's two files are copied into OUT/micropython/,
Papa Parse's (which writes the game's CSV) into OUT/vendor/. The firmware, the board file for the
page (boards/web.py), the register-level parts it uses (host_sim/peripherals), the game's export
(host_sim/history.py), the page's Python side (web/bridge.py, web/spoken.py) and the language
tables (lang/<code>.txt compiled, as /fw/lang/<code>.tbl) go into
OUT/firmware.json, {path on the page's filesystem: base64 of the file}, fetched once by the
page: compiled to .mpy by --mpy-cross (the pinned one in .venv, as `make web-build` passes it;
compiling ~60 modules from source takes the page about 0.9 s at power-up), or the sources when
none is given. The keypad legends' words and colours (tools/hardware/legends.py, as printed in
hardware/legends/) and each language's key names (host_sim/key_names.py) go into
OUT/legends.json. Then the page itself: web/*.html, *.js, *.css and its icon. The service worker
(web/sw.js) is given the list of every file and a version made from their contents, so a new
build replaces the cached one and the page works offline once loaded.
"""

import argparse
import base64
import hashlib
import json
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = "@micropython/micropython-webassembly-pyscript"
MP_FILES = ("micropython.mjs", "micropython.wasm")
VENDOR = (("papaparse", "papaparse.min.js"),)  # (npm package, file): into OUT/vendor/
FW = "/fw/"  # where the page lays the firmware out; it is put first on sys.path
# The parts boards/web.py builds on (host_sim/peripherals/wiring.py imports the others).
PARTS = ("__init__", "bus", "wiring", "ssd1306_panel", "mfrc522_chip", "keypad_matrix")
PARTS += ("battery_source", "deed_tags")
PAGE = ("index.html", "page.js", "words.js", "chart.js", "page.css", "favicon.svg", "sw.js")


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
    # "Download the game": the export of `python -m host_sim export`, as host_sim.history there.
    files[FW + "host_sim/history.py"] = (ROOT / "host_sim" / "history.py").read_text()
    for name in ("bridge", "spoken"):
        files[FW + name + ".py"] = (ROOT / "web" / (name + ".py")).read_text()
    return files


def compiled(files: dict, mpy_cross: str | None, work: pathlib.Path) -> dict:
    """{path: base64 of the file the page loads}: .mpy compiled by mpy_cross (no -O: asserts
    kept, as in the portable suites), or the source itself."""
    out = {}
    work.mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        if mpy_cross is None:
            out[path] = base64.b64encode(text.encode()).decode()
            continue
        source = work / "module.py"
        target = work / "module.mpy"
        source.write_text(text)
        subprocess.run([mpy_cross, "-s", path.rsplit("/", 1)[1], "-o", str(target), str(source)],
                       check=True)  # fmt: skip
        out[path[: -len(".py")] + ".mpy"] = base64.b64encode(target.read_bytes()).decode()
    return out


def language_tables() -> dict:
    """{path on the page: base64 of the table}: lang/<code>.txt compiled, in /fw/lang/ (the
    page's unit reads them there, as a Pico reads its lang/ folder)."""
    sys.path.insert(0, str(ROOT))
    from host_sim.lang_tables import SOURCES, codes, compile_file

    return {
        FW + "lang/%s.tbl" % code: base64.b64encode(
            compile_file(SOURCES / (code + ".txt"))
        ).decode()
        for code in codes()
    }


def legends() -> dict:
    """The keys' colours and English legends, and each table's key names: {code: {key: name}}
    (host_sim/key_names.py), which the page shows when the unit speaks that language."""
    sys.path.insert(0, str(ROOT))
    from host_sim.key_names import key_names
    from host_sim.lang_tables import codes
    from tools.hardware.legends import KEY_STYLES, OTHER, PLAIN, PRINTED

    names = {code: key_names(code) for code in codes()}
    return {"styles": KEY_STYLES, "printed": PRINTED, "plain": PLAIN, "other": OTHER,
            "names": names}  # fmt: skip


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
    return npm_dir / "node_modules"


def build(out: pathlib.Path, npm_dir: pathlib.Path, mpy_cross: str | None = None) -> list:
    node_modules = npm_install(npm_dir)
    if out.exists():
        shutil.rmtree(out)
    (out / "micropython").mkdir(parents=True)
    for name in MP_FILES:
        shutil.copyfile(node_modules / PACKAGE / name, out / "micropython" / name)
    (out / "vendor").mkdir()
    for package, name in VENDOR:
        shutil.copyfile(node_modules / package / name, out / "vendor" / name)
    modules = compiled(python_files(), mpy_cross, npm_dir / "mpy")
    modules.update(language_tables())
    (out / "firmware.json").write_text(json.dumps(modules))
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
    parser.add_argument("--mpy-cross", default=None, help="compile the modules with this")
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    files = build(out, pathlib.Path(args.npm_dir), args.mpy_cross)
    size = sum((out / name).stat().st_size for name in files)
    print("web build: %d files, %d bytes in %s" % (len(files), size, out))


if __name__ == "__main__":
    main()
