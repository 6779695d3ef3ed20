# A deployed configuration this firmware cannot run (an edition it does not have, a keypad with
# no layout for the edition): said on the panel and over USB, instead of a crash and a reboot
# loop. `make deploy` refuses these before they reach a unit (tools/check_deploy.py); this
# catches a board.py written by hand or copied from another build.
from app.editions import EDITIONS
from boards.keymaps import LAYOUTS
from compat.const import const

TITLE = "CANNOT RUN"
_MESSAGE = const("REDEPLOY: SEE USB")
WIDTH = 21  # characters of the small font across the panel
_DUTY = const(10923)  # the piezo's duty at the default volume (drivers.piezo.Piezo.VOLUME_DUTY[3])


def _shown(text: str) -> str:
    """Text the panel's small font can draw (capitals, no underscore), cut to the width."""
    return text.replace("_", " ").upper()[:WIDTH]


def check(edition, matrix):
    """(matrix, None) when the firmware runs `edition` on the unit's keypad: `matrix` from
    board.py, or None for the smallest keypad with a layout for the edition. Otherwise
    (matrix, (panel lines, the sentence for USB))."""
    if edition not in EDITIONS:
        said = "unknown edition %r; this firmware has: %s" % (edition, ", ".join(EDITIONS))
        return matrix, (("UNKNOWN EDITION", _shown(str(edition))), said)
    fits = [m for m, name in sorted(LAYOUTS) if name == edition]
    if matrix is None:
        return fits[0], None
    if matrix in fits:
        return matrix, None
    said = "no %s keypad layout for %s; it runs on: %s" % (matrix, edition, ", ".join(fits))
    lines = ("NO %s KEYPAD LAYOUT" % _shown(str(matrix)), "FOR " + _shown(edition))
    return matrix, (lines + ("IT NEEDS " + " OR ".join(f.upper() for f in fits),), said)


def report(hardware, problem) -> None:
    """Shows the problem on the panel (when one answers), prints it over USB and sounds the
    error cue once."""
    lines, said = problem
    print("cannot run this configuration: " + said)
    print("redeploy with: make deploy EDITION=... [MATRIX=...] (make help lists them)")
    from app.first_light import first_light

    display = first_light(hardware)
    if display is not None:
        from ui.render import render

        view = {"title": TITLE, "lines": lines, "message": _MESSAGE, "error": True}
        render(display.canvas, view)
        display.show()
    _error_sound(hardware.piezo)


def _error_sound(pwm) -> None:
    """The error cue, played here and now: the unit's piezo driver needs the asyncio shell,
    which never starts on this path."""
    import time

    from ui.sounds import melody_for

    for freq, ms in melody_for("error"):
        if freq:
            pwm.freq(freq)
        pwm.duty_u16(_DUTY if freq else 0)
        time.sleep(ms / 1000)
    pwm.duty_u16(0)
