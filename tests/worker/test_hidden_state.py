"""The hidden-state probe in-process: fingerprints, planted names, and what one watched call reports."""

from __future__ import annotations

import array
import builtins
import collections
import functools
import itertools
import math
import types
from collections.abc import Callable
from typing import Any

import pytest

from graders.worker.fingerprint import fingerprint
from graders.worker.hidden_state import ModulesBeforeLoad, Planted, merged, static_global_uses
from graders.worker.state_watch import find_hidden_state

FILENAME = "<hidden-state-test>"
_LOADED = itertools.count()


@pytest.fixture(autouse=True)
def _a_folder_of_its_own(tmp_path, monkeypatch) -> None:
    """The worker's writable folder is its own, nearly empty; here the tests run wherever pytest was
    started (a checkout of thousands of files, more than the listing reads, which is unreadable)."""
    from graders.worker import state_watch

    monkeypatch.setattr(state_watch, "_WRITABLE_FOLDERS", ((".", str(tmp_path)),))
    # Nor are the kernel's records of this process the submission's: pytest's capture files stand in for a
    # worker's pipes, and other tests' threads open and close descriptors while a call runs (CI, session
    # 25's clean clone: a second finding here). The kernel's reading is tested in a process of its own
    # (test_process_state.py) and in the sandbox (the hostile rounds).
    monkeypatch.setattr(state_watch, "_kernel_state", lambda: "")


def _load(source: str, name: str = "hidden_state_case") -> tuple[types.ModuleType, Planted]:
    """A submission module from `source`, and what it planted elsewhere while it ran."""
    module = types.ModuleType(name)
    before = ModulesBeforeLoad({name})
    # A file name of its own: the census finds every function compiled from the submission's files,
    # and earlier tests' modules may still be alive.
    filename = f"{FILENAME[:-1]}-{next(_LOADED)}>"
    module.__dict__["__test_filename__"] = filename
    exec(compile(source, filename, "exec"), module.__dict__)
    return module, before.planted(module.__dict__)


def _run(module: types.ModuleType, name: str, planted: Planted, *args: Any) -> list[dict[str, Any]]:
    def call(function: Callable[..., Any]) -> None:
        function(*args)

    filename = module.__dict__["__test_filename__"]
    static = static_global_uses(module.__dict__[name], name, {filename}, module.__name__, planted)
    return merged(static, find_hidden_state(name, module, {filename}, call, planted))


def _changes(value: Any, change: Callable[[Any], Any]) -> bool:
    before = fingerprint(value)
    change(value)
    return fingerprint(value) != before


class _Hiding(dict):
    def items(self):  # noqa: ANN201 - a student's override, which the fingerprint must not trust
        return []

    def __iter__(self):  # noqa: ANN204
        return iter(())


class _Slotted:
    __slots__ = ("count",)

    def __init__(self) -> None:
        self.count = 0


@pytest.mark.parametrize("make, change", [
    (lambda: collections.deque([0, 0], maxlen=2), lambda d: d.append(1)),
    (collections.Counter, lambda c: c.update("a")),
    (lambda: collections.OrderedDict(a=1, b=2), lambda o: o.move_to_end("a")),
    (lambda: collections.defaultdict(int), lambda d: d.__setitem__("k", 1)),
    (_Hiding, lambda d: d.__setitem__("k", 1)),
    (lambda: array.array("d", [1.0]), lambda a: a.__setitem__(0, 2.0)),
    (bytearray, lambda b: b.extend(b"x")),
    (itertools.count, next),
    (lambda: iter([1, 2, 3]), next),
    (lambda: (i for i in range(5)), next),
    (lambda: functools.lru_cache(maxsize=None)(abs), lambda f: f(-1)),
    (_Slotted, lambda s: setattr(s, "count", s.count + 1)),
])
def test_the_fingerprint_sees_changes_inside_any_container(
    make: Callable[[], Any], change: Callable[[Any], Any]
) -> None:
    assert _changes(make(), change)


def test_reading_a_fingerprint_advances_no_iterator() -> None:
    counter, numbers, generator = itertools.count(), iter([1, 2]), (i for i in range(3))
    for value in (counter, numbers, generator):
        fingerprint(value)
    assert (next(counter), next(numbers), next(generator)) == (0, 1, 0)


def test_immutable_library_values_are_readable_and_opaque_mutable_ones_are_not() -> None:
    import jax.numpy as jnp
    import numpy as np

    for value in (jnp.float32, jnp.pi, np.float32(1.0), jnp.zeros(3), math.pi, np.dtype("float32")):
        assert not fingerprint(value).startswith("unreadable"), value
    for value in (itertools.cycle("ab"), map(abs, [1]), [itertools.chain()]):
        assert fingerprint(value).startswith("unreadable"), value


