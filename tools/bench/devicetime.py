"""The bench's device-time figures: the cost table, and what a unit costs on the chip.

Fuel is turned into time on a 125 MHz RP2040 with one calibration (issue 14): an Electronic
Banking keypress of 5.97M fuel took about 28.5 ms of CPU on the emulated chip (key_down plus
render, minus the I2C wire time), so 200k fuel is about 1 ms, i.e. 200 fuel per microsecond.
The cost table (bench/device_costs.json) is what host_sim/device_time.py charges per firmware
step; the idle and poll figures below come from a VirtualUnit in that mode, so they include
the wire time of the buses and the MFRC522 timer waits as the simulator charges them.

Issue 27 (part 4) found the chip paying 2.5-3.3 times the table for idle steps: 9.0 % idle CPU
with no card and 11.3 % with one lying, where the model said 2.33 / 3.43 %. What wasm fuel does
not see is charged on top of the fuel-derived costs, as fixed costs calibrated to the chip's
profile (chip_profile.json, read by calibration()): "call_spi" / "call_i2c" / "call_pin" /
"call_pio" per call the firmware makes into machine.SPI, I2C, Pin (PWM, ADC) and the rp2 state
machine, "step_fixed" per firmware step, and "wake" per task wake-up that ran a step (after
every _stepped: the asyncio scheduler, the sleep, _stepped itself). The model's steps with
those at 0 (VirtualUnit, EB, idle) give each calibrated step's bare time and its hardware calls
(the simulator's count; the polls' SPI calls match the bench's transactions per poll), and
chip - bare = step_fixed + call x calls is solved by least squares over poll_start, poll_empty,
poll_card_lying and tick (two unknowns, four steps). One call cost for every kind: an SPI
transaction is always one SPI call and two chip-select Pin calls, so the profile cannot part
them, and no profiled step makes an I2C or PIO call; each is one MicroPython call into a C
driver. "wake" is solved exactly: the chip's no-card idle CPU less its profiled steps, per
_stepped. Per-call costs alone cannot give both the profile and the idle share: the steps
account for 70 of the 180 ms busy in 2 s, and the rest would cost about 0.3 ms per SPI
transaction, four times the polls' own figures. The keypress and first-pixel figures stay
fuel-derived (the 200 fuel/us calibration was made on a whole keypress on the chip, its calls
included); the simulator's key latencies pay the fixed costs too.

Where the model still stands over the chip (measured 2026-12-07, not corrected): the interned
names. MicroPython looks every str it makes up among its interned names (py/objstr.c: a str from
bytes or a vstr, so every formatted or joined line; py/qstr.c qstr_find_strn): the image's own
pools mostly by bisection, the pools interned at run time one name at a time, 20 fuel a name in
the WASI build (the loop's 20 wasm instructions). A str that is no name walks them all.
The chip's run-time pools hold the firmware's names (Electronic Banking 1,110 after the bench's
game, Revolution in French 1,203); the fuel run's interpreter holds the harness's too (its
modules, the parts' models: 1,617 and 1,780 at the game's end), about 500-580 names more, so
each such walk costs the model 10-11.5k fuel (50-58 us) the chip does not pay. Counted per
keypress (the game played again with 1,000 names interned first: the fuel a key gains, over
20k fuel a walk): a digit key makes 0-1 such walks (median 0.9 in Electronic Banking, 0.7 in
Revolution in French; its worst digit keys 0-2), a keypress that loads a module 14-40 (the names
of its .mpy). So the model is 0-2 % over the chip on digit keys and up to about 10 % on keys
that import. It is not taken off: the calibrations above (200 fuel/us, the boot's 71.6k fuel a
ms) were fitted to chip figures with the harness's names of their day in the same walks, and
only a keypress measured on the chip again could say how much of it they absorbed. The chip's
own walk is also cheaper a name: its pools keep a 1-byte hash (ports/rp2/mpconfigport.h), a
load, a compare and a branch of about 9 cycles (72 ns) against the model's 100 ns.
"""

import json
import pathlib
import statistics

