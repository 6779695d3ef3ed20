"""Plain-text game scripts: one action a line, run against a VirtualUnit, one JSON line a step.

# comments and blank lines are ignored
edition stock_exchange       the unit's edition (first action only; default electronic_banking)
press 5                      tap a key (names as in VirtualUnit: 0-9 K M C . go ...)
type 260K                    tap each character as a key
hold C 2.5                   press, hold for seconds, release
insert 2 green               card 2 into the green (or red) slot
remove green
wait 61                      let seconds pass
power_cycle                  reboot on the same flash
power_cycle go               reboot holding a key (go: into the settings menu)
expect balance 2 15.2M       the unit holds exactly this for card 2 (as typed: 15.2M, 260K,
                             or a plain number: 15200000; Classic's whole units: 1500)
expect screen "15.2M"        a whole line of the screen is this string (quote it if it has
                             spaces): "CARD 1" does not match the line "CARD 2 > CARD 1"
expect screen-has "CARD 1"   some line of the screen contains this string
expect no-screen "MAX 20M"   no line of the screen is this string
expect no-screen-has "MAX"   no line of the screen contains this string
expect sound credit          this cue played during the previous step
shot name.png                save a screenshot (relative to the script's folder)

The Stock Exchange (no cards, no balances) has its own expects instead of balance:
expect total hat 1250        TOTAL's value for a token (tokens: hat car dog shoe iron boat)
expect shares car 13 4       the token holds this many shares of company 13
expect price 13 66           company 13's share price
expect president 13 car      the President of company 13 (none: not listed)
expect offices 13 2          company 13's office level (5: a head office)

The Banker's deeds (by board square: Mediterranean Avenue 1 ... Boardwalk 39):
insert deed 39 green         the tag of deed 39 on the green (or red) reader
expect owner 39 2            the deed's owner (none: the bank)
expect buildings 39 5        its buildings (0..4 houses, 5 a hotel)
expect mortgaged 39 yes      whether it is mortgaged (yes or no)
expect supply 28 11          the bank's houses and hotels
Its steps print "totals" (token -> TOTAL's value) where a card edition prints "balances".
"""

import json
import pathlib
import shlex

from app.editions import DEFAULT, EDITIONS
from host_sim.virtual_unit import VirtualUnit, VirtualUnitError
from rules.money import parse_amount


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
    "edition": (1,),
    "press": (1,),
    "type": (1,),
    "hold": (2,),
    "insert": (2, 3),
    "remove": (1,),
    "wait": (1,),
    "power_cycle": (0, 1),
    "shot": (1,),
    "expect": (2, 3, 4),
}
_EXPECTS = {  # what -> number of words after it
    "balance": 2,
    "screen": 1,
    "screen-has": 1,
    "no-screen": 1,
    "no-screen-has": 1,
    "sound": 1,
    "total": 2,
    "shares": 3,
    "price": 2,
    "president": 2,
    "offices": 2,
    "owner": 2,
    "buildings": 2,
    "mortgaged": 2,
    "supply": 2,
}


def _check(number: int, words: list) -> None:
    verb = words[0]
    if verb not in _ARITY:
        raise ScriptError("line %d: unknown action %r" % (number, verb))
    if len(words) - 1 not in _ARITY[verb]:
        raise ScriptError("line %d: wrong number of arguments for %r" % (number, verb))
    if verb == "expect" and words[1] not in _EXPECTS:
        raise ScriptError("line %d: expect what? %s" % (number, ", ".join(_EXPECTS)))
    if verb == "expect" and len(words) - 2 != _EXPECTS[words[1]]:
        raise ScriptError("line %d: wrong number of arguments for %r" % (number, words[1]))
    try:
        if verb in ("hold", "wait"):
            float(words[-1])
        if verb == "insert":
            int(words[-2])
            if len(words) == 4 and words[1] != "deed":
                raise ValueError("insert deed N slot")
        if verb == "expect" and words[1] == "balance":
            amount(words[-1])
        if verb == "expect" and words[1] in ("owner", "buildings", "mortgaged", "supply"):
            int(words[2])
        if verb == "expect" and words[1] in ("total", "shares", "price", "offices"):
            int(words[-1])
        if verb == "expect" and words[1] in ("balance", "price", "president", "offices"):
            int(words[2])
        if verb == "expect" and words[1] == "shares":
            int(words[3])
    except (ValueError, IndexError):
        raise ScriptError("line %d: expected a number in %r" % (number, " ".join(words))) from None


def amount(word: str) -> int:
    """A balance in a script: a plain number, or as typed on the unit (15.2M, 260K)."""
    try:
        return int(word)
    except ValueError:
        return parse_amount(word.upper())  # EntryError (a ValueError) when it is neither


def run_step(unit: VirtualUnit, words: list, base_dir: pathlib.Path, last_sounds: list) -> None:
    verb = words[0]
    if verb == "press":
        unit.press(words[1])
    elif verb == "type":
        unit.type(words[1])
    elif verb == "hold":
        unit.hold(words[1], float(words[2]))
    elif verb == "insert":
        if len(words) == 4:
            unit.insert(deed=int(words[2]), slot=words[3])
        else:
            unit.insert(card=int(words[1]), slot=words[2])
    elif verb == "remove":
        unit.remove(words[1])
    elif verb == "wait":
        unit.advance(float(words[1]))
    elif verb == "power_cycle":
        unit.power_cycle(hold=words[1] if len(words) > 1 else None)
    elif verb == "shot":
        unit.screenshot(str(base_dir / words[1]))
    elif verb == "edition":
        if words[1] != unit.edition_name:  # run_script starts the unit in the script's edition
            raise ExpectFailed("the unit is a %s unit, not %s" % (unit.edition_name, words[1]))
    else:
        _expect(unit, words, last_sounds)


