# Sound cues: the melody the piezo plays for each cue name the rules emit.
# A melody is a tuple of (freq_hz, ms) notes; 0 Hz is a rest. Piezos are loudest near 2-4 kHz.

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

KEY = ((_C7, 25),)  # a short tick for every accepted key
ERROR = ((_G5, 120), (0, 40), (_C5, 240))  # low, falling: refused
CARD_IN = ((_E6, 50), (_A6, 70))  # rising pair: a card arrived
CARD_OUT = ((_A6, 50), (_E6, 70))  # falling pair: a card left
CREDIT = ((_C6, 60), (_E6, 60), (_G6, 60), (_C7, 140))  # up the arpeggio: money in
DEBIT = ((_C7, 60), (_G6, 60), (_E6, 60), (_C6, 140))  # down the arpeggio: money out
TRANSFER = ((_C6, 50), (_G6, 50), (_C6, 50), (_G6, 50), (_C7, 120))  # back and forth
GO = ((_C6, 90), (_E6, 90), (_G6, 90), (0, 40), (_G6, 90), (_C7, 260))  # passing GO: a jingle
NEW_GAME = (  # the signal: two calls, then a rising fanfare
    (_G6, 150),
    (0, 60),
    (_G6, 150),
    (0, 120),
    (_C6, 120),
    (_E6, 120),
    (_G6, 120),
    (_C7, 120),
    (_E7, 400),
)
CONFIRM = ((_A6, 100), (0, 80), (_A6, 100))  # two equal beeps: a question, GO or C
SOUND_ON = ((_C6, 60), (_C7, 100))
SOUND_OFF = ((_C7, 60), (_C6, 100))
UNDO = ((_G6, 60), (_E6, 60), (0, 40), (_G6, 60), (_E6, 60), (_C6, 160))  # a rewind: taken back
BATTERY_LOW = ((_E6, 150), (0, 150), (_E6, 150), (0, 150), (_C6, 300))  # slow: not a refusal

# Revolution. Beeps (heard at the beeps-only level): volume, zone_step, auction_tick, signal.
VOLUME = ((_C7, 80),)  # one beep at the level just set
ZONE_STEP = ((_G6, 15),)  # a spinning zone symbol changes
AUCTION_TICK = ((_A6, 40),)  # the auction countdown; the rules space them ever closer
SIGNAL = ((_C7, 300), (0, 80), (_C7, 300), (0, 80), (_C7, 600))  # a long signal: time is up
# Music (skipped at the beeps-only level): a tune per Transport Zone, Chance, auction's end.
ZONE_PEDESTRIAN = ((_C6, 150), (_D6, 150), (_E6, 150), (_C6, 150), (_E6, 150), (_G6, 300))
ZONE_CYCLIST = ((_G6, 80), (_E6, 80), (_G6, 80), (_E6, 80), (_C7, 80), (_G6, 80), (_C7, 240))
ZONE_CAR = ((_C6, 100), (0, 40), (_C6, 100), (_G6, 120), (_F6, 120), (_E6, 120), (_D6, 240))
ZONE_SPACE = ((_C6, 120), (_G6, 120), (_C7, 120), (_E7, 120), (_G7, 200), (_E7, 120), (_G7, 400))
CHANCE = (  # a question: up, hesitate, up again
    (_E6, 100),
    (_G6, 100),
    (0, 60),
    (_E6, 100),
    (_A6, 100),
    (0, 60),
    (_B6, 100),
    (_D7, 100),
    (_G7, 300),
)
AUCTION_END = ((_G6, 120), (_E6, 120), (_C6, 120), (0, 60), (_C6, 120), (_C5, 400))  # sold

# End of game and Classic.
WINNER = ((_C6, 120), (_E6, 120), (_G6, 120), (_C7, 240), (0, 60), (_G6, 120), (_C7, 480))
BANKRUPT = ((_G6, 200), (_F6, 200), (_E6, 200), (_D6, 200), (_C6, 500))  # a slow fall: all gone
# Stock Exchange.
CANCEL = ((_E6, 60), (_C6, 90))  # a short falling pair: the entry is dropped
DONE = ((_G6, 60), (_C7, 120))  # a short rising pair: the transaction is confirmed
PRESIDENT = ((_C6, 80), (_E6, 80), (_G6, 80), (_C7, 240))  # a rising fanfare
MONOPOLY = (  # the fanfare twice, the second time higher and longer
    (_C6, 80),
    (_E6, 80),
    (_G6, 80),
    (_C7, 160),
    (0, 60),
    (_G6, 80),
    (_C7, 80),
    (_E7, 80),
    (_G7, 400),
)
LIQUIDATED = ((_G6, 120), (_E6, 120), (_C6, 120), (_G5, 160), (_C5, 400))  # falling: offices sold

MELODIES = {
    "key": KEY,
    "error": ERROR,
    "card_in": CARD_IN,
    "card_out": CARD_OUT,
    "credit": CREDIT,
    "debit": DEBIT,
    "transfer": TRANSFER,
    "go": GO,
    "new_game": NEW_GAME,
    "confirm": CONFIRM,
    "sound_on": SOUND_ON,
    "sound_off": SOUND_OFF,
    "undo": UNDO,
    "battery_low": BATTERY_LOW,
    "volume": VOLUME,
    "zone_step": ZONE_STEP,
    "auction_tick": AUCTION_TICK,
    "signal": SIGNAL,
    "zone_pedestrian": ZONE_PEDESTRIAN,
    "zone_cyclist": ZONE_CYCLIST,
    "zone_car": ZONE_CAR,
    "zone_space": ZONE_SPACE,
    "chance": CHANCE,
    "auction_end": AUCTION_END,
    "winner": WINNER,
    "bankrupt": BANKRUPT,
    "cancel": CANCEL,
    "done": DONE,
    "president": PRESIDENT,
    "monopoly": MONOPOLY,
    "liquidated": LIQUIDATED,
}


def melody_for(cue: str):
    """The melody for a cue name, or None for a cue with no sound."""
    return MELODIES.get(cue)
