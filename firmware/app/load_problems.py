# The boot's line for what the store's load() reported: what was lost, or that it was repaired.
# Loaded by BankUnit.boot for that line and let go after it (app.memory.forget_module).

MSG_REPAIRED = "STORAGE REPAIRED"  # a corrupt snapshot was rebuilt from the older generation
MSG_LOST = "JOURNAL: %d LOST"  # confirmed records that could not be read back


def describe_problems(problems: list) -> str:
    """The boot line for the store's load() problems: what was lost, or that it was repaired.
    A line dropped and the sequence gap it leaves are one loss, not two."""
    dropped = 0
    missing = 0
    other = 0
    repaired = False
    for problem in problems:
        if problem.startswith("snapshot "):
            repaired = True  # the older generation was read instead; a loss shows as a gap
        elif problem.endswith(" torn"):
            repaired = True  # an unfinished write, never shown as done: nothing confirmed lost
        elif problem.endswith(" dropped"):
            dropped += 1
        elif problem.startswith("records ") and problem.endswith(" missing"):
            first, _, last = problem[8:-8].partition("-")
            try:
                missing += int(last) - int(first) + 1
            except ValueError:
                other += 1
        else:
            other += 1  # a record that would not apply, journals gone with their snapshot
    lost = max(dropped, missing) + other
    if lost:
        return MSG_LOST % lost
    return MSG_REPAIRED if repaired else ""
