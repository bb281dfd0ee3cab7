"""What a graded function reads and changes beyond its arguments, read from its source in the judge (issue #50).

Each case is a few lines of the kind students and red teams write: the state a call keeps, found with its
kind and line; and the ordinary habits that keep nothing, found empty. The judge's comparison of outputs is
the other half of `no_globals` (tests/worker/test_no_globals_comparison.py).
"""

from __future__ import annotations

import pytest

from graders.judge.source.parsed import parse_cells
from graders.judge.source.reached_state import reached_state
from graders.judge.submission import submission_from_bytes


def _found(source: str, function: str = "f") -> list[tuple[str, str, str, int]]:
    cells = parse_cells(submission_from_bytes("s.py", source.encode()))
    return [(use.access, use.kind, use.name, use.line) for use in reached_state(cells, function)]


KEPT = [
    pytest.param("X = 2.0\n\ndef f(x):\n    return x * X\n", ("read", "global", "X", 4), id="module constant"),
    pytest.param("calls = 0\n\ndef f(x):\n    global calls\n    calls += 1\n    return x\n",
                 ("write", "global", "calls", 5), id="global counter"),
    pytest.param("LOG = []\n\ndef f(x):\n    LOG.append(1)\n    return x\n", ("state", "global", "LOG", 4),
                 id="module list appended"),
    pytest.param("def make():\n    n = [0]\n    def f(x):\n        n[0] += 1\n"
                 "        return x\n    return f\n\nf = make()\n",
                 ("state", "closure", "n", 4), id="factory closure"),
    pytest.param("def counted(g):\n    calls = 0\n    def wrapper(*a):\n        nonlocal calls\n        calls += 1\n"
                 "        return g(*a)\n    return wrapper\n\n@counted\ndef f(x):\n    return x\n",
                 ("state", "closure", "calls", 5), id="decorator nonlocal"),
    pytest.param("def f(x, seen=[]):\n    seen.append(x)\n    return x\n", ("state", "default", "seen", 2),
                 id="mutable default"),
    pytest.param("import random\n\ndef f(x, rng=random.Random(0)):\n    return x * rng.random()\n",
                 ("state", "default", "rng", 4), id="generator default"),
    pytest.param("from functools import partial\n\ndef g(log, x):\n    log.append(x)\n    return x\n\n"
                 "f = partial(g, [])\n", ("state", "partial", "log", 4), id="partial-bound list"),
    pytest.param("import itertools\nIT = itertools.count()\n\ndef f(x):\n    return x + next(IT)\n",
                 ("state", "iterator", "IT", 5), id="module iterator"),
    pytest.param("import numpy as np\n\ndef f(x):\n    return x + np.random.rand()\n",
                 ("state", "rng", "numpy.random.rand", 4), id="numpy global generator"),
    pytest.param("from random import random\n\ndef f(x):\n    return x * random()\n",
                 ("state", "rng", "random.random", 4), id="random global generator"),
    pytest.param("class C:\n    n = 0\n\ndef f(x):\n    C.n += 1\n    return x\n", ("state", "class", "C.n", 5),
                 id="class attribute"),
    pytest.param("class Base:\n    seen = []\n\nclass H(Base):\n    def note(self):\n        self.seen.append(1)\n\n"
                 "def f(x):\n    H().note()\n    return x\n", ("state", "class", "H.seen", 6),
                 id="base class list through self"),
    pytest.param("class Op:\n    def __init__(self):\n        self.calls = 0\n    def __call__(self, x):\n"
                 "        self.calls += 1\n        return x\n\nf = Op()\n", ("state", "object", "self.calls", 5),
                 id="callable object"),
    pytest.param("import jax\n\ndef _f(x):\n    f.traces += 1\n    return x\n\nf = jax.jit(_f)\nf.traces = 0\n",
                 ("state", "attribute", "f.traces", 4), id="jit wrapper attribute"),
    pytest.param("import jax\n\n@jax.jit\ndef f(x):\n    return x if f._cache_size() < 3 else -x\n",
                 ("read", "attribute", "f._cache_size", 5), id="jax trace cache read"),
    pytest.param("from functools import lru_cache\n\n@lru_cache\ndef box(k):\n    return [0]\n\n"
                 "def f(x):\n    b = box('k')\n    b[0] += 1\n    return x\n", ("state", "cache", "b", 9),
                 id="object a memo cache hands out"),
    pytest.param("import os\n\ndef f(x):\n    os.environ['N'] = '1'\n    return x\n",
                 ("state", "library", "os.environ", 4), id="environment"),
    pytest.param("import jax.numpy as jnp\nzl = jnp.zeros_like\n"
                 "\ndef f(x):\n    g = zl\n    g._n = 1\n    return g(x)\n",
                 ("state", "shared", "g", 6), id="library function through a local alias"),
    pytest.param("import sys\n\ndef f(x):\n    sys.set_int_max_str_digits(5000)\n    return x\n",
                 ("state", "settings", "sys.set_int_max_str_digits", 4), id="interpreter setting"),
    pytest.param("import gc\n\ndef f(x):\n    return x * gc.get_threshold()[2]\n",
                 ("state", "settings_read", "gc.get_threshold", 4), id="interpreter setting read"),
    pytest.param("def f(x):\n    with open('/tmp/n', 'a') as out:\n        out.write('1')\n    return x\n",
                 ("state", "files", "open", 2), id="file written"),
    pytest.param("import sys\n\ndef f(x):\n    return sys.modules[__name__].K * x\n",
                 ("namespace", "namespace", "sys.modules", 4), id="sys.modules"),
    pytest.param("import builtins\nbuiltins.SCALE = 2.0\n\ndef f(x):\n    return x * SCALE\n",
                 ("read", "builtins", "SCALE", 5), id="planted in builtins"),
    pytest.param("import jax.numpy as jnp\njnp.SCALE = 2.0\n\ndef f(x):\n    return x * jnp.SCALE\n",
                 ("read", "module", "jnp.SCALE", 5), id="planted on a library module"),
    pytest.param("import bisect\nXS = []\n\ndef f(x):\n    bisect.insort(XS, 1)\n    return x\n",
                 ("state", "global", "XS", 5), id="library function changing its argument"),
    pytest.param("import logging\nlog = logging.getLogger('n')\n\ndef f(x):\n    log.setLevel(log.level + 1)\n"
                 "    return x\n", ("state", "shared", "log", 5), id="logger level as a counter"),
    pytest.param("import functools\n\n@functools.lru_cache\ndef h(n):\n    return n\n\ndef f(x):\n"
                 "    return x * h.cache_info().hits\n", ("read", "attribute", "h.cache_info", 8),
                 id="cache statistics"),
    pytest.param("class C:\n    seen = []\n    def note(this):\n        this.seen.append(1)\n\n"
                 "def f(x):\n    C().note()\n    return x\n", ("state", "class", "C.seen", 4),
                 id="self by another name"),
    pytest.param("def h(x):\n    return x\n\ndef f(x):\n    setattr(h, 'n', 1)\n    return x\n",
                 ("state", "attribute", "h.n", 5), id="setattr with a constant name"),
    pytest.param("import itertools\nfrom functools import partial\nT = partial(next, itertools.count())\n\n"
                 "def f(x):\n    return x + T()\n", ("state", "iterator", "itertools.count()", 3),
                 id="partial of next"),
    pytest.param("def f(x):\n    return globals()['K'] * x\n", ("namespace", "namespace", "globals", 2),
                 id="globals()"),
    pytest.param("import codecs\n\ndef make():\n    seen = []\n    def search(name):\n        seen.append(name)\n"
                 "    return search\n\ncodecs.register(make())\n\ndef f(x):\n    'x'.encode('tally')\n    return x\n",
                 ("state", "closure", "seen", 6), id="registered with the interpreter"),
]


