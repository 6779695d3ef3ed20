"""VirtualUnit.insert(spare=K): the spare tags a cafe keeps to replace a lost card (issue 28;
the replacement itself: docs/faults.md F180-F182, tests/host/test_faults.py)."""

import pytest

from host_sim import VirtualUnit
from host_sim.virtual_unit import VirtualUnitError


def test_insert_takes_a_card_or_a_spare():
    with VirtualUnit() as unit:
        with pytest.raises(VirtualUnitError, match="not both or neither"):
            unit.insert(card=1, spare=1, slot="green")
        with pytest.raises(VirtualUnitError, match="spare must be a number 1..8"):
            unit.insert(spare=9, slot="green")
        unit.insert(spare=1, slot="green")
        with pytest.raises(VirtualUnitError, match="spare 1 is already in the green slot"):
            unit.insert(spare=1, slot="red")
