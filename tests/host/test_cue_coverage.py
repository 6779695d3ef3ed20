"""Every sound cue the rules can emit has a melody: a cue without one would play nothing."""

import pathlib
import re

from ui.sounds import melody_for

FIRMWARE = pathlib.Path(__file__).resolve().parent.parent.parent / "firmware"
# The shared machinery and the editions: every module that can call cue().
SOURCES = (FIRMWARE / "rules", FIRMWARE / "editions")
# The machines' public cue() (rules.machine), called on the edition or by one of its modes.
CUE_CALL = re.compile(r"""\.cue\(\s*"([a-z_]+)"\s*\)""")
CUE_CHOICE = re.compile(r"""\.cue\("([a-z_]+)" if .* else "([a-z_]+)"\)""")


def emitted_cues() -> set:
    cues: set = set()
    for source in (path for folder in SOURCES for path in folder.rglob("*.py")):
        text = source.read_text()
        cues.update(CUE_CALL.findall(text))
        for pair in CUE_CHOICE.findall(text):
            cues.update(pair)
    return cues


def test_the_scan_finds_the_cues() -> None:
    assert {"key", "error", "credit", "confirm", "sound_on", "sound_off"} <= emitted_cues()


def test_every_emitted_cue_has_a_melody() -> None:
    silent = sorted(cue for cue in emitted_cues() if melody_for(cue) is None)
    assert silent == []