FUEL_PER_US = 200  # 200k fuel = 1 ms of a 125 MHz RP2040 (see above)
# Booting is slower per fuel unit: loading .mpy files from LittleFS on the QSPI flash, the flash
# reads of the journal and the readers' reset waits are outside the fuel. Issue 14 measured the
# imports at 254 ms for what the bench counts as 18.18M fuel (bench/results.json of 2026-11-29,
# the same firmware): about 71.6k fuel per ms, used for import + build + boot + first render.
BOOT_FUEL_PER_MS = 71600
I2C_HZ = 400000  # boards/pico.py
DIGITS = "0123456789."
IDLE_SETTLE_S = 3.0  # after boot or a card going in, before the idle minute is measured
IDLE_S = {"quick": 10.0, "full": 60.0}  # virtual seconds; the steps are periodic
CHIP_PROFILE = pathlib.Path(__file__).resolve().parent / "chip_profile.json"
CALIBRATION_S = 2.0  # virtual seconds of each idle run that measures the calibrated steps
# The steps whose chip time the calibration fits (cost names), and the profile's steps whose
# time is in the chip's idle CPU beside the wake-ups (settle runs inside tick).
CALIBRATED = ("poll_start", "poll_empty", "poll_card_lying", "tick")
PROFILED_STEPS = ("poll_reader", "start_poll", "tick")
CALL_COSTS = ("call_spi", "call_i2c", "call_pin", "call_pio")  # host_sim/device_time.py FIXED

ABOUT = (
    "Device cost of each firmware step on a 125 MHz RP2040, in microseconds, per edition: what "
    "host_sim/device_time.py charges on the virtual clock in device-time mode (VirtualUnit(..., "
    "device_time=True)). Written by `make bench RECORD=1` (tools/bench/devicetime.py) from the "
    "bench's wasm fuel: fuel / 200 = us, the calibration of issue 14 (an Electronic Banking "
    "keypress of 5.97M fuel took about 28.5 ms of CPU on an emulated RP2040 at 125 MHz running "
    "MicroPython 1.25, so 200k fuel = 1 ms). Hardware calls are not in the fuel: the fake buses "
    "charge their wire time (I2C 9 bits/byte at 400 kHz, SPI 8 bits/byte at 4 MHz) and the "
    "simulator the MFRC522 timer's wait after an exchange nobody answered. Model: the median of "
    "each step kind and case, because their cost hardly varies within a case: scan_idle / "
    "scan_event (a scan that handed the shell a key event, which includes the edition's "
    "key_down or key_up, and replays the samples the keypad timer recorded), sample_idle / "
    "sample_held / sample_scan (the keypad timer's read of the matrix every 5 ms: its columns "
    "only; a probe of one row that found the keys of its last scan still held; or row by row: "
    "carried over from the last table that measured them, since the game scans the keypad with "
    "the rp2 PIO state machine as on a Pico), drain (the PIO state machine's IRQ handler moving "
    "one change into the keypad's ring; the scanning itself is the PIO's, not the CPU's), "
    "poll_start (a reader's "
    "field on), poll_empty / poll_card_lying / poll_card_in_or_out (the read 5 ms later), tick, "
    "piezo_step, battery, boot (build and boot, without the first render). Renders follow what "
    "was drawn: render_check on every call (the 'anything changed?' test: the median render "
    "that sent nothing) and, for a render that draws, render_draw + render_per_call_ns x the "
    "drawing calls the firmware made on the display's framebuf canvas and on its page view "
    "(fill_rect, hline, text, blit...: a glyph, a cleared region, a line of small text copied "
    "through the page view), a Theil-Sen line (the median of the slopes between every two "
    "renders: robust to the few renders whose cost is not drawing) through the (calls, fuel) "
    "of every render that sent in the bench's game (render_fit: fixed and per-call fuel, "
    "points, r2). A render that redraws only what changed makes fewer calls and costs less "
    "without a new table; re-record the table when the drawing code changes all the same. The "
    "drawing is charged before the frame's first I2C byte goes, so its last byte lands when it "
    "would on the chip. first_pixel in the bench uses a boot calibration instead (see "
    "budgets.json). Fixed costs (issue 27), charged by the simulator on top of the above: "
    "call_spi, call_i2c, call_pin, call_pio per call the firmware makes into machine.SPI, I2C, "
    "Pin (PWM, ADC) and the rp2 state machine; step_fixed per step; wake after every _stepped "
    "(a task's wake-up: the scheduler, the sleep, _stepped). Calibrated to a profile of the "
    "chip (tools/bench/chip_profile.json: EB idle, 9.0 % / 11.3 % CPU, per-step times; see "
    "'calibration'): chip - model = step_fixed + call x hardware calls by least squares over "
    "poll_start, poll_empty, poll_card_lying and tick, one call cost for every kind (the "
    "profile cannot part them), wake exactly from the chip's idle CPU less its profiled steps."
)