@pytest.mark.parametrize(("source", "expected"), KEPT)
def test_state_a_call_reads_or_keeps_is_found_at_its_line(source: str, expected: tuple[str, str, str, int]) -> None:
    assert expected in _found(source)


PURE = [
    pytest.param("import jax.numpy as jnp\n\ndef f(x):\n    return jnp.sum(x) * jnp.pi\n", id="library constant"),
    pytest.param("def f(x):\n    out = []\n    out.append(x)\n    return out\n", id="local list"),
    pytest.param("def f(x):\n    acc = []\n    def add(v):\n        acc.append(v)\n    add(x)\n    return acc\n",
                 id="helper changing the call's own local"),
    pytest.param("def f(x):\n    return x.at[0].set(1.0)\n", id=".at set"),
    pytest.param("from functools import lru_cache\n\n@lru_cache\ndef h(n):\n    return n * 2\n\n"
                 "def f(x):\n    return x * h(3)\n", id="lru_cache on a pure helper"),
    pytest.param("from functools import singledispatch\n\n@singledispatch\ndef h(v):\n    return v\n\n"
                 "@h.register(int)\ndef _(v):\n    return v + 1\n\ndef f(x):\n    return h(x)\n", id="singledispatch"),
    pytest.param("SCALE = 2\n\nclass P:\n    def __repr__(self):\n        return f'P({SCALE})'\n    def go(self, x):\n"
                 "        return x\n\ndef f(x):\n    return P().go(x)\n", id="__repr__ reading a constant"),
    pytest.param("import logging\nlog = logging.getLogger(__name__)\n\ndef f(x):\n    log.debug('x')\n    return x\n",
                 id="logger"),
    pytest.param("import enum\n\nclass Sign(enum.Enum):\n    PLUS = 1\n"
                 "\ndef f(x):\n    return x if Sign.PLUS else -x\n",
                 id="enum member"),
    pytest.param("import warnings\n\ndef f(x):\n    with warnings.catch_warnings():\n"
                 "        warnings.simplefilter('ignore')\n        return x\n", id="scoped warning filter"),
    pytest.param("from typing import Callable\nFn = Callable[[int], int]\n"
                 "\ndef f(x):\n    g: Fn = abs\n    return g(x)\n",
                 id="type alias in an annotation"),
    pytest.param("class Acc:\n    def __init__(self):\n        self.total = 0\n"
                 "    def add(self, v):\n        self.total += v\n\n"
                 "def f(x):\n    a = Acc()\n    a.add(x)\n    return a.total\n", id="object made by the call"),
    pytest.param("import jax\n\ndef _loss(t):\n    return t * 2\n\ngrad_loss = jax.grad(_loss)\n\n"
                 "def f(x):\n    return grad_loss(x)\n", id="module-level transformed function"),
    pytest.param("import numpy as np\n\ndef f(x):\n    rng = np.random.default_rng(0)\n    return x + rng.normal()\n",
                 id="local generator"),
    pytest.param("def f(x, axis=0, eps=1e-8, shape=(1, 2)):\n    return x\n", id="constant defaults"),
]


