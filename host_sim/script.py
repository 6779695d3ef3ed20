"""Plain-text game scripts: one action a line, run against a VirtualUnit, one JSON line a step.

# comments and blank lines are ignored
press 5                      tap a key (names as in VirtualUnit: 0-9 K M C . go ...)
type 260K                    tap each character as a key
hold C 2.5                   press, hold for seconds, release
insert 2 green               card 2 into the green (or red) slot
remove green
wait 61                      let seconds pass
power_cycle                  reboot on the same flash
power_cycle go               reboot holding a key (go: into the settings menu)
expect balance 2 15200000    the unit holds exactly this for card 2
expect screen "15.2M"        this string is on the screen (quote it if it has spaces)
expect no-screen "MAX 20M"   this string is not on the screen
expect sound credit          this cue played during the previous step
shot name.png                save a screenshot (relative to the script's folder)
"""

import json
import pathlib
import shlex

from host_sim.virtual_unit import VirtualUnit, VirtualUnitError


class ScriptError(Exception):
    """A line that is not a valid action; names the line."""


class ExpectFailed(AssertionError):
    pass


def parse(text: str) -> list:
    """[(line_number, words), ...] for every action line; raises ScriptError on bad syntax."""
    actions = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            words = shlex.split(line)
        except ValueError as error:
            raise ScriptError("line %d: %s" % (number, error)) from None
        _check(number, words)
        actions.append((number, words))
    return actions


_ARITY = {
    "press": (1,),
    "type": (1,),
    "hold": (2,),
    "insert": (2,),
    "remove": (1,),
    "wait": (1,),
    "power_cycle": (0, 1),
    "shot": (1,),
    "expect": (2, 3),
}


def _check(number: int, words: list) -> None:
    verb = words[0]
    if verb not in _ARITY:
        raise ScriptError("line %d: unknown action %r" % (number, verb))
    if len(words) - 1 not in _ARITY[verb]:
        raise ScriptError("line %d: wrong number of arguments for %r" % (number, verb))
    if verb == "expect" and words[1] not in ("balance", "screen", "no-screen", "sound"):
        raise ScriptError("line %d: expect what? balance, screen, no-screen or sound" % number)
    try:
        if verb in ("hold", "wait"):
            float(words[-1])
        if verb == "insert":
            int(words[1])
        if verb == "expect" and words[1] == "balance":
            int(words[2]), int(words[3])
    except (ValueError, IndexError):
        raise ScriptError("line %d: expected a number in %r" % (number, " ".join(words))) from None


def run_step(unit: VirtualUnit, words: list, base_dir: pathlib.Path, last_sounds: list) -> None:
    verb = words[0]
    if verb == "press":
        unit.press(words[1])
    elif verb == "type":
        unit.type(words[1])
    elif verb == "hold":
        unit.hold(words[1], float(words[2]))
    elif verb == "insert":
        unit.insert(card=int(words[1]), slot=words[2])
    elif verb == "remove":
        unit.remove(words[1])
    elif verb == "wait":
        unit.advance(float(words[1]))
    elif verb == "power_cycle":
        unit.power_cycle(hold=words[1] if len(words) > 1 else None)
    elif verb == "shot":
        unit.screenshot(str(base_dir / words[1]))
    else:
        _expect(unit, words, last_sounds)


def _expect(unit: VirtualUnit, words: list, last_sounds: list) -> None:
    what = words[1]
    if what == "balance":
        card, wanted = int(words[2]), int(words[3])
        got = unit.balance(card)
        if got != wanted:
            raise ExpectFailed("card %d holds %d, expected %d" % (card, got, wanted))
    elif what == "screen":
        if words[2] not in unit.screen_text():
            raise ExpectFailed("%r not on screen %r" % (words[2], unit.screen_text()))
    elif what == "no-screen":
        if words[2] in unit.screen_text():
            raise ExpectFailed("%r is on screen %r" % (words[2], unit.screen_text()))
    elif words[2] not in last_sounds:
        raise ExpectFailed("cue %r not played; heard %r" % (words[2], last_sounds))


def run_script(path: str, out, **unit_options) -> int:
    """Runs a script file, printing one JSON object per step to `out`. Returns the exit code:
    0 all passed, 1 an expect failed or the unit refused a call, 2 the script is malformed."""
    script = pathlib.Path(path)
    try:
        actions = parse(script.read_text())
    except (OSError, ScriptError) as error:
        out.write(json.dumps({"error": str(error)}) + "\n")
        return 2
    last_sounds: list = []
    try:
        unit = VirtualUnit(**unit_options)
    except VirtualUnitError as error:
        out.write(json.dumps({"error": str(error)}) + "\n")
        return 2
    with unit:
        for step, (line, words) in enumerate(actions, 1):
            record = {"step": step, "line": line, "action": " ".join(words)}
            try:
                run_step(unit, words, script.parent, last_sounds)
            except (ExpectFailed, VirtualUnitError) as error:
                record.update(ok=False, error=str(error), screen=unit.screen_text())
                out.write(json.dumps(record) + "\n")
                return 1
            if words[0] != "expect":
                last_sounds = unit.sounds()
            record.update(
                ok=True,
                screen=unit.screen_text(),
                balances=unit.balances(),
                sounds=last_sounds if words[0] != "expect" else [],
            )
            out.write(json.dumps(record) + "\n")
    return 0