def _expect(unit: VirtualUnit, words: list, last_sounds: list) -> None:
    what = words[1]
    if what == "balance":
        card, wanted = int(words[2]), amount(words[3])
        got = unit.balance(card)
        if got != wanted:
            raise ExpectFailed("card %d holds %d, expected %d" % (card, got, wanted))
    elif what == "screen":
        if words[2] not in unit.screen_text():
            raise ExpectFailed("%r not on screen %r" % (words[2], unit.screen_text()))
    elif what == "no-screen":
        if words[2] in unit.screen_text():
            raise ExpectFailed("%r is on screen %r" % (words[2], unit.screen_text()))
    elif what == "screen-has":
        if not any(words[2] in line for line in unit.screen_text()):
            raise ExpectFailed("no line contains %r: screen %r" % (words[2], unit.screen_text()))
    elif what == "no-screen-has":
        lines = [line for line in unit.screen_text() if words[2] in line]
        if lines:
            raise ExpectFailed("%r is in %r" % (words[2], lines))
    elif what == "total":
        got = unit.totals().get(words[2].lower())
        if got != int(words[3]):
            raise ExpectFailed("%s's total is %r, expected %s" % (words[2], got, words[3]))
    elif what == "shares":
        got = unit.shares(words[2], int(words[3]))
        if got != int(words[4]):
            raise ExpectFailed(
                "%s holds %d shares of %s, expected %s" % (words[2], got, words[3], words[4])
            )
    elif what in ("price", "offices"):
        got = unit.price(int(words[2])) if what == "price" else unit.offices(int(words[2]))
        if got != int(words[3]):
            raise ExpectFailed("%s of %s is %d, expected %s" % (what, words[2], got, words[3]))
    elif what in ("owner", "buildings", "mortgaged"):
        got = unit.deed(int(words[2]))[what]
        shown = "none" if got is None else str(got)
        if isinstance(got, bool):
            shown = "yes" if got else "no"
        if shown != words[3].lower():
            raise ExpectFailed(
                "%s of deed %s is %s, expected %s" % (what, words[2], shown, words[3])
            )
    elif what == "supply":
        got = unit.bank_supply()
        if [got["houses"], got["hotels"]] != [int(words[2]), int(words[3])]:
            raise ExpectFailed("the bank holds %r, expected %s %s" % (got, words[2], words[3]))
    elif what == "president":
        got = unit.president(int(words[2])) or "none"
        if got != words[3].lower():
            raise ExpectFailed("president of %s is %s, expected %s" % (words[2], got, words[3]))
    elif words[2] not in last_sounds:
        raise ExpectFailed("cue %r not played; heard %r" % (words[2], last_sounds))


def script_edition(actions: list) -> str | None:
    """The edition an `edition` line names (it must be the first action), or None."""
    named = None
    for index, (number, words) in enumerate(actions):
        if words[0] == "edition":
            if index:
                raise ScriptError("line %d: edition must be the first action" % number)
            if words[1] not in EDITIONS:
                raise ScriptError("line %d: no edition %r; have %s" % (number, words[1], EDITIONS))
            named = words[1]
    return named


def run_script(path: str, out, **unit_options) -> int:
    """Runs a script file, printing one JSON object per step to `out`. Returns the exit code:
    0 all passed, 1 an expect failed or the unit refused a call, 2 the script is malformed (or
    names another edition than unit_options["edition"])."""
    script = pathlib.Path(path)
    try:
        actions = parse(script.read_text())
        named = script_edition(actions)
        if named is not None and unit_options.get("edition") not in (None, named):
            raise ScriptError(
                "the script is for %s, not %s" % (named, unit_options.get("edition"))
            )
    except (OSError, ScriptError) as error:
        out.write(json.dumps({"error": str(error)}) + "\n")
        return 2
    if named is not None:
        unit_options = dict(unit_options, edition=named)
    elif unit_options.get("edition") is None:
        unit_options = dict(unit_options, edition=DEFAULT)
    last_sounds: list = []
    try:
        unit = VirtualUnit(**unit_options)
    except VirtualUnitError as error:
        out.write(json.dumps({"error": str(error)}) + "\n")
        return 2
    with unit:
        standing = "balances" if unit.uses_cards else "totals"
        for step, (line, words) in enumerate(actions, 1):
            record = {"step": step, "line": line, "action": " ".join(words)}
            try:
                run_step(unit, words, script.parent, last_sounds)
            except (ExpectFailed, VirtualUnitError) as error:
                record.update(ok=False, error=str(error), screen=unit.screen_text())
                out.write(json.dumps(record) + "\n")
                return 1
            if words[0] not in ("expect", "edition"):
                last_sounds = unit.sounds()
            record.update(ok=True, screen=unit.screen_text())
            record[standing] = unit.standings()
            record["sounds"] = last_sounds if words[0] not in ("expect", "edition") else []
            out.write(json.dumps(record) + "\n")
    return 0