def spread(values) -> dict:
    values = list(values)
    if not values:
        return {"median": 0, "worst": 0, "count": 0}
    return {"median": statistics.median(values), "worst": max(values), "count": len(values)}


def us(fuel) -> int:
    return round(fuel / FUEL_PER_US)


def ms(fuel) -> float:
    return round(fuel / FUEL_PER_US / 1000, 2)


def boot_ms(fuel) -> float:
    return round(fuel / BOOT_FUEL_PER_MS, 1)


def render_fit(traffic_draws: list, fuel_draws: list) -> dict:
    """fuel = fixed + per_call x canvas calls, a Theil-Sen line through every render that sent:
    the median of the slopes between every two renders, then the median of what is left as the
    fixed part. A least-squares line was pulled by the few renders whose cost is not drawing
    (a screen rebuilt with hardly a call counted: up to 9 ms at 0-3 calls in Revolution) and
    put Revolution's fixed part below the render check. Written here: it is a median of
    pairwise slopes (about 35k pairs), and scipy.stats.theilslopes would add scipy to the
    bench's install for it. The fuel run gives (I2C bytes, fuel) per render, the traffic run
    (I2C bytes, canvas calls): both play the same game, so the n-th renders pair up (their bytes
    must agree). A slope below 0 (more drawing never costs less) is taken as 0 with the median
    as the fixed."""
    pairs = list(zip(traffic_draws, fuel_draws, strict=False))
    if any(t[0] != f[0] for t, f in pairs):
        raise RuntimeError("the fuel and traffic runs did not send the same frames")
    calls = [t[1] for t, _ in pairs]
    fuels = [f[1] for _, f in pairs]
    points = len(pairs)
    if points < 2 or len(set(calls)) < 2:
        fixed = statistics.median(fuels) if fuels else 0
        return {"fixed": round(fixed), "per_call": 0.0, "points": points, "r2": None}
    slopes = [
        (fuels[j] - fuels[i]) / (calls[j] - calls[i])
        for i in range(points)
        for j in range(i + 1, points)
        if calls[j] != calls[i]
    ]
    slope = statistics.median(slopes)
    if slope < 0:
        slope = 0.0
    fixed = statistics.median(fuel - slope * call for call, fuel in zip(calls, fuels, strict=True))
    r2 = statistics.correlation(calls, fuels) ** 2 if slope else 0.0
    return {
        "fixed": round(fixed),
        "per_call": round(slope, 1),
        "points": points,
        "r2": round(r2, 3),
        "calls": {"median": statistics.median(calls), "worst": max(calls)},
    }


# Cost name -> the fuel figure it comes from, for the keypad's two sampling paths.
KEYPAD_PATHS = {
    "sample_idle": "sample_idle",
    "sample_scan": "sample_scan",
    "sample_held": "sample_held",
    "drain": "drain",
}


def costs(fuel: dict) -> dict:
    """The cost table of one edition (microseconds) from its fuel figures."""
    fit = fuel["render_fit"]
    check = fuel["render_unchanged"]["median"]
    first_render = fuel["render_sent"]["median"]
    table = {
        "scan_idle": us(fuel["idle_scan"]["median"]),
        "scan_event": us(fuel["event_scan"]["median"]),
        "render_check": us(check),
        "render_draw": us(max(0, fit["fixed"] - check)),
        "render_per_call_ns": round(fit["per_call"] * 1000 / FUEL_PER_US),
        "sample_idle": us(fuel["sample_idle"]["median"]),
        "sample_scan": us(fuel["sample_scan"]["median"]),
        "sample_held": us(fuel["sample_held"]["median"]),
        "drain": us(fuel["drain"]["median"]) if "drain" in fuel else 0,
        "poll_start": us(fuel["poll_start"]["median"]),
        "poll_empty": us(fuel["poll_empty"]["median"]),
        "poll_card_lying": us(fuel["poll_card_lying"]["median"]),
        "poll_card_in_or_out": us(fuel["poll_card_in_or_out"]["median"]),
        "tick": us(fuel["tick"]["median"]),
        "piezo_step": us(fuel["piezo_step"]["median"]),
        "battery": us(fuel["battery"]["median"]),
        "boot": us(max(0, fuel["boot"] - first_render)),
    }
    # A keypad path the game did not run has no figures (the game scans with the PIO state
    # machine on the Pico boards): those costs are left out here, and cost_file carries them
    # over from the table before.
    return {
        name: value
        for name, value in table.items()
        if not (name in KEYPAD_PATHS and not fuel.get(KEYPAD_PATHS[name], {}).get("count"))
    }


