# Bitmap fonts for the 128x64 OLED: a 5x7 font in a 6x8 cell, and big glyphs for balances;
# read_utf8() turns a text beyond ASCII into the small font's codes.
# Every glyph is column-major, bit 0 = top row: the byte layout of a MONO_VLSB framebuffer
# (one SSD1306 page column), so a column is drawn from its bits with no conversion.
from compat.const import const

# ---- small font: ASCII 32 (space) to 90 (Z), 5 column bytes each, bits 0-6 used ------------
SMALL_FIRST = const(32)
SMALL_LAST = const(90)
SMALL_WIDTH = const(5)  # columns drawn per glyph
SMALL_HEIGHT = const(7)
SMALL_CELL = const(6)  # advance per character: the glyph plus one blank column
SMALL_LINE = const(8)  # advance per line

SMALL = (
    b"\x00\x00\x00\x00\x00"  # space
    b"\x00\x00\x5f\x00\x00"  # !
    b"\x00\x07\x00\x07\x00"  # "
    b"\x14\x7f\x14\x7f\x14"  # #
    b"\x24\x2a\x7f\x2a\x12"  # $
    b"\x23\x13\x08\x64\x62"  # %
    b"\x36\x49\x55\x22\x50"  # &
    b"\x00\x04\x03\x00\x00"  # apostrophe
    b"\x00\x1c\x22\x41\x00"  # (
    b"\x00\x41\x22\x1c\x00"  # )
    b"\x14\x08\x3e\x08\x14"  # *
    b"\x08\x08\x3e\x08\x08"  # +
    b"\x00\x50\x30\x00\x00"  # ,
    b"\x08\x08\x08\x08\x08"  # -
    b"\x00\x60\x60\x00\x00"  # .
    b"\x20\x10\x08\x04\x02"  # /
    b"\x3e\x51\x49\x45\x3e"  # 0
    b"\x00\x42\x7f\x40\x00"  # 1
    b"\x42\x61\x51\x49\x46"  # 2
    b"\x21\x41\x45\x4b\x31"  # 3
    b"\x18\x14\x12\x7f\x10"  # 4
    b"\x27\x45\x45\x45\x39"  # 5
    b"\x3c\x4a\x49\x49\x30"  # 6
    b"\x01\x71\x09\x05\x03"  # 7
    b"\x36\x49\x49\x49\x36"  # 8
    b"\x06\x49\x49\x29\x1e"  # 9
    b"\x00\x36\x36\x00\x00"  # :
    b"\x00\x56\x36\x00\x00"  # ;
    b"\x08\x14\x22\x41\x00"  # <
    b"\x14\x14\x14\x14\x14"  # =
    b"\x00\x41\x22\x14\x08"  # >
    b"\x02\x01\x51\x09\x06"  # ?
    b"\x32\x49\x79\x41\x3e"  # @
    b"\x7e\x09\x09\x09\x7e"  # A
    b"\x7f\x49\x49\x49\x36"  # B
    b"\x3e\x41\x41\x41\x22"  # C
    b"\x7f\x41\x41\x22\x1c"  # D
    b"\x7f\x49\x49\x49\x41"  # E
    b"\x7f\x09\x09\x09\x01"  # F
    b"\x3e\x41\x49\x49\x7a"  # G
    b"\x7f\x08\x08\x08\x7f"  # H
    b"\x00\x41\x7f\x41\x00"  # I
    b"\x20\x40\x41\x3f\x01"  # J
    b"\x7f\x08\x14\x22\x41"  # K
    b"\x7f\x40\x40\x40\x40"  # L
    b"\x7f\x02\x0c\x02\x7f"  # M
    b"\x7f\x04\x08\x10\x7f"  # N
    b"\x3e\x41\x41\x41\x3e"  # O
    b"\x7f\x09\x09\x09\x06"  # P
    b"\x3e\x41\x51\x21\x5e"  # Q
    b"\x7f\x09\x19\x29\x46"  # R
    b"\x46\x49\x49\x49\x31"  # S
    b"\x01\x01\x7f\x01\x01"  # T
    b"\x3f\x40\x40\x40\x3f"  # U
    b"\x1f\x20\x40\x20\x1f"  # V
    b"\x3f\x40\x38\x40\x3f"  # W
    b"\x63\x14\x08\x14\x63"  # X
    b"\x03\x04\x78\x04\x03"  # Y
    b"\x61\x51\x49\x45\x43"  # Z
)

