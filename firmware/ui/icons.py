# 8x8 status icons for the title line; column-major, bit 0 = top row, like ui.fonts.
from compat.const import const

SIZE = const(8)

# A card lies in the GREEN slot: an arrow down into the tray (money comes in).
RECEIVE = b"\xc0\x88\x98\xbf\xbf\x98\x88\xc0"
# A card lies in the RED slot: an arrow up out of the tray (money goes out).
PAY = b"\xc0\x84\x86\xbf\xbf\x86\x84\xc0"
# A speaker with a cross: sound is off.
SOUND_OFF = b"\x1c\x1c\x3e\x7f\x00\x14\x08\x14"
# A battery with one bar left.
BATTERY_LOW = b"\x7e\x7e\x42\x42\x42\x7e\x18\x00"

# Revolution symbols, drawn at the left of the title line (view["symbol"] names one).
# Chance: a question mark cut out of a lit square.
CHANCE = b"\xff\xfb\xfd\xfd\xad\xf5\xfb\xff"
# The four Transport Zones: a walker, a bicycle, a car, a rocket.
_ZONE_PEDESTRIAN = const(b"\x00\x88\xe4\x1f\x1f\xe4\x88\x00")
_ZONE_CYCLIST = const(b"\x60\x94\x94\x6e\x25\x99\x90\x60")
_ZONE_CAR = const(b"\x38\xfc\xfa\x3a\x3e\xfa\xfc\x38")
_ZONE_SPACE = const(b"\x40\x20\x7e\xb9\xb9\x7e\x20\x40")

SYMBOLS = {
    "chance": CHANCE,
    "zone_pedestrian": _ZONE_PEDESTRIAN,
    "zone_cyclist": _ZONE_CYCLIST,
    "zone_car": _ZONE_CAR,
    "zone_space": _ZONE_SPACE,
}