def test_a_class_attribute_read_is_module_level_data() -> None:
    module, planted = _load("class Config:\n    THRESHOLD = 0.5\n    DTYPE = float\n"
                            "def f(x):\n    return x > Config.THRESHOLD and Config.DTYPE(x)\n")
    reads = [(f["name"], f["part"], f["line"]) for f in _run(module, "f", planted, 1.0) if f["access"] == "read"]
    assert reads == [("Config.THRESHOLD", "class", 5)]


def test_a_name_planted_in_builtins_is_module_level_data() -> None:
    try:
        module, planted = _load("import builtins\nbuiltins.PLANTED_SCALE = 2.0\n"
                                "def f(x):\n    return x * PLANTED_SCALE\n")
        findings = _run(module, "f", planted, 1.0)
        assert ("PLANTED_SCALE", "builtins", 4) in [(f["name"], f["part"], f["line"]) for f in findings]
    finally:
        del builtins.PLANTED_SCALE


def test_an_attribute_planted_on_a_module_is_module_level_data_and_library_constants_are_not() -> None:
    try:
        module, planted = _load("import math\nmath.PLANTED_SCALE = 2.0\n"
                                "def f(x):\n    return x * math.PLANTED_SCALE * math.pi\n"
                                "def g(x):\n    return getattr(math, 'PLANTED_SCALE') * x\n")
        found = _run(module, "f", planted, 1.0)
        assert [(f["name"], f["line"]) for f in found] == [("math.PLANTED_SCALE", 4)], found
        assert [(f["name"], f["part"], f["line"]) for f in _run(module, "g", planted, 1.0)] \
            == [("math.PLANTED_SCALE", "module", 6)]
    finally:
        del math.PLANTED_SCALE


def test_a_counter_on_an_imported_module_is_state() -> None:
    try:
        module, planted = _load("import math\ndef f(x):\n"
                                "    math.HIDDEN_CALLS = getattr(math, 'HIDDEN_CALLS', 0) + 1\n    return x\n")
        _run(module, "f", planted, 1.0)
        [finding] = _run(module, "f", planted, 1.0)
        assert (finding["name"], finding["type"], finding["part"], finding["change"]) \
            == ("math", "module", "HIDDEN_CALLS", {"kind": "number", "delta": 1.0})
    finally:
        del math.HIDDEN_CALLS


@pytest.mark.parametrize("source, part, change", [
    ("import collections\ndef f(x, _seen=collections.deque([0, 1], maxlen=2)):\n    _seen.rotate()\n    return x\n",
     "_seen", "contents"),
    ("import itertools\ndef f(x, _ids=itertools.count()):\n    next(_ids)\n    return x\n", "_ids", "contents"),
    ("import itertools\ndef f(x, _turns=itertools.cycle('ab')):\n    next(_turns)\n    return x\n",
     "_turns", "unreadable"),
])
def test_state_in_a_default_is_found_or_reported_unreadable(source: str, part: str, change: str) -> None:
    module, planted = _load(source)
    _run(module, "f", planted, 1.0)
    [finding] = _run(module, "f", planted, 1.0)
    assert (finding["access"], finding["type"], finding["part"], finding["change"]["kind"]) \
        == ("state", "default", part, change)


def test_an_lru_cache_is_state() -> None:
    module, planted = _load("import functools\n@functools.lru_cache\ndef helper(n):\n    return n\n"
                            "def f(x):\n    return x + helper(1)\n")
    findings = _run(module, "f", planted, 1.0)
    assert [(f["name"], f["type"], f["change"]) for f in findings] \
        == [("helper", "cache", {"kind": "cache", "delta": 1.0})]


def test_a_pure_function_using_library_constants_reports_nothing() -> None:
    module, planted = _load("import math\nimport jax.numpy as jnp\n"
                            "def f(x):\n    return jnp.asarray(x, jnp.float32) * jnp.pi + math.pi\n")
    assert _run(module, "f", planted, 1.0) == []


def test_library_data_the_code_names_is_watched_for_changes_in_place() -> None:
    # Reading `np.typecodes` is fine; keeping a list in it is state kept between calls.
    module, planted = _load("import numpy as np\n"
                            "def f(x):\n    np.typecodes.setdefault('_calls', []).append(1)\n    return x\n"
                            "def g(x):\n    return x * len(np.typecodes['All'])\n")
    try:
        assert _run(module, "g", planted, 1.0) == []
        findings = [f for f in _run(module, "f", planted, 1.0) if f["access"] == "state"]
        assert len(findings) == 1, findings
        [finding] = findings
        assert (finding["name"], finding["type"], finding["part"]) == ("np", "library", "typecodes")
    finally:
        import numpy as np
        np.typecodes.pop("_calls", None)


