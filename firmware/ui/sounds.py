# Sound cues: the melody the piezo plays for each cue name the rules emit.
# A melody is (freq_hz, ms) notes; 0 Hz is a rest. Piezos are loudest near 2-4 kHz.

from compat.const import const

# Equal-tempered pitches, rounded to whole hertz.
_C5 = const(523)
_G5 = const(784)
_C6 = const(1047)
_D6 = const(1175)
_E6 = const(1319)
_F6 = const(1397)
_G6 = const(1568)
_A6 = const(1760)
_B6 = const(1976)
_C7 = const(2093)
_D7 = const(2349)
_E7 = const(2637)
_G7 = const(3136)

# A melody is packed into bytes at import, 3 a note (Hz as two bytes, ms / 5): 31 melodies as
# tuples of (freq, ms) tuples took about 3.5 KB of the chip's heap, packed about 1 KB
# (issue 27). melody_for() unpacks the one a cue plays: a tuple of at most 9 small tuples.


def _m(*notes) -> bytes:
    """(freq_hz, ms, freq_hz, ms, ...) packed: ms a multiple of 5 up to 1275, Hz below 65536."""
    packed = bytearray()
    for i in range(0, len(notes), 2):
        freq, ms = notes[i], notes[i + 1]
        if ms % 5 or not 0 <= ms <= 1275 or not 0 <= freq < 65536:
            raise ValueError("note %d Hz %d ms" % (freq, ms))
        packed.append(freq >> 8)
        packed.append(freq & 255)
        packed.append(ms // 5)
    return bytes(packed)


MELODIES = {
    "key": _m(_C7, 25),  # a short tick for every accepted key
    "error": _m(_G5, 120, 0, 40, _C5, 240),  # low, falling: refused
    "card_in": _m(_E6, 50, _A6, 70),  # rising pair: a card arrived
    "card_out": _m(_A6, 50, _E6, 70),  # falling pair: a card left
    "credit": _m(_C6, 60, _E6, 60, _G6, 60, _C7, 140),  # up the arpeggio: money in
    "debit": _m(_C7, 60, _G6, 60, _E6, 60, _C6, 140),  # down the arpeggio: money out
    "transfer": _m(_C6, 50, _G6, 50, _C6, 50, _G6, 50, _C7, 120),  # back and forth
    "go": _m(_C6, 90, _E6, 90, _G6, 90, 0, 40, _G6, 90, _C7, 260),  # passing GO: a jingle
    "new_game": _m(
        _G6, 150, 0, 60, _G6, 150, 0, 120, _C6, 120, _E6, 120, _G6, 120, _C7, 120, _E7, 400
    ),  # the signal: two calls, then a rising fanfare
    "confirm": _m(_A6, 100, 0, 80, _A6, 100),  # two equal beeps: a question, GO or C
    "sound_on": _m(_C6, 60, _C7, 100),
    "sound_off": _m(_C7, 60, _C6, 100),
    "undo": _m(_G6, 60, _E6, 60, 0, 40, _G6, 60, _E6, 60, _C6, 160),  # a rewind: taken back
    "battery_low": _m(_E6, 150, 0, 150, _E6, 150, 0, 150, _C6, 300),  # slow: not a refusal
    # Revolution. Beeps (heard at the beeps-only level): volume, zone_step, auction_tick, signal.
    "volume": _m(_C7, 80),  # one beep at the level just set
    "zone_step": _m(_G6, 15),  # a spinning zone symbol changes
    "auction_tick": _m(_A6, 40),  # the auction countdown; the rules space them ever closer
    "signal": _m(_C7, 300, 0, 80, _C7, 300, 0, 80, _C7, 600),  # a long signal: time is up
    # Music (skipped at the beeps-only level): a tune per Transport Zone, Chance, auction's end.
    "zone_pedestrian": _m(_C6, 150, _D6, 150, _E6, 150, _C6, 150, _E6, 150, _G6, 300),
    "zone_cyclist": _m(_G6, 80, _E6, 80, _G6, 80, _E6, 80, _C7, 80, _G6, 80, _C7, 240),
    "zone_car": _m(_C6, 100, 0, 40, _C6, 100, _G6, 120, _F6, 120, _E6, 120, _D6, 240),
    "zone_space": _m(_C6, 120, _G6, 120, _C7, 120, _E7, 120, _G7, 200, _E7, 120, _G7, 400),
    "chance": _m(
        _E6, 100, _G6, 100, 0, 60, _E6, 100, _A6, 100, 0, 60, _B6, 100, _D7, 100, _G7, 300
    ),  # a question: up, hesitate, up again
    "auction_end": _m(_G6, 120, _E6, 120, _C6, 120, 0, 60, _C6, 120, _C5, 400),  # sold
    # End of game and Classic.
    "winner": _m(_C6, 120, _E6, 120, _G6, 120, _C7, 240, 0, 60, _G6, 120, _C7, 480),
    "bankrupt": _m(_G6, 200, _F6, 200, _E6, 200, _D6, 200, _C6, 500),  # a slow fall: all gone
    # Stock Exchange.
    "cancel": _m(_E6, 60, _C6, 90),  # a short falling pair: the entry is dropped
    "done": _m(_G6, 60, _C7, 120),  # a short rising pair: the transaction is confirmed
    "president": _m(_C6, 80, _E6, 80, _G6, 80, _C7, 240),  # a rising fanfare
    "monopoly": _m(
        _C6, 80, _E6, 80, _G6, 80, _C7, 160, 0, 60, _G6, 80, _C7, 80, _E7, 80, _G7, 400
    ),  # the fanfare twice, the second time higher and longer
    "liquidated": _m(_G6, 120, _E6, 120, _C6, 120, _G5, 160, _C5, 400),  # falling: offices sold
}


def melody_for(cue: str):
    """The melody for a cue name, as (freq_hz, ms) notes (0 Hz rests), or None for a cue with
    no sound."""
    packed = MELODIES.get(cue)
    if packed is None:
        return None
    return tuple(
        ((packed[i] << 8) | packed[i + 1], packed[i + 2] * 5) for i in range(0, len(packed), 3)
    )
