# MicroPython facilities that also run on CPython: imported by every layer, imports none of them.