def cost_file(results: dict, previous=None) -> dict:
    """previous: the stored table (a path), whose keypad costs this run did not measure are
    carried over (the software sampler's, while the game scans with the PIO)."""
    before = {}
    if previous is not None and pathlib.Path(previous).exists():
        before = json.loads(pathlib.Path(previous).read_text()).get("editions", {})
    editions = {}
    fits = {}
    for result in results["editions"]:
        if "device" in result:
            carried = {
                name: us
                for name, us in before.get(result["edition"], {}).items()
                if name in KEYPAD_PATHS
            }
            editions[result["edition"]] = dict(carried, **result["device"]["costs"])
            fits[result["edition"]] = result["fuel"]["render_fit"]
    game = "%s game, %s transactions per edition (fuel run: at most %s)" % (
        results.get("mode"),
        results.get("transactions_per_edition"),
        results.get("fuel_transactions"),
    )
    return {
        "_about": ABOUT,
        "measured_in": game,
        "fuel_per_us": FUEL_PER_US,
        "render_fit": fits,
        "calibration": calibration_of(results),
        "editions": editions,
    }


def calibration_of(results: dict) -> dict:
    """The fixed costs' calibration of this run (every edition carries the same)."""
    for result in results["editions"]:
        if "calibration" in result.get("device", {}):
            return result["device"]["calibration"]
    return {}


def settings_of(lang: str):
    """The VirtualUnit settings of a unit whose screen speaks `lang` (None: English's)."""
    return None if lang == "en" else {"lang": lang}


def idle_share(
    edition: str, table: dict, seconds: float, card: bool, quiet: bool = True, lang: str = "en"
) -> tuple:
    """(busy %, no-card poll block times in us, the readers' carrier-on ms per second) of a
    unit left alone for `seconds`: after its quiet spell (app.power: the pace of a unit left
    alone, what the chip's idle figure is for), or, quiet False, in the seconds after a key or a
    card (the game's pace, a game paused). lang: the screen's language."""
    from app.power import QUIET_MS
    from host_sim.virtual_unit import VirtualUnit

    with VirtualUnit(edition=edition, device_time=table, settings=settings_of(lang)) as unit:
        if card:
            unit.insert(1, "green")
        unit.advance(IDLE_SETTLE_S + (QUIET_MS / 1000 if quiet else 0))
        if not quiet:  # the window ends a second before the quiet spell would begin
            seconds = min(seconds, QUIET_MS / 1000 - IDLE_SETTLE_S - 1)
        device = unit.device
        mark = len(device.step_us.get("poll_empty", []))
        busy = unit.clock.busy_total_us
        start = unit.clock.now_us
        readers = (unit.parts.green_reader, unit.parts.red_reader)
        field = sum(reader.field_us() for reader in readers)
        unit.advance(seconds)
        elapsed = unit.clock.now_us - start
        share = (unit.clock.busy_total_us - busy) / elapsed
        field_ms = (sum(reader.field_us() for reader in readers) - field) / elapsed * 1000
        return (
            round(100 * share, 2),
            device.step_us.get("poll_empty", [])[mark:],
            round(field_ms, 2),
        )


ON_BATTERIES_MV = 4100  # VSYS of three fresh AA cells through the diode: no USB, the unit sleeps


def _duty(unit, play) -> dict:
    """The shares of the time the CPU of `unit` was asleep (machine.lightsleep) and busy while
    play() ran, and the readers' carrier-on ms per second; display_on: whether it stayed lit."""
    clock = unit.clock
    readers = (unit.parts.green_reader, unit.parts.red_reader)
    start, busy, asleep = clock.now_us, clock.busy_total_us, clock.asleep_total_us
    field = sum(reader.field_us() for reader in readers)
    play()
    elapsed = clock.now_us - start
    return {
        "display_on": bool(unit.screen_text()),
        "asleep": round((clock.asleep_total_us - asleep) / elapsed, 4),
        "busy": round((clock.busy_total_us - busy) / elapsed, 4),
        "field_ms_per_s": round(
            (sum(reader.field_us() for reader in readers) - field) / elapsed * 1000, 2
        ),
    }


