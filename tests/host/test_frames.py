"""Every function a keypress runs in the shell, the keypad and the editions' key grammar keeps
its frame on the C stack: within MicroPython's 11 words (tools/frames.py says why, and lists
the firmware's functions over it).

A function over the limit gets its frame allocated on the heap at every call: two locals added
to BankUnit.scan_keys cost 0.6 ms per event scan in the bench. The list below is the key path
of issue 14's digit keypress (press and release, every edition): a name that no longer exists
fails too, so that a rename does not drop a function from the check unnoticed.
"""

import importlib.util
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("frames", ROOT / "tools" / "frames.py")
assert _spec is not None and _spec.loader is not None
frames = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(frames)

KEY_PATH = {
    "app/unit.py": (
        "BankUnit.scan_keys",
        "BankUnit.settle",
        "BankUnit._follow_volume",
        "BankUnit.sound",
    ),
    "drivers/keypad_ring.py": (
        "KeypadRing.scan",
        "KeypadRing._feed",
        "KeypadRing.settle",
        "KeypadRing._most_late",
        "KeypadRing._queue",
        "KeypadRing.pop",
        "KeypadRing.record",
    ),
    "drivers/keypad.py": ("Keypad._sample", "Keypad.read_once"),
    "drivers/pio_keypad.py": ("PioKeypad._drain",),
    "drivers/piezo.py": ("Piezo.play",),
    "rules/machine.py": (
        "StateMachine.key_down",
        "StateMachine.key_up",
        "StateMachine.take_cues",
        "StateMachine.tick_hold",
        "StateMachine.view_changed",
        "StateMachine.entry_changed",
        "StateMachine.refuse",
        "StateMachine.show_message",
    ),
    "rules/card_bank.py": (
        "CardBank.press",
        "CardBank.guarded",
        "CardBank.act",
        "CardBank.release",
        "CardBank.hold_ms",
        "CardBank.type_key",
        "CardBank.slot_problem",
    ),
    "editions/revolution/edition.py": ("RevolutionPart.key",),
    "editions/revolution/zones.py": ("Reveal.press", "Spin.press", "drop"),
    "editions/classic/edition.py": ("ClassicPart.key",),
    "editions/banker/edition.py": ("BankerRules.key", "BankerRules.typing_problem"),
    "rules/whole_units.py": ("key", "typing_problem"),
    "rules/money.py": ("entry_problem",),
    "editions/stock_exchange/edition.py": ("StockExchange.press",),
}


@pytest.mark.parametrize("path", sorted(KEY_PATH))
def test_the_key_path_allocates_no_frame(path) -> None:
    sizes = {name: words for name, words, _, _ in frames.frames(ROOT / "firmware" / path)}
    missing = [name for name in KEY_PATH[path] if name not in sizes]
    assert not missing, "gone from %s (renamed?): %s" % (path, missing)
    over = {name: sizes[name] for name in KEY_PATH[path] if sizes[name] > frames.LIMIT_WORDS}
    assert not over, "frames over %d words in %s: %s" % (frames.LIMIT_WORDS, path, over)


def test_the_frame_reader_sees_a_frame_over_the_limit(tmp_path) -> None:
    source = tmp_path / "wide.py"
    locals_ = ", ".join("v%d" % i for i in range(12))
    source.write_text(
        "def small(a):\n    return a\n\n"
        "def wide():\n    %s = range(12)\n    return v0\n\n"
        "def guarded():\n    try:\n        x = 1\n    except OSError:\n        x = 2\n"
        "    return x\n" % locals_
    )
    found = {name: (words, state, exc) for name, words, state, exc in frames.frames(source)}
    assert found["small"][0] <= frames.LIMIT_WORDS
    assert found["wide"][0] > frames.LIMIT_WORDS  # 12 locals and more
    assert found["guarded"][2] == 1  # one handler: 3 words more
    assert found["guarded"][0] == found["guarded"][1] + frames.EXC_WORDS
