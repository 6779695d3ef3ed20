# Pure, portable game rules: the same files run on the Pico and on CPython (no hardware, no clock).