def standby_share(edition: str, table: dict, seconds: float, lang: str = "en") -> dict:
    """A unit on batteries left alone past its standby (the display dark), over `seconds`:
    _duty's shares."""
    from host_sim.virtual_unit import VirtualUnit

    with VirtualUnit(edition=edition, device_time=table, settings=settings_of(lang)) as unit:
        unit.parts.battery.mv = ON_BATTERIES_MV
        unit.advance(unit.unit.edition.standby_ms / 1000 + IDLE_SETTLE_S)
        if unit.screen_text():
            raise RuntimeError(edition + ": not in standby after its standby time")
        duty = _duty(unit, lambda: unit.advance(seconds))
        if duty["display_on"]:
            raise RuntimeError(edition + ": woke from standby with no key or card")
        return duty


# A game at the table (tools.hardware.power.TABLE_TURN_S): the hours "in use" are this game's;
# non-stop play (a key or a card every few seconds for hours) is reported beside them.
TABLE_TURNS = {"quick": 2, "full": 6}


def _turn(unit) -> None:
    """One turn's transaction: a card receives an amount (a key for a card-less edition)."""
    if not unit.uses_cards:
        unit.press("1")
        return
    unit.insert(1, "green")
    unit.advance(1.0)  # the player reads the balance
    if "M" in unit.keys:
        unit.type("1M")
    else:
        unit.type("100")
        unit.press("go")
    unit.advance(1.0)
    unit.remove(slot="green")


def table_share(edition: str, table: dict, turns: int, lang: str = "en") -> dict:
    """A unit on batteries in a game at the table, a turn every TABLE_TURN_S (dozing between
    turns): _duty's shares."""
    from host_sim.virtual_unit import VirtualUnit
    from tools.hardware.power import TABLE_TURN_S

    with VirtualUnit(edition=edition, device_time=table, settings=settings_of(lang)) as unit:
        unit.parts.battery.mv = ON_BATTERIES_MV
        unit.advance(IDLE_SETTLE_S + unit.unit.battery_ms / 1000)  # the gauge is read
        start = unit.clock.now_us

        def play() -> None:
            for turn in range(turns):
                _turn(unit)
                unit.advance((start - unit.clock.now_us) / 1e6 + (turn + 1) * TABLE_TURN_S)

        duty = _duty(unit, play)
        if not duty["display_on"]:
            raise RuntimeError(edition + ": the display went dark in a game at the table")
        return duty


# ---- issue 27: the fixed costs the fuel does not see, calibrated to the chip's profile -------


def chip_figures(profile: dict) -> dict:
    """Microseconds per call on the chip of each calibrated step, and of a wake-up (what the
    chip's idle CPU holds beyond the profiled steps, per _stepped: the scheduler, the sleep,
    _stepped itself), from the profile (chip_profile.json; settle is inside tick)."""
    steps = profile["steps_no_card"]
    per = {name: 1000 * step["ms"] / step["calls"] for name, step in steps.items()}
    empty = per["poll_reader"]
    busy_ms = profile["idle_cpu_percent"]["no_card"] / 100 * 1000 * profile["window_s"]
    in_steps = sum(steps[name]["ms"] for name in PROFILED_STEPS)
    return {
        "poll_start": per["start_poll"],
        "poll_empty": empty,
        # 2.66 ms is the mean of the card reader's polls and the empty reader's
        "poll_card_lying": 2000 * profile["card_lying_poll_reader_ms_per_call"] - empty,
        "tick": per["tick"],
        "wake": 1000 * (busy_ms - in_steps) / steps["_stepped"]["calls"],
    }


def bare_steps(edition: str, table: dict) -> dict:
    """{step: (median us, median hardware calls)} of the calibrated steps in a VirtualUnit
    left idle with no card, then with one lying, on `table` without its fixed costs: the
    fuel-derived cost plus the wire time and the MFRC522 timer's wait."""
    from host_sim.device_time import FIXED
    from host_sim.virtual_unit import VirtualUnit

    bare = {name: us for name, us in table.items() if name not in FIXED}
    found: dict = {}
    for card in (False, True):
        with VirtualUnit(edition=edition, device_time={edition: bare}) as unit:
            if card:
                unit.insert(1, "green")
            unit.advance(IDLE_SETTLE_S + CALIBRATION_S)
            device = unit.device
            for name in CALIBRATED:
                if name in device.step_us and name not in found:
                    found[name] = (
                        statistics.median(device.step_us[name]),
                        statistics.median(device.step_calls[name]),
                    )
    return found


