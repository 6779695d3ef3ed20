# Reads a text beyond ASCII for ui.draw: its UTF-8, in place, into one glyph code a character.
#
# Loaded with the first such text drawn (a French line, an amount in euros or pounds): a unit
# that shows none never holds this code. Each character beyond ASCII is found in C (find()) by
# its lead byte, its code written there and the bytes after it moved back over the rest of it
# in one slice copy (zeros come in from the end), so the ASCII between costs nothing. The
# font's glyphs beyond ASCII (codes 1-14, fonts.SMALL_EXTRA_CODES' order, the page view's
# palettes' entries) all begin with 0xE2 (the euro sign), 0xC3 (Latin-1's letters) or 0xC2 (the
# pound sign); a letter or sign the font lacks is "?".
from compat.const import const

_QUESTION = const(63)  # "?"
_BYTES = const(64)  # ui.draw's _codes: a text's UTF-8, its last two bytes zeros
# The code of each Latin-1 letter by its UTF-8's second byte (after 0xC3) & 31: capitals and
# lower case alike (lower case is drawn as upper case), 3-14 for A grave .. U circumflex, "?"
# for the letters the font lacks (tests/portable/test_render.py checks it against
# ui.draw.small_index).
_LATIN = const(b"\x03?\x04????\x05\x06\x07\x08\x09??\x0a\x0b????\x0c????\x0d?\x0e????")


def read(codes, count: int) -> bool:
    """`codes` (ui.draw's _codes) holds the UTF-8 of a text of `count` characters, zero-padded:
    read it into a code a character, then zeros. False when a lead byte is none of the three (a
    character of another script: the caller reads the text character by character)."""
    at = codes.find(b"\xe2")  # (first: an amount in euros has no other)
    while at >= 0:
        codes[at] = 2 if codes[at + 1] == 0x82 and codes[at + 2] == 0xAC else _QUESTION
        codes[at + 1 : _BYTES - 2] = codes[at + 3 : _BYTES]
        at = codes.find(b"\xe2", at + 1)
    if codes[count]:
        at = codes.find(b"\xc3")
        while at >= 0:
            codes[at] = _LATIN[codes[at + 1] & 31]
            codes[at + 1 : _BYTES - 1] = codes[at + 2 : _BYTES]
            at = codes.find(b"\xc3", at + 1)
        if codes[count]:
            at = codes.find(b"\xc2")
            while at >= 0:
                codes[at] = 1 if codes[at + 1] == 0xA3 else _QUESTION
                codes[at + 1 : _BYTES - 1] = codes[at + 2 : _BYTES]
                at = codes.find(b"\xc2", at + 1)
            return not codes[count]
    return True
