"""Keys are named in one module, firmware/rules/keys.py: every keypad layout, the simulator's
public names, the terminal UI and the printed legends name only keys declared there."""

import host_sim  # noqa: F401  (puts the firmware on sys.path)
from app.editions import EDITIONS
from boards.keymaps import LAYOUTS
from host_sim.tui_keys import HOLD_LABEL, HOLD_SHORTCUTS, UNIT_KEYS
from host_sim.virtual_unit import KEY_NAMES, VirtualUnit
from rules import keys
from tools.hardware.legends import KEY_STYLES, PRINTED


def declared() -> set:
    """Every logical key the keys module declares: each digit, and every other name in capitals
    that holds text (the slot names excepted: GREEN and RED are slots, not keys)."""
    names = set(keys.DIGITS)
    for name, value in vars(keys).items():
        if name.isupper() and isinstance(value, str) and name != "DIGITS":
            names.add(value)
    return names


def laid_out(edition: str) -> list:
    """The keys of each of the edition's layouts, one set per keypad matrix."""
    return [
        {key for row in rows for key in row if key is not None}
        for (_, name), rows in sorted(LAYOUTS.items())
        if name == edition
    ]


def test_every_keypad_layout_names_only_declared_keys_each_once():
    for (matrix, edition), rows in LAYOUTS.items():
        named = [key for row in rows for key in row if key is not None]
        assert len(set(named)) == len(named), (matrix, edition, "a key laid out twice")
        unknown = set(named) - declared()
        assert not unknown, (matrix, edition, sorted(unknown))
        assert set(keys.DIGITS) <= set(named), (matrix, edition)


def test_an_editions_keypads_lay_out_the_same_keys():
    for edition in EDITIONS:
        sets = laid_out(edition)
        assert sets, edition
        assert all(found == sets[0] for found in sets), edition


def test_every_declared_key_is_on_some_keypad():
    used = set().union(*(laid_out(edition)[0] for edition in EDITIONS))
    assert declared() == used, sorted(declared() - used)


def test_the_simulators_public_names_map_onto_declared_keys_one_to_one():
    assert set(KEY_NAMES.values()) == declared()
    assert len(set(KEY_NAMES.values())) == len(KEY_NAMES)


def test_a_virtual_unit_offers_its_editions_keys_by_public_name():
    unit = VirtualUnit(edition="revolution")
    try:
        assert {KEY_NAMES[name] for name in unit.keys} == laid_out("revolution")[0]
        assert {"zone", "deal", "go", "K"} <= set(unit.keys)
        assert "bank_purchase" not in unit.keys
    finally:
        unit.close()


def test_the_terminal_ui_names_only_known_keys_and_labels_every_one():
    named = [public for public, _, _ in UNIT_KEYS]
    unknown = set(named) - set(KEY_NAMES)
    assert not unknown, sorted(unknown)
    assert set(named) == set(KEY_NAMES), sorted(set(KEY_NAMES) - set(named))
    for public in list(HOLD_SHORTCUTS.values()) + list(HOLD_LABEL):
        assert public in KEY_NAMES, public


def test_the_printed_legends_name_only_known_keys():
    unknown = (set(KEY_STYLES) | set(PRINTED)) - declared()
    assert not unknown, sorted(unknown)