def test_a_counter_in_a_library_functions_dict_is_state() -> None:
    # Round 10's file 06: written in functools' frame, into a function's namespace, not a module's.
    module, planted = _load("import functools\nimport jax.numpy as jnp\n"
                            "def f(x):\n    def holder():\n        pass\n"
                            "    holder._n = getattr(jnp.zeros_like, '_n', 0) + 1\n"
                            "    functools.update_wrapper(jnp.zeros_like, holder, assigned=(), updated=('__dict__',))\n"
                            "    return x + jnp.zeros_like(x)\n"
                            "def g(x):\n    return x + jnp.ones_like(x)\n")
    import jax.numpy as jnp
    try:
        assert _run(module, "g", planted, 1.0) == []  # the signature JAX caches there is no state
        findings = [f for f in _run(module, "f", planted, 1.0) if f["access"] == "state"]
        assert len(findings) == 1, findings
        [finding] = findings
        assert (finding["name"], finding["type"], finding["part"]) == ("jnp", "library", "zeros_like")
    finally:
        vars(jnp.zeros_like).pop("_n", None)


@pytest.mark.parametrize("holder", ["jnp.add", "np.mean"])  # a ufunc object, an array-function dispatcher
def test_a_counter_in_a_library_callable_objects_dict_is_state(holder: str) -> None:
    module, planted = _load("import numpy as np\nimport jax.numpy as jnp\n"
                            f"def f(x):\n    vars({holder})['_n'] = vars({holder}).get('_n', 0) + 1\n"
                            f"    return {holder}(x, x) if {holder!r} == 'jnp.add' else x\n")
    import jax.numpy as jnp
    import numpy as np
    target = {"jnp.add": jnp.add, "np.mean": np.mean}[holder]
    try:
        found = [f for f in _run(module, "f", planted, 1.0) + _run(module, "f", planted, 1.0) if f["access"] == "state"]
        assert ("library", holder.split(".")[1]) in {(f["type"], f["part"]) for f in found}, found
    finally:
        vars(target).pop("_n", None)


@pytest.mark.parametrize("source", [
    # An alias: the body never names `jnp.zeros_like`.
    "zl = jnp.zeros_like\ndef f(x):\n    g = zl\n    g._n = getattr(g, '_n', 0) + 1\n    return x\n",
    # The one key a library caches as it works, holding a counter in an annotation.
    "def f(x):\n    old = getattr(jnp.zeros_like, '__signature__', None)\n"
    "    n = old.return_annotation + 1 if old is not None else 1\n"
    "    jnp.zeros_like.__signature__ = inspect.Signature(return_annotation=n)\n    return x\n",
    # A class attribute of the submission's own class.
    "class Ops:\n    zeros = jnp.zeros_like\ndef f(x):\n    g = Ops.zeros\n    g._n = getattr(g, '_n', 0) + 1\n"
    "    return x\n",
])
def test_a_counter_in_a_library_function_reached_any_way_is_state(source: str) -> None:
    import jax.numpy as jnp
    module, planted = _load("import inspect\nimport jax.numpy as jnp\n" + source)
    try:
        _run(module, "f", planted, 1.0)
        assert [f for f in _run(module, "f", planted, 1.0) if f["access"] == "state"]
    finally:
        vars(jnp.zeros_like).pop("_n", None)
        vars(jnp.zeros_like).pop("__signature__", None)


def test_a_partial_is_read_with_the_function_it_calls() -> None:
    def library_like(x: float) -> float:
        return x

    wrapped = functools.partial(library_like, 1.0)
    assert _changes(wrapped, lambda p: setattr(p.func, "calls", getattr(p.func, "calls", 0) + 1))


def test_a_function_kept_alive_only_by_an_interpreter_registry_is_watched() -> None:
    # `codecs.register` keeps the search function; no name the graded function holds leads to it.
    module, planted = _load(
        "import codecs\n"
        "def _make():\n    seen = []\n"
        "    def search(name):\n        if name == 'hidden_state_tally':\n            seen.append(name)\n"
        "        return None\n    return search\n"
        "_search = _make()\ncodecs.register(_search)\ndel _search\n"
        "def f(x):\n    try:\n        ''.encode('hidden_state_tally')\n    except LookupError:\n        pass\n"
        "    return x\n")
    try:
        findings = [f for f in _run(module, "f", planted, 1.0) if f["access"] == "state"]
        assert len(findings) == 1, findings
        [finding] = findings
        assert (finding["name"], finding["type"]) == ("_make.<locals>.search", "registered")
    finally:
        import codecs
        codecs.unregister(_registered_search())