# Characters beyond ASCII that the small font draws, same layout: Classic's currency signs and
# the capitals French needs with their accents. An accented capital's letter is 5 rows high
# (rows 2-6) under its accent (rows 0-1); the C of the cedilla sits a row higher (rows 1-5),
# its cedilla in row 6. Lower case Latin-1 letters are drawn as these capitals (ui.draw).
SMALL_EXTRA_CODES = (
    0xA3,  # pound sign
    0x20AC,  # euro sign
    0xC0,  # A grave
    0xC2,  # A circumflex
    0xC7,  # C cedilla
    0xC8,  # E grave
    0xC9,  # E acute
    0xCA,  # E circumflex
    0xCB,  # E diaeresis
    0xCE,  # I circumflex
    0xCF,  # I diaeresis
    0xD4,  # O circumflex
    0xD9,  # U grave
    0xDB,  # U circumflex
)
SMALL_EXTRA = (
    b"\x48\x7e\x49\x49\x42"  # pound sign
    b"\x14\x3e\x55\x55\x41"  # euro sign
    b"\x78\x15\x16\x14\x78"  # A grave
    b"\x78\x16\x15\x16\x78"  # A circumflex
    b"\x1c\x22\x62\x22\x14"  # C cedilla
    b"\x7c\x55\x56\x54\x44"  # E grave
    b"\x7c\x54\x56\x55\x44"  # E acute
    b"\x7c\x56\x55\x56\x44"  # E circumflex
    b"\x7c\x55\x54\x55\x44"  # E diaeresis
    b"\x00\x46\x7d\x46\x00"  # I circumflex
    b"\x00\x45\x7c\x45\x00"  # I diaeresis
    b"\x38\x46\x45\x46\x38"  # O circumflex
    b"\x3c\x41\x42\x40\x3c"  # U grave
    b"\x3c\x42\x41\x42\x3c"  # U circumflex
)

# ---- big glyphs: 21 rows tall, page by page (rows 0-7 of every column, 8-15, then 16-20) ----
# Digits are 13 columns wide so balances do not jitter; letters missing here are drawn as the
# small font scaled x3 (15x21), which has the same height.
BIG_CHARS = "0123456789KM.-,"
BIG_WIDTHS = b"\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0f\x03\x09\x04"
BIG_HEIGHT = const(21)
BIG_GAP = const(3)  # blank columns between big glyphs
BIG_SPACE = const(7)  # advance of a space in big text
BIG_SCALE = const(3)  # small-font scale for big letters

