# 8x8 status icons for the title line; column-major, bit 0 = top row, like ui.fonts.
try:
    from micropython import const
except ImportError:

    def const(x):  # type: ignore[misc, no-redef]  # CPython: no micropython module
        return x


SIZE = const(8)

# A card lies in the GREEN slot: an arrow down into the tray (money comes in).
RECEIVE = b"\xc0\x88\x98\xbf\xbf\x98\x88\xc0"
# A card lies in the RED slot: an arrow up out of the tray (money goes out).
PAY = b"\xc0\x84\x86\xbf\xbf\x86\x84\xc0"
# A speaker with a cross: sound is off.
SOUND_OFF = b"\x1c\x1c\x3e\x7f\x00\x14\x08\x14"
# A battery with one bar left.
BATTERY_LOW = b"\x7e\x7e\x42\x42\x42\x7e\x18\x00"