def _registered_search() -> Any:
    import gc
    return next(f for f in gc.get_objects() if isinstance(f, types.FunctionType)
                and f.__code__.co_filename.startswith(FILENAME[:-1]) and f.__name__ == "search")


def test_a_counter_kept_in_a_file_is_state(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from graders.worker import state_watch
    monkeypatch.setattr(state_watch, "_WRITABLE_FOLDERS", ((".", str(tmp_path)),))
    counter = tmp_path / "calls.txt"
    module, planted = _load(f"def f(x):\n    with open({str(counter)!r}, 'a') as log:\n        log.write('1')\n"
                            "    return x\n")
    [finding] = [f for f in _run(module, "f", planted, 1.0) if f["access"] == "state"]
    assert (finding["name"], finding["type"], finding["change"]["kind"]) == (".", "files", "items")


def test_data_kept_on_a_logger_fetched_by_name_is_state() -> None:
    # `logging.getLogger(name)` returns the same object to every caller: a memo on it is kept between calls.
    module, planted = _load("import logging\n"
                            "def f(x):\n    log = logging.getLogger('hidden_state_case.memo')\n"
                            "    log.__dict__.setdefault('seen', []).append(x)\n    return x\n")
    try:
        _run(module, "f", planted, 1.0)
        findings = [f for f in _run(module, "f", planted, 1.0) if f["access"] == "state"]
        assert len(findings) == 1, findings
        [finding] = findings
        assert (finding["name"], finding["type"], finding["part"], finding["change"]["kind"]) \
            == ("hidden_state_case.memo", "logger", "seen", "items")
    finally:
        import logging
        vars(logging.getLogger("hidden_state_case.memo")).pop("seen", None)


def test_a_counter_in_a_method_of_the_submissions_own_class_is_its_own_state_not_the_librarys() -> None:
    # The class's own methods are the submission's functions, read whole where the class is reached: a
    # message about them names the method as a function of the submission, not a library's callable
    # and not something only a registry keeps alive.
    module, planted = _load("class Ops:\n    def twice(self, x):\n        return 2 * x\n"
                            "def f(x):\n    Ops.twice.calls = getattr(Ops.twice, 'calls', 0) + 1\n"
                            "    return Ops().twice(x)\n")
    _run(module, "f", planted, 1.0)
    found = [f for f in _run(module, "f", planted, 1.0) if f["access"] == "state"]
    assert {(f["name"], f["type"]) for f in found} == {("Ops.twice", "function")}, found


def test_a_list_only_a_base_class_defines_is_state_of_the_subclass() -> None:
    # `self.items` finds the base's list: the subclass's places include its own bases' (red team round 12, file 07).
    module, planted = _load("class Base:\n    items = []\n"
                            "class Child(Base):\n    def bump(self):\n        self.items.append(1)\n"
                            "def f(x):\n    Child().bump()\n    return x\n")
    found = [f for f in _run(module, "f", planted, 1.0) if f["access"] == "state"]
    assert {(f["name"], f["type"], f["part"]) for f in found} == {("Base", "class", "items")}, found


_REGISTRY_AT_DEFINITION = (
    "REGISTRY = {}\n"
    "class Base:\n"
    "    def __init_subclass__(cls, **kw):\n"
    "        super().__init_subclass__(**kw)\n"
    "        REGISTRY[cls.__name__] = cls\n"
    "    def __init__(self, lr):\n"
    "        self.lr = lr\n"
    "class SGD(Base):\n"
    "    def step(self, x):\n"
    "        return x * self.lr\n"
)


def test_a_hook_that_runs_when_a_class_is_defined_is_no_helper_of_a_call_that_defines_none() -> None:
    module, planted = _load(_REGISTRY_AT_DEFINITION + "def f(x):\n    return SGD(0.5).step(x)\n")
    assert [f for f in _run(module, "f", planted, 1.0) if f["name"] == "REGISTRY"] == []


def test_a_call_that_defines_a_class_reads_what_its_bases_hooks_read() -> None:
    module, planted = _load(_REGISTRY_AT_DEFINITION
                            + "def f(x):\n    class Local(SGD):\n        pass\n    return Local(0.5).step(x)\n")
    assert any(f["name"] == "REGISTRY" for f in _run(module, "f", planted, 1.0))
