"""The guest's host functions (its fuel marks) as raw wasmtime callbacks (bench WASI runs).

wasmtime-py's Linker.define_func calls a Python function through its own trampoline, which
wraps the caller and converts each argument and the result through Val and ValType objects:
about 10 us a call, and the guest makes two a mark (host_result_cap, then host_call: 370,000
marks in the fuel run). The C API's unchecked callback (wasmtime_linker_define_func_unchecked)
hands the raw arguments over instead. What the guest runs, and so its fuel, is the same.
"""

import ctypes

from wasmtime import Caller, FuncType, ValType
from wasmtime import _ffi as ffi

_NO_FINALIZER = ctypes.cast(None, ctypes.CFUNCTYPE(None, ctypes.c_void_p))


def define(linker, module: str, name: str, params: int, handler, access_caller=False) -> list:
    """Defines module.name, (i32 x params) -> i32, in `linker`: each call returns
    handler(*arguments) to the guest, the caller (a wasmtime.Caller) first if access_caller.
    Returns [callback, failures]: keep it for as long as the linker is used; failures holds
    the exception a call raised (the guest stops there with a trap): raise it after the run."""
    failures: list = []
    indices = range(params)

    def call(_env, caller, args, _nargs):
        try:
            values = [args[i].i32 for i in indices]
            if access_caller:
                args[0].i32 = handler(Caller(caller), *values)
            else:
                args[0].i32 = handler(*values)
            return 0
        except BaseException as error:  # noqa: BLE001 - the trap stops the guest; raised after
            failures.append(error)
            message = b"%s raised %s" % (name.encode(), type(error).__name__.encode())
            trap = ffi.wasmtime_trap_new(message, len(message))
            return ctypes.cast(trap, ctypes.c_void_p).value

    callback = ffi.wasmtime_func_unchecked_callback_t(call)
    i32 = ValType.i32()
    kind = FuncType([i32] * params, [i32])
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
        raise RuntimeError("wasmtime refused the definition of %s.%s" % (module, name))
    return [callback, failures]
