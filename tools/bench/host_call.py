"""The guest's host_call (its fuel marks) as a raw wasmtime callback, for the bench's WASI runs.

wasmtime-py's Linker.define_func calls a Python function through its own trampoline, which
wraps the caller and converts each of the 6 arguments and the result through Val and ValType
objects: about 10 us a call, a third of a metered run (the fuel run makes 370,000 calls). The
C API's unchecked callback (wasmtime_linker_define_func_unchecked) hands the raw arguments over
instead. What the guest runs, and so its fuel, is the same either way.
"""

import ctypes

from wasmtime import Caller, FuncType, ValType
from wasmtime import _ffi as ffi

_NO_FINALIZER = ctypes.cast(None, ctypes.CFUNCTYPE(None, ctypes.c_void_p))


def define(linker, module: str, name: str, handler) -> list:
    """Defines module.name, (i32 x 6) -> i32, in `linker`: each call runs
    handler(caller, name_ptr, name_len, payload_ptr, payload_len) and returns 0 to the guest.
    Returns [callback, failures]: keep it for as long as the linker is used; failures holds
    the exception a call raised (the guest stops there with a trap): raise it after the run."""
    failures: list = []

    def call(_env, caller, args, _nargs):
        try:
            handler(Caller(caller), args[0].i32, args[1].i32, args[2].i32, args[3].i32)
            args[0].i32 = 0
            return 0
        except BaseException as error:  # noqa: BLE001 - the trap stops the guest; raised after
            failures.append(error)
            message = b"host_call raised %s" % type(error).__name__.encode()
            trap = ffi.wasmtime_trap_new(message, len(message))
            return ctypes.cast(trap, ctypes.c_void_p).value

    callback = ffi.wasmtime_func_unchecked_callback_t(call)
    i32 = ValType.i32()
    kind = FuncType([i32] * 6, [i32])
    module_bytes, name_bytes = module.encode(), name.encode()
    error = ffi.wasmtime_linker_define_func_unchecked(
        linker.ptr(),
        ctypes.create_string_buffer(module_bytes),
        len(module_bytes),
        ctypes.create_string_buffer(name_bytes),
        len(name_bytes),
        kind.ptr(),
        callback,
        None,
        _NO_FINALIZER,
    )
    if error:
        raise RuntimeError("wasmtime refused the host_call definition")
    return [callback, failures]