def least_squares(points: list) -> tuple:
    """(intercept, slope) of the least-squares line through (x, y) points."""
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    mx, my = statistics.mean(xs), statistics.mean(ys)
    slope = sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x in xs)
    return my - slope * mx, slope


def calibration(table: dict) -> dict:
    """The fixed costs (us) from the chip's profile and the profiled edition's `table`:
    chip - bare = step_fixed + call x hardware calls, least squares over CALIBRATED (two
    unknowns, four steps); wake exactly as chip_figures has it. One cost per hardware call of
    every kind: the polls' calls are one SPI call and two chip-select Pin calls per
    transaction, always in that ratio, so the profile cannot part SPI from Pin, and no
    profiled step makes an I2C or PIO call; each is one MicroPython call into a C driver."""
    profile = json.loads(CHIP_PROFILE.read_text())
    chip = chip_figures(profile)
    bare = bare_steps(profile["edition"], table)
    fixed, per_call = least_squares([(bare[n][1], chip[n] - bare[n][0]) for n in CALIBRATED])
    call, fixed = round(per_call), round(fixed)
    steps = {
        name: {
            "chip_us": round(chip[name]),
            "bare_us": round(bare[name][0]),
            "hardware_calls": bare[name][1],
            "model_us": round(bare[name][0] + fixed + call * bare[name][1]),
        }
        for name in CALIBRATED
    }
    costs = {name: call for name in CALL_COSTS}
    costs.update(step_fixed=fixed, wake=round(chip["wake"]))
    return {
        "source": profile["source"],
        "edition": profile["edition"],
        "fit": "least squares over %s" % ", ".join(CALIBRATED),
        "costs": costs,
        "steps": steps,
        "chip_idle_cpu_percent": profile["idle_cpu_percent"],
    }


_CALIBRATED: dict = {}  # the calibration of this run, made once (the profile is one edition's)


def fixed_costs(edition: str, table: dict, english: bool = True) -> dict:
    """The calibration, from this run's table of the profiled edition when `edition` is it
    (and the run is in English, as the chip's profile was), else from the stored cost table's
    (bench/device_costs.json)."""
    if not _CALIBRATED:
        from host_sim.device_time import load_costs

        profiled = json.loads(CHIP_PROFILE.read_text())["edition"]
        own = edition == profiled and english
        _CALIBRATED.update(calibration(table if own else load_costs()[profiled]))
    return _CALIBRATED


def keypress_ms(fuel: dict, read_us: int, digits: bool) -> dict:
    """Median and worst device ms of the game's keypresses (digits: 0-9 and '.' only): their
    fuel, and the language table's reads from the flash in each at read_us (their time as fuel,
    so that an English unit's figures are its fuel's, as before)."""
    per_key = fuel.get("_per_key")
    if per_key is None:  # (a result recorded before the reads were counted)
        keys = fuel["digit_keypress" if digits else "per_keypress"]
        return {"median": ms(keys["median"]), "worst": ms(keys["worst"])}
    values = [
        spent + reads * read_us * FUEL_PER_US
        for spent, reads, digit in per_key
        if digit or not digits
    ]
    if not values:
        return {"median": 0.0, "worst": 0.0}
    return {"median": ms(int(statistics.median(values))), "worst": ms(max(values))}


