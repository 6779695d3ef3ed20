# Virtual parts at the bus/register level; plain Python that also runs under MicroPython.
