# Events as tuples, for the fuzzer, scripted runs and tests: which machine call each one is.
# The shell calls key_down, key_up, card_present, card_gone and tick itself, so the unit never
# loads this module.


def dispatch(machine, event: tuple) -> None:
    """("key_down"|"key_up", key, t), ("card_present", slot, card_id, t), ("card_gone", slot, t)
    or ("tick", t)."""
    kind = event[0]
    if kind == "key_down":
        machine.key_down(event[1], event[2])
    elif kind == "key_up":
        machine.key_up(event[1], event[2])
    elif kind == "card_present":
        machine.card_present(event[1], event[2], event[3])
    elif kind == "card_gone":
        machine.card_gone(event[1], event[2])
    elif kind == "tick":
        machine.tick(event[1])
    else:
        raise ValueError("unknown event")
