"""Every message constant in the firmware (ERR_..., MSG_..., public or folded by const(), alone
or a tuple of them; not the templates with a %) fits one line of the small font (21 characters
on 128 pixels): read from the source, since a folded constant leaves no name to import."""

import ast
import pathlib

FIRMWARE = pathlib.Path(__file__).resolve().parent.parent.parent / "firmware"


def message_constants():
    """(file, name, text) of every ERR_/MSG_ constant's text, templates included (one constant,
    or each of a tuple of them)."""
    for source in sorted(FIRMWARE.rglob("*.py")):
        for node in ast.parse(source.read_text()).body:
            if not isinstance(node, ast.Assign) or not isinstance(node.targets[0], ast.Name):
                continue
            name = node.targets[0].id.lstrip("_")
            value = node.value
            if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "const":
                value = value.args[0]
            if not name.startswith(("ERR_", "MSG_")):
                continue
            # one message, or a tuple of them (by slot, by building ...)
            texts = value.elts if isinstance(value, ast.Tuple) else [value]
            for text in texts:
                said = text.value if isinstance(text, ast.Constant) else None
                if isinstance(said, str):
                    yield source.relative_to(FIRMWARE), name, said


def _messages():
    # a template ("DEED %d ENROLLED") is checked where it is filled in
    for source, name, said in message_constants():
        if "%" not in said:
            yield source, name, said


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