BIG = (
    # 0: 13 columns
    b"\xfc\xfe\xff\x07\x03\x03\x03\x03\x03\x07\xff\xfe\xfc\xff\xff\xff\x00\x00"
    b"\x00\x00\x00\x00\x00\xff\xff\xff\x07\x0f\x1f\x1c\x18\x18\x18\x18\x18\x1c"
    b"\x1f\x0f\x07"
    # 1: 13 columns
    b"\x00\x00\x0c\x0c\x0e\x06\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\xff\xff\xff\x00\x00\x00\x00\x00\x00\x1c\x1c\x1c\x1c\x1f\x1f\x1f\x1c"
    b"\x1c\x00\x00"
    # 2: 13 columns
    b"\x0c\x0e\x0f\x07\x03\x03\x03\x03\x83\xc7\xff\xfe\x7c\x80\xc0\xe0\xf0\x78"
    b"\x3c\x1e\x0f\x07\x03\x01\x00\x00\x1f\x1f\x1f\x1c\x1c\x1c\x1c\x1c\x1c\x1c"
    b"\x1c\x1c\x1c"
    # 3: 13 columns
    b"\x0c\x0e\x0f\x07\x03\x03\x03\x03\x03\x87\xff\xfe\xfc\x00\x00\x00\x00\x07"
    b"\x07\x07\x07\x07\x0f\xff\xfd\xf8\x07\x0f\x1f\x1c\x18\x18\x18\x18\x18\x1c"
    b"\x1f\x0f\x07"
    # 4: 13 columns
    b"\x00\x80\xc0\xe0\x70\x38\x1c\x0e\x07\xff\xff\xff\x00\x7f\x7f\x7f\x70\x70"
    b"\x70\x70\x70\x70\xff\xff\xff\x70\x00\x00\x00\x00\x00\x00\x00\x00\x00\x1f"
    b"\x1f\x1f\x00"
    # 5: 13 columns
    b"\xff\xff\xff\xc7\xc7\xc7\xc7\xc7\xc7\xc7\x87\x07\x07\x01\x01\x01\x01\x01"
    b"\x01\x01\x01\x01\x03\xff\xff\xfe\x07\x0f\x1f\x1c\x18\x18\x18\x18\x18\x1c"
    b"\x1f\x0f\x07"
    # 6: 13 columns
    b"\xfc\xfe\xff\x07\x03\x03\x03\x03\x03\x07\x0f\x0e\x0c\xff\xff\xff\x07\x03"
    b"\x03\x03\x03\x03\x07\xff\xfe\xfc\x07\x0f\x1f\x1c\x18\x18\x18\x18\x18\x1c"
    b"\x1f\x0f\x07"
    # 7: 13 columns
    b"\x07\x07\x07\x07\x07\x07\x07\x87\xe7\xff\xff\x3f\x0f\x00\x00\x00\x00\xc0"
    b"\xf8\xfe\x7f\x0f\x03\x00\x00\x00\x00\x00\x00\x00\x1f\x1f\x1f\x00\x00\x00"
    b"\x00\x00\x00"
    # 8: 13 columns
    b"\xfc\xfe\xff\x87\x03\x03\x03\x03\x03\x87\xff\xfe\xfc\xf8\xfd\xff\x0f\x07"
    b"\x07\x07\x07\x07\x0f\xff\xfd\xf8\x07\x0f\x1f\x1c\x18\x18\x18\x18\x18\x1c"
    b"\x1f\x0f\x07"
    # 9: 13 columns
    b"\xfc\xfe\xff\x07\x03\x03\x03\x03\x03\x07\xff\xfe\xfc\x07\x0f\x1f\x1c\x18"
    b"\x18\x18\x18\x18\x1c\xff\xff\xff\x06\x0e\x1e\x1c\x18\x18\x18\x18\x18\x1c"
    b"\x1f\x0f\x07"
    # K: 13 columns
    b"\xff\xff\xff\xc0\xe0\xf0\x78\x3c\x1e\x0f\x07\x03\x01\xff\xff\xff\x3f\x79"
    b"\xf0\xe0\xc0\x80\x00\x00\x00\x00\x1f\x1f\x1f\x00\x00\x00\x01\x03\x07\x0f"
    b"\x1e\x1c\x18"
    # M: 15 columns
    b"\xff\xff\xff\x0e\x1c\x38\x70\xe0\x70\x38\x1c\x0e\xff\xff\xff\xff\xff\xff"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\x1f\x1f\x1f\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x1f\x1f\x1f"
    # .: 3 columns
    b"\x00\x00\x00\x00\x00\x00\x1c\x1c\x1c"
    # -: 9 columns
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x0e\x0e\x0e\x0e\x0e\x0e\x0e\x0e\x0e"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    # ,: 4 columns (a language's decimal mark: ui.lang), its tail in the point's rows
    b"\x00\x00\x00\x00\x00\x80\x80\x80\x10\x1b\x0f\x07"
)


def _big_offsets() -> tuple:
    offsets = []
    at = 0
    for width in BIG_WIDTHS:
        offsets.append(at)
        at += width * 3
    return tuple(offsets)


BIG_OFFSETS = _big_offsets()  # byte offset of each glyph of BIG_CHARS in BIG


# ---- a text's codes: its UTF-8 read into one code a character ------------------------------
# ui.draw packs a text's UTF-8 into its buffer; read_utf8() turns a text beyond ASCII into the
# small font's codes in place: each character beyond ASCII found in C (find()) by its lead
# byte, its code written there and the bytes after it moved back over the rest of it in one
# slice copy (a bytearray of up to 64 bytes; zeros come in from the end), so the ASCII between
# costs nothing. The glyphs beyond ASCII are codes 1-14 (SMALL_EXTRA_CODES' order, the page
# view's palettes' entries) and all begin with 0xE2 (the euro sign), 0xC3 (Latin-1's letters)
# or 0xC2 (the pound sign); a letter or sign the font lacks is "?". (Here, not in a module of
# its own: a module loaded later cost a French Banker unit about 0.6 KB more than its code.)
_QUESTION = const(63)  # "?"
_BYTES = const(64)  # ui.draw's _codes: a text's UTF-8, its last two bytes zeros
# The code of each Latin-1 letter by its UTF-8's second byte (after 0xC3) & 31: capitals and
# lower case alike (lower case is drawn as upper case), 3-14 for A grave .. U circumflex, "?"
# for the letters the font lacks (tests/portable/test_render.py checks it against
# ui.draw.small_index).
_LATIN = const(b"\x03?\x04????\x05\x06\x07\x08\x09??\x0a\x0b????\x0c????\x0d?\x0e????")


def read_utf8(codes, count: int) -> bool:
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
