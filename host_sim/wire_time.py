"""Wire time of the fake buses in device-time mode: each I2C or SPI transfer takes its time.

I2C: 9 bits a byte (8 data + ACK) at the bus's freq, the address byte included; SPI: 8 bits a
byte at its baud rate. The clock is busy meanwhile (hardware events still fire), so a panel
write split into pages lets interrupts in between as on the chip. Put on a bus object from the
outside rather than in peripherals/bus.py: that module also runs under MicroPython in the
bench, where every byte of code it holds counts against the heap budgets.
"""


def i2c_us(nbytes: int, hz: int) -> int:
    return (nbytes * 9 * 1000000 + hz - 1) // hz


def spi_us(nbytes: int, hz: int) -> int:
    return (nbytes * 8 * 1000000 + hz - 1) // hz


def time_i2c(i2c, clock, before_write=None, on_write=None) -> None:
    """Each transaction on `i2c` takes its wire time on `clock`. before_write(nbytes) is called
    before a write's first byte goes (device time charges the CPU that prepared it there),
    on_write(address, nbytes) once its last byte has reached the part."""

    def write(method, size):
        def transfer(address, data, *args):
            nbytes = size(data) + 1  # plus the address byte
            if before_write is not None:
                before_write(nbytes)
            clock.busy_us(i2c_us(nbytes, i2c.freq))
            result = method(address, data, *args)
            if on_write is not None:
                on_write(address, nbytes)
            return result

        return transfer

    def read(method, size):
        def transfer(address, arg, *args):
            clock.busy_us(i2c_us(size(arg) + 1, i2c.freq))
            return method(address, arg, *args)

        return transfer

    i2c.writeto = write(i2c.writeto, len)
    i2c.writevto = write(i2c.writevto, lambda vector: sum(len(chunk) for chunk in vector))
    i2c.readfrom = read(i2c.readfrom, int)
    i2c.readfrom_into = read(i2c.readfrom_into, len)


def time_spi(spi, clock) -> None:
    """Each transfer on `spi` takes its wire time on `clock`."""

    def timed(method, size):
        def transfer(arg, *args):
            clock.busy_us(spi_us(size(arg), spi.baudrate))
            return method(arg, *args)

        return transfer

    spi.write = timed(spi.write, len)
    spi.read = timed(spi.read, int)
    spi.readinto = timed(spi.readinto, len)
    spi.write_readinto = timed(spi.write_readinto, len)
