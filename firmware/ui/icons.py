# 8x8 status icons for the title line; column-major, bit 0 = top row, like ui.fonts.
from compat.const import const

SIZE = const(8)

# A card lies in the GREEN slot: an arrow down into the tray (money comes in).
RECEIVE = b"\xc0\x88\x98\xbf\xbf\x98\x88\xc0"
# A card lies in the RED slot: an arrow up out of the tray (money goes out).
PAY = b"\xc0\x84\x86\xbf\xbf\x86\x84\xc0"
# A speaker with a cross: sound is off.
SOUND_OFF = b"\x1c\x1c\x3e\x7f\x00\x14\x08\x14"
# The battery gauge (app.power, issue 31): an empty battery when low, then one to three bars.
_BATTERY_BARS = const(
    (
        b"\x7e\x42\x42\x42\x42\x7e\x18\x00",
        b"\x7e\x7e\x42\x42\x42\x7e\x18\x00",
        b"\x7e\x7e\x7e\x42\x42\x7e\x18\x00",
        b"\x7e\x7e\x7e\x7e\x7e\x7e\x18\x00",
    )
)
_BATTERY_NAMES = const(("icon:battery_low", "icon:battery_1", "icon:battery_2", "icon:battery_3"))


def battery_level(status) -> int:
    """The gauge the shell's status asks for: 0 (low) to 3 bars, or -1 for none (the unit on
    USB power, or no battery reading yet)."""
    if not status:
        return -1
    if status.get("battery_low"):
        return 0
    level = status.get("battery")
    return -1 if level is None else level


def battery_icon(level: int) -> tuple:
    """(bitmap, log name) of a gauge level from battery_level() (0-3)."""
    return _BATTERY_BARS[level], _BATTERY_NAMES[level]


# Revolution symbols, drawn at the left of the title line (view["symbol"] names one).
# Chance: a question mark cut out of a lit square.
_CHANCE = const(b"\xff\xfb\xfd\xfd\xad\xf5\xfb\xff")
# The four Transport Zones: a walker, a bicycle, a car, a rocket.
_ZONE_PEDESTRIAN = const(b"\x00\x88\xe4\x1f\x1f\xe4\x88\x00")
_ZONE_CYCLIST = const(b"\x60\x94\x94\x6e\x25\x99\x90\x60")
_ZONE_CAR = const(b"\x38\xfc\xfa\x3a\x3e\xfa\xfc\x38")
_ZONE_SPACE = const(b"\x40\x20\x7e\xb9\xb9\x7e\x20\x40")

SYMBOLS = {
    "chance": _CHANCE,
    "zone_pedestrian": _ZONE_PEDESTRIAN,
    "zone_cyclist": _ZONE_CYCLIST,
    "zone_car": _ZONE_CAR,
    "zone_space": _ZONE_SPACE,
}
