"""Calling the student's function: lookups, calls and the exceptions that escape them.

Every other probe calls student code through `Calls`, so an exception is always
described the same way: its type, its class chain, its message and the line of
the student's own code it came from.
"""

from __future__ import annotations

import collections
import mmap
import os
import sys
from collections.abc import Callable
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from ..both_sides.protocol import EARLIER_CALLS, KeyData, decode_value, encode_value, holds_key
from .key_reuse import check_reuse_through_raw_bits
from .loader import SubmissionModule, error_location

__all__ = ["CallFailed", "Calls", "JIT_FUNCTION_TYPE", "SharedMemory", "block", "prepare_arguments"]

# What `jax.jit` returns, read before any student code exists: a class of the student's named
# `PjitFunction`, or a function given `lower` and `__wrapped__`, is not this type.
JIT_FUNCTION_TYPE: type = type(jax.jit(lambda x: x))
# JAX's array type, read from a fresh array before any student code exists.
_JAX_ARRAY_TYPE: type = type(jnp.zeros(()))
# Bound before any student code exists, which could rebind the module's name.
_clear_caches: Callable[[], None] = jax.clear_caches
_wrap_key_data: Callable[..., Any] = jax.random.wrap_key_data
# A JAX array from a NumPy one without a program: `jnp.asarray` compiles one (`jit_stage`) per shape, 4-5 ms each,
# 15-20 in a grading. Given a fresh copy, which nothing else holds: on the CPU the array may share its memory.
_device_put: Callable[[Any], Any] = jax.device_put


class SharedMemory:
    """The segment the judge created and shares (graders/judge/supervisor/arguments.py): the arrays a call is
    given as NumPy arrays are views of it, so the judge reads their bytes after the call itself."""

    def __init__(self, fd: int, size: int) -> None:
        self._map: mmap.mmap | None = None
        if fd >= 0 and size > 0:
            self._map = _map_without_descriptor(fd, size)

    def views(self, layouts: Any) -> list[np.ndarray]:
        """Writable arrays over the judge's bytes, one per layout (offset, dtype, shape)."""
        if not layouts:
            return []
        if self._map is None:
            raise ValueError("the judge shared arguments, but this worker has no shared memory")
        found = []
        for offset, dtype, shape in layouts:
            kind = np.dtype(dtype)
            count = int(np.prod(shape, dtype=np.int64)) if shape else 1
            found.append(np.frombuffer(self._map, dtype=kind, count=count, offset=int(offset)).reshape(shape))
        return found


def _map_without_descriptor(fd: int, size: int) -> mmap.mmap:
    """`fd` mapped, and then no descriptor of it left in the process: the mapping is all that is needed.

    CPython's `mmap` keeps a duplicate of the descriptor for `size()` and `resize()` (never called here)
    unless told not to (`trackfd`, Python 3.13). Left open, it was a file student code could find and keep
    state in beyond the arguments, between calls, where no reading looked (session 25). On older Pythons
    the duplicate is pointed at /dev/null instead."""
    if sys.version_info >= (3, 13):
        mapped = mmap.mmap(fd, size, trackfd=False)
    else:
        mapped = mmap.mmap(fd, size)
        original = os.fstat(fd)
        for name in os.listdir("/proc/self/fd"):
            if int(name) == fd:
                continue
            try:
                found = os.stat(f"/proc/self/fd/{name}")
            except OSError:
                continue  # the listing's own descriptor
            if (found.st_dev, found.st_ino) == (original.st_dev, original.st_ino):
                null = os.open(os.devnull, os.O_RDONLY)
                os.dup2(null, int(name))
                os.close(null)
    os.close(fd)
    return mapped


class CallFailed(Exception):
    """Student code raised; `report` describes it as plain data."""

    def __init__(self, report: dict[str, Any]) -> None:
        super().__init__(report.get("message", ""))
        self.report = report