def figures(result: dict, quick: bool) -> dict:
    """Every device-time figure of one edition (its fuel and traffic figures must be in)."""
    from host_sim.device_time import table_reads_us

    fuel, traffic = result["fuel"], result["traffic"]
    edition = result["edition"]
    lang = result.get("lang", "en")
    table = costs(fuel)
    calibrated = fixed_costs(edition, table, lang == "en")
    table.update(calibrated["costs"])
    seconds = IDLE_S["quick" if quick else "full"]
    costs_of = {edition: table}
    idle, polls, field = idle_share(edition, costs_of, seconds, card=False, lang=lang)
    busy, _, busy_field = idle_share(edition, costs_of, seconds, False, quiet=False, lang=lang)
    with_card = busy_card = None
    if traffic["spi"]["card_lying"]["polls"]:  # an edition with card readers
        with_card, _, _ = idle_share(edition, costs_of, seconds, card=True, lang=lang)
        busy_card, _, _ = idle_share(edition, costs_of, seconds, True, quiet=False, lang=lang)
    # Issue 31: the duty cycle in use (a game at the table, on batteries: dozing between turns),
    # in non-stop play (the game's pace, the display on, the CPU awake) and in standby on
    # batteries, and the hours on 3 x AA alkaline (tools/hardware/power.py)
    from tools.hardware import power

    duty = {
        "in_use": table_share(
            edition, costs_of, TABLE_TURNS["full" if not quick else "quick"], lang
        ),
        "non_stop": {
            "display_on": True,
            "asleep": 0.0,
            "busy": round(busy / 100, 4),
            "field_ms_per_s": busy_field,
        },
        "standby": standby_share(edition, costs_of, seconds, lang),
    }
    # A language's table: each text read from the flash (host_sim/device_time.py's model), and
    # the index read at boot, before the game's first screen
    read_us = table_reads_us(1, 0, table["call_pin"])
    boot_reads = fuel.get("table_boot_reads", [0, 0])
    first_frame_us = fuel["first_i2c_bytes"] * 9 * 1000000 // I2C_HZ
    screen_us = fuel["boot_i2c_bytes"] * 9 * 1000000 // I2C_HZ
    screen_us += table_reads_us(boot_reads[0], boot_reads[1], table["call_pin"])
    lang_figures = {}
    if lang != "en":
        lang_figures = {"table_read_us": read_us, "table_boot_reads": boot_reads}
    return lang_figures | {
        "costs": table,
        "calibration": calibrated,
        "keypress_ms": keypress_ms(fuel, read_us, digits=False),
        "digit_keypress_ms": keypress_ms(fuel, read_us, digits=True),
        "idle_seconds": seconds,
        # A unit left alone (after app.power's quiet spell): the chip's idle figure (issue 31)
        "idle_cpu_percent": {"no_card": idle, "card_lying": with_card},
        # In the 10 s after a key or a card: the game's pace
        "game_pace_cpu_percent": {"no_card": busy, "card_lying": busy_card},
        # Both readers' carriers on, ms per second (no card): most of what the readers draw
        "field_ms_per_s": {"left_alone": field, "game_pace": busy_field},
        "duty": duty,
        "battery_hours": power.battery_hours(duty),
        "no_card_poll_ms": (round(statistics.median(polls) / 1000, 2) if polls else None),
        # main.py lights the panel (app.first_light) before it imports the rest of the firmware
        "first_pixel_ms": round(boot_ms(fuel["first_light"]) + first_frame_us / 1000, 1),
        "first_pixel_parts": {
            "first_light_ms": boot_ms(fuel["first_light"]),
            "at_keypress_calibration_ms": round(
                ms(fuel["first_light"]) + first_frame_us / 1000, 1
            ),
            "first_frame_bytes": fuel["first_i2c_bytes"],
            "first_frame_wire_ms": round(first_frame_us / 1000, 2),
        },
        # ... and the game's first screen (the settings summary on the device) after it all
        "first_screen_ms": round(
            boot_ms(fuel["first_light"] + fuel["import"] + fuel["boot"]) + screen_us / 1000, 1
        ),
    }


def checked(result: dict) -> list:
    """(budget key, value, what) of the device figures (issue 14's and 31's targets)."""
    d = result["device"]
    return [
        ("device_digit_key_ms_worst", d["digit_keypress_ms"]["worst"], "digit keypress, ms"),
        ("device_idle_cpu_percent", d["idle_cpu_percent"]["no_card"], "idle CPU %, no card"),
        (
            "device_idle_card_cpu_percent",
            d["idle_cpu_percent"]["card_lying"] or 0,
            "idle CPU %, a card resting",
        ),
        (
            "i2c_digit_bytes_worst",
            result["traffic"]["i2c"]["per_digit_key"]["worst"],
            "I2C bytes per digit key",
        ),
        (
            "i2c_digit_after_digit_bytes_worst",
            result["traffic"]["i2c"]["per_digit_after_digit"]["worst"],
            "I2C bytes per digit key after a digit",
        ),
        ("device_no_card_poll_ms", d["no_card_poll_ms"] or 0, "no-card poll block, ms"),
        ("device_first_pixel_ms", d["first_pixel_ms"], "boot to first pixel, ms"),
    ]