def test_registered_code_counts_only_for_a_call_that_uses_the_registry() -> None:
    source = ("import codecs\nSEEN = []\ncodecs.register(SEEN.append)\n\ndef f(x):\n    return x\n\n"
              "def g(x):\n    codecs.lookup('tally')\n    return x\n")
    assert _found(source, "f") == []
    assert _found(source, "g") == [("state", "global", "SEEN", 3)]


@pytest.mark.parametrize("source", PURE)
def test_ordinary_habits_keep_nothing(source: str) -> None:
    # A logger is named for a note about jit, never as state.
    assert [use for use in _found(source) if use[0] != "logger"] == []


def test_a_name_bound_to_itself_through_a_wrapper_is_read_once() -> None:
    # `f = jax.jit(f)` names `f` in its own binding: the reading must end.
    assert _found("import jax\n\ndef f(x):\n    return x\n\nf = jax.jit(f)\n") == []


def test_every_kind_of_state_the_reading_finds_has_its_message_in_both_languages() -> None:
    import re

    from graders.common.messages import MESSAGES
    from graders.judge.source import reached_state as module

    source = module.__file__
    assert source is not None
    with open(source, encoding="utf-8") as file:
        kinds = set(re.findall(r'_add\(\s*"state",\s*"(\w+)"', file.read()))
    assert {"closure", "default", "rng", "shared", "files"} <= kinds
    kinds |= {"settings", "settings_read"}  # chosen at run time between `files` and these
    for kind in kinds:
        assert set(MESSAGES[f"no_globals.changes_{kind}"]) == {"en", "ko"}, kind