class Calls:
    def __init__(self, submission: SubmissionModule, shared: SharedMemory | None = None) -> None:
        self.submission = submission
        self.shared = shared or SharedMemory(-1, 0)
        self._jitted: dict[tuple[str, tuple[str, ...]], Callable[..., Any]] = {}
        # The arguments of the latest calls whose arguments were echoed, kept alive as a caller keeps
        # them: a function may change them during a later call (`echo_earlier`).
        self._earlier: collections.deque[_Earlier] = collections.deque(maxlen=EARLIER_CALLS)

    def handlers(self) -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]]:
        return {"describe": lambda request: self.describe(request["name"]), "call": self.call,
                "echo_earlier": self.echo_earlier,
                "call_each_kind": self.call_each_kind, "forget_compiled": self.forget_compiled}

    def describe(self, name: str) -> dict[str, Any]:
        if not self.submission.defines(name):
            return {"defined": False, "callable": False, "jit_compiled": False, "type": ""}
        value = self.submission.lookup(name)
        return {"defined": True, "callable": callable(value), "jit_compiled": type(value) is JIT_FUNCTION_TYPE,
                "type": type(value).__name__}

    def function(self, name: str) -> Callable[..., Any]:
        value: object = self.submission.lookup(name)
        if not callable(value):
            raise CallFailed({"type": "NameError", "chain": ["NameError"], "message": f"{name} is not defined"})
        return value

    def call(self, request: dict[str, Any], copies: list[np.ndarray] | None = None) -> dict[str, Any]:
        """One call. Arrays the judge shared are given as views of its memory (NumPy arrays) or, for
        JAX arrays, converted from `copies` of them taken before any call of this request ran."""
        array_kind = request.get("array_kind", "numpy")
        views = self.shared.views(request.get("shared"))
        if array_kind == "numpy":
            args, kwargs = prepare_arguments(request["args"], request["kwargs"], array_kind, views.__getitem__)
        else:
            source = copies if copies is not None else [np.array(view) for view in views]
            args, kwargs = prepare_arguments(request["args"], request["kwargs"], array_kind, source.__getitem__)
        # What the caller holds, as it is before the call: each view's memory and layout, and the
        # containers' identities by path (only read when the arguments are echoed).
        layouts = [_layout(view) for view in views]
        containers = _argument_containers(args, kwargs) if request.get("echo_args") else []
        # JAX arrays are not in the judge's memory: their values as the call gets them, to compare with after.
        before = ((encode_value(_host_values(list(args))), encode_value(_host_values(kwargs)))
                  if request.get("echo_args") and array_kind == "jax" else None)
        try:
            function = self.callable_for(request["name"], request.get("mode", "as_submitted"),
                                          request.get("static_argnames", []))
            output = self.invoke(function, args, kwargs)
        except CallFailed as failure:
            reply: dict[str, Any] = {"ok": False, "error": failure.report}
        else:
            reply = {"ok": True, "output": encode_value(output)}
        if array_kind == "jax":
            # A JAX array the caller passed and can no longer use: donated (`donate_argnums`) or deleted.
            reply["deleted"] = _deleted_arrays(args, kwargs)
        if request.get("echo_args"):
            # The shape of the containers after the call; an array still where the judge put it is
            # named by index, and the judge reads its bytes from its own mapping.
            shared = {id(view): (index, view) for index, view in enumerate(views)}
            if before is not None:
                reply["args_before"], reply["kwargs_before"] = before
            if reply.get("deleted"):
                # A deleted array has no values left to echo; the deletion is the change, reported above.
                reply["args_after"] = reply["kwargs_after"] = None
            elif before is not None:
                reply["args_after"] = encode_value(_host_values(list(args)))
                reply["kwargs_after"] = encode_value(_host_values(kwargs))
            else:
                reply["args_after"] = encode_value(list(args), shared=shared)
                reply["kwargs_after"] = encode_value(kwargs, shared=shared)
            if array_kind == "numpy":
                # The judge keeps the calls whose arrays it placed in its memory, and only those.
                self._earlier.append(_Earlier(args, kwargs, shared, views, layouts))
            # Views are made writeable; one that is not any more had its flags changed by the call.
            reply["read_only"] = [index for index, view in enumerate(views) if not view.flags.writeable]
            # The same array object given other memory or another layout (`__setstate__`, `resize`,
            # `shape = ...`): the judge's memory is untouched, the caller's array is not.
            reply["rebuilt"] = [index for index, view in enumerate(views) if _layout(view) != layouts[index]]
            # A container the caller holds replaced at its path by another object (an equal copy too).
            now = {(where, path): identity for where, path, identity in _argument_containers(args, kwargs)}
            reply["containers_replaced"] = [[where, path] for where, path, identity in containers
                                            if now.get((where, path)) != identity]
        return reply

    def echo_earlier(self, request: dict[str, Any]) -> dict[str, Any]:
        """The containers of the latest echoed calls' arguments as they are now, oldest first; an array
        still the very one the judge placed for that call is named by its index then. Then forgotten."""
        earlier = [{"args": encode_value(list(each.args), shared=each.shared),
                    "kwargs": encode_value(each.kwargs, shared=each.shared),
                    # As for the call itself: a placed array made read-only or given another shape, dtype or
                    # memory by a later call.
                    "read_only": [index for index, view in enumerate(each.views) if not view.flags.writeable],
                    "rebuilt": [index for index, view in enumerate(each.views)
                                if _layout(view) != each.layouts[index]]}
                   for each in self._earlier]
        self._earlier.clear()
        return {"ok": True, "earlier": earlier}

    def forget_compiled(self, request: dict[str, Any]) -> dict[str, Any]:
        """JAX's caches of traced and compiled programs emptied: the next calls trace again."""
        _clear_caches()
        return {"ok": True}

    def call_each_kind(self, request: dict[str, Any]) -> dict[str, Any]:
        """`call` with arrays of each of `array_kinds` in turn, stopping at the first that fails."""
        copies = [np.array(view) for view in self.shared.views(request.get("shared"))]
        replies = []
        for kind in request["array_kinds"]:
            reply = self.call({**request, "array_kind": kind, "echo_args": False}, copies)
            replies.append(reply)
            if not reply["ok"]:
                break
        return {"ok": True, "replies": replies}

    def invoke(self, function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Call and wait for the result; whatever escapes becomes CallFailed."""
        try:
            output = function(*args, **kwargs)
            block(output)
            return output
        except BaseException as error:  # noqa: BLE001 - student code may raise anything
            raise CallFailed(self.describe_error(error)) from None

    def describe_error(self, error: BaseException) -> dict[str, Any]:
        chain = [klass.__name__ for klass in type(error).__mro__ if klass not in (object, BaseException)]
        message = str(error)
        return {
            "type": type(error).__name__,
            "chain": chain[:8],
            "message": "\n".join(message.splitlines()[:40])[:6000],
            "location": error_location(error, self.submission.filenames),
        }

    def callable_for(self, name: str, mode: str, static_argnames: list[str]) -> Callable[..., Any]:
        """The student's function as submitted, or (`jitted`) one `jax.jit` of it per static names, kept."""
        function = self.function(name)
        if mode == "as_submitted":
            return function
        if mode == "key_reuse_checked":
            return _with_key_reuse_checked(function, frozenset(self.submission.filenames))
        key = (name, tuple(static_argnames))
        if key not in self._jitted:
            try:
                self._jitted[key] = jax.jit(function, static_argnames=tuple(static_argnames) or None)
            except BaseException as error:  # noqa: BLE001 - jit reads the student's object (a `__wrapped__` loop)
                raise CallFailed(self.describe_error(error)) from None
        return self._jitted[key]


def _with_key_reuse_checked(function: Callable[..., Any], filenames: frozenset[str]) -> Callable[..., Any]:
    """`function` called with JAX's key-reuse checker on (`jax_debug_key_reuse`): a typed key used twice
    raises `KeyReuseError` where it is used again. The setting is put back after the call. A call that passed
    is traced once more, for a key used twice through its raw bits, which JAX's checker does not follow
    (key_reuse.py)."""
    def checked(*args: Any, **kwargs: Any) -> Any:
        before = jax.config.jax_debug_key_reuse
        jax.config.update("jax_debug_key_reuse", True)
        try:
            output = function(*args, **kwargs)
            block(output)
        finally:
            jax.config.update("jax_debug_key_reuse", before)
        check_reuse_through_raw_bits(function, args, kwargs, filenames)
        return output

    return checked


def _host_values(value: Any) -> Any:
    """`value` with each JAX array in its lists, tuples and dicts replaced by the host copy that printing it,
    `tolist()` and `item()` read (`_value`): a call that replaces that copy changes what its caller sees."""
    if type(value) in (list, tuple):
        return type(value)(_host_values(item) for item in value)
    if type(value) is dict:
        return {key: _host_values(item) for key, item in value.items()}
    if type(value) is _JAX_ARRAY_TYPE:
        try:
            return np.asarray(value._value)  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - a deleted or broken array is echoed as JAX reads it, or not at all
            return value
    return value


class _Earlier(NamedTuple):
    """An echoed call's arguments as the caller keeps them, and each placed array's layout before the call."""

    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    shared: dict[int, tuple[int, Any]]
    views: list[np.ndarray]
    layouts: list[tuple[Any, ...]]


def _layout(view: np.ndarray) -> tuple[Any, ...]:
    return (view.__array_interface__["data"][0], view.shape, view.strides, view.dtype.str)


def _argument_containers(args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[tuple[int | str, str, int]]:
    """(position or keyword, path, id) of every list and dict the caller passed, at any depth."""
    found: list[tuple[int | str, str, int]] = []
    places: list[tuple[int | str, Any]] = [*enumerate(args), *kwargs.items()]
    for where, value in places:
        found += [(where, path, identity) for path, identity in _containers(value)]
    return found


def _deleted_arrays(args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[list[int | str]]:
    """[position or keyword, path] of every JAX array among the arguments that is deleted after the call."""
    found: list[list[int | str]] = []
    places: list[tuple[int | str, Any]] = [*enumerate(args), *kwargs.items()]
    for where, value in places:
        leaves, _ = jax.tree_util.tree_flatten_with_path(value)
        found += [[where, jax.tree_util.keystr(path)] for path, leaf in leaves
                  if isinstance(leaf, jax.Array) and leaf.is_deleted()]
    return found[:20]


def _containers(value: Any, path: str = "", depth: int = 0) -> list[tuple[str, int]]:
    """(path, id) of every list and dict in `value`, by the base types' own methods (no student code)."""
    if depth > 16:
        return []
    if isinstance(value, dict):
        found = [(path, id(value))]
        for key, item in list(dict.items(value)):
            found += _containers(item, f"{path}[{key!r}]", depth + 1)
        return found
    if isinstance(value, (list, tuple)):
        found = [(path, id(value))] if isinstance(value, list) else []
        for index, item in enumerate(list(value)):
            found += _containers(item, f"{path}[{index}]", depth + 1)
        return found
    return []


def block(output: Any) -> None:
    for leaf in jax.tree_util.tree_leaves(output):
        if hasattr(leaf, "block_until_ready"):
            leaf.block_until_ready()


def prepare_arguments(args: list[Any], kwargs: dict[str, Any], array_kind: str,
                      shared: Callable[[Any], Any] | None = None) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """Wire arguments as Python values, with arrays as NumPy arrays or (`array_kind="jax"`) JAX arrays;
    `shared` resolves the arrays the judge put in shared memory."""
    decoded_args = tuple(decode_value(arg, shared=shared) for arg in args)
    decoded_kwargs = {key: decode_value(value, shared=shared) for key, value in kwargs.items()}
    # A typed random key is one in either kind: JAX's own, wrapped again from its words.
    if array_kind == "jax" or holds_key((decoded_args, decoded_kwargs)):
        def convert(leaf: Any) -> Any:
            if type(leaf) is KeyData:
                return _wrap_key_data(jnp.asarray(leaf.data), impl=leaf.impl)
            return _device_put(np.array(leaf)) if array_kind == "jax" and isinstance(leaf, np.ndarray) else leaf

        decoded_args = tuple(jax.tree_util.tree_map(convert, arg) for arg in decoded_args)
        decoded_kwargs = {key: jax.tree_util.tree_map(convert, value) for key, value in decoded_kwargs.items()}
    return decoded_args, decoded_kwargs
