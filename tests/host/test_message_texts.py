"""Every message constant in the firmware (ERR_..., MSG_..., public or folded by const(); not
the templates with a %) fits one line of the small font (21 characters on 128 pixels): read
from the source, since a folded constant leaves no name to import."""

import ast
import pathlib

FIRMWARE = pathlib.Path(__file__).resolve().parent.parent.parent / "firmware"


def _messages():
    for source in sorted(FIRMWARE.rglob("*.py")):
        for node in ast.parse(source.read_text()).body:
            if not isinstance(node, ast.Assign) or not isinstance(node.targets[0], ast.Name):
                continue
            name = node.targets[0].id.lstrip("_")
            value = node.value
            if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "const":
                value = value.args[0]
            message = name.startswith(("ERR_", "MSG_")) and isinstance(value, ast.Constant)
            # a template ("DEED %d ENROLLED") is checked where it is filled in
            if message and isinstance(value.value, str) and "%" not in value.value:
                yield source.relative_to(FIRMWARE), name, value.value


def test_every_message_fits_one_line():
    found = list(_messages())
    assert len(found) > 100  # the scan reads the messages (folded ones too)
    # rules.machine's MSG_NOT_IDLE is an exception's text for a programming error, never shown
    too_long = [(str(f), n, t) for f, n, t in found if len(t) > 21 and n != "MSG_NOT_IDLE"]
    assert too_long == []


def test_the_banker_messages_are_capitals_digits_and_signs():
    for source, name, text in _messages():
        if source.parts[:2] == ("editions", "banker"):
            assert all(32 <= ord(c) <= 90 for c in text), (name, text)
