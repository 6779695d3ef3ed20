# CPython stand-in for MicroPython's micropython module: const() and the memory helpers used here.


def const(value):
    return value


def native(function):
    return function


viper = native


def mem_info(verbose: int = 0) -> None:
    print("mem_info: not available on CPython")