def rows(result: dict) -> list:
    """(label, value, budget key) rows of the bench table."""
    d = result["device"]
    i2c = result["traffic"]["i2c"]["per_digit_key"]
    typed = result["traffic"]["i2c"]["per_digit_after_digit"]
    idle = d["idle_cpu_percent"]
    card = idle["card_lying"]
    pace = d["game_pace_cpu_percent"]
    parts = d["first_pixel_parts"]
    fit = result["fuel"]["render_fit"]
    fixed = d["calibration"]["costs"]
    steps = d["calibration"]["steps"]
    lang = []
    if "table_read_us" in d:  # another language than English: its table's reads (modelled)
        reads = result["fuel"]["table_reads_per_keypress"]
        lang = [
            (
                "  language table reads per keypress, median / worst (us each, modelled)",
                "%s / %s (%s)" % (reads["median"], reads["worst"], d["table_read_us"]),
                None,
            )
        ]
    return lang + [
        (
            "8 device ms per keypress (CPU), median / worst",
            "%s / %s" % (d["keypress_ms"]["median"], d["keypress_ms"]["worst"]),
            None,
        ),
        (
            "  digit keys 0-9 and '.', median / worst",
            "%s / %s" % (d["digit_keypress_ms"]["median"], d["digit_keypress_ms"]["worst"]),
            "device_digit_key_ms_worst",
        ),
        (
            "  idle CPU %% left alone (%d s after the quiet spell), no card" % d["idle_seconds"],
            idle["no_card"],
            "device_idle_cpu_percent",
        ),
        ("  ... a card resting", "-" if card is None else card, "device_idle_card_cpu_percent"),
        (
            "  CPU %% at the game's pace (10 s after a key or card), no card / card",
            "%s / %s"
            % (pace["no_card"], "-" if pace["card_lying"] is None else pace["card_lying"]),
            None,
        ),
        (
            "  hours on 3 x AA alkaline: in use (a turn every 30 s) / non-stop / standby"
            " (issue 31: 60 / - / 720)",
            "%s / %s / %s"
            % (
                d["battery_hours"]["in_use"],
                d["battery_hours"].get("non_stop", "-"),
                d["battery_hours"]["standby"],
            ),
            None,
        ),
        (
            "  readers' carriers on, ms per second: left alone / game's pace",
            "%s / %s" % (d["field_ms_per_s"]["left_alone"], d["field_ms_per_s"]["game_pace"]),
            None,
        ),
        (
            "  fixed us per hardware call / per step / per wake-up (issue 27)",
            "%s / %s / %s" % (fixed["call_spi"], fixed["step_fixed"], fixed["wake"]),
            None,
        ),
        (
            "  model / chip us: poll start, empty, card lying, tick",
            " ".join("%s/%s" % (s["model_us"], s["chip_us"]) for s in steps.values()),
            None,
        ),
        (
            "  I2C bytes per digit key, median / worst",
            "%s / %s" % (i2c["median"], i2c["worst"]),
            "i2c_digit_bytes_worst",
        ),
        (
            "  ... a digit after a digit (adds one character), median / worst",
            "%s / %s" % (typed["median"], typed["worst"]),
            "i2c_digit_after_digit_bytes_worst",
        ),
        (
            "  no-card poll block ms (CPU+SPI+timer wait)",
            "-" if d["no_card_poll_ms"] is None else d["no_card_poll_ms"],
            "device_no_card_poll_ms",
        ),
        ("  boot to first pixel, ms", d["first_pixel_ms"], "device_first_pixel_ms"),
        (
            "  first light's imports+draw / frame wire, ms",
            "%s / %s" % (parts["first_light_ms"], parts["first_frame_wire_ms"]),
            None,
        ),
        ("  boot to the game's first screen, ms", d["first_screen_ms"], None),
        (
            "  first pixel at the keypress calibration, ms",
            parts["at_keypress_calibration_ms"],
            None,
        ),
        (
            "  render fuel = fixed + per canvas call (r2)",
            "%s + %s (%s)" % (fit["fixed"], fit["per_call"], fit["r2"]),
            None,
        ),
    ]


def dumps(results: dict, previous=None) -> str:
    return json.dumps(cost_file(results, previous), indent=1, sort_keys=True) + "\n"
