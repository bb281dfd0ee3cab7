"""The judge's reading of the source: capabilities that trip a review, and habits that never do."""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.judge.source import find_tripwires, parse_cells
from graders.judge.submission import read_submission, submission_from_bytes

REPO = Path(__file__).resolve().parents[3]


def _tripwires(source: str):  # type: ignore[no-untyped-def]
    return find_tripwires(parse_cells(submission_from_bytes("s.py", source.encode())))


@pytest.mark.parametrize(("source", "kind", "line"), [
    ("import os\nr, w = os.pipe()\n", "descriptor", 2),
    ("import os as o\no.dup2(3, 4)\n", "descriptor", 2),
    ("from os import dup2\ndup2(3, 4)\n", "descriptor", 2),
    ("import os\nf = getattr(os, 'dup2')\n", "descriptor", 2),
    ("f = open(3, 'wb')\n", "descriptor", 1),
    ("x = open('/proc/self/fd/3')\n", "descriptor", 1),
    ("import threading\nthreading.Thread(target=print).start()\n", "thread", 2),
    ("from threading import Thread as T\n\n\nT(target=print).start()\n", "thread", 4),
    ("import threading\nt = threading\n", "thread", 2),
    ("from concurrent.futures import ThreadPoolExecutor\nwith ThreadPoolExecutor() as pool:\n    pass\n", "thread", 2),
    ("import ctypes\nlib = ctypes.CDLL(None)\n", "native", 2),
    ("x = __import__('ctypes').CDLL(None)\n", "native", 1),
    ("import importlib\ndef f():\n    m = importlib.import_module('ctypes')\n    return m\n", "native", 3),
    ("import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n", "signal", 2),
    ("import subprocess\nsubprocess.run(['ls'])\n", "process", 2),
    ("def f():\n    import subprocess\n    return subprocess.run(['ls'])\n", "process", 3),
    ("from os import *\n", "dynamic", 1),
    ("import os\nname = 'du' + 'p2'\nf = getattr(os, name)\n", "dynamic", 3),
    ("import os\nos.fork()\n", "process", 2),
    ("import sys\nf = sys._getframe(1)\n", "introspection", 2),
    ("import gc\nobjs = gc.get_objects()\n", "introspection", 2),
    ("def f():\n    return f.__globals__\n", "introspection", 2),
    ("x = __builtins__\n", "introspection", 1),
    ("name = 'o' + 's'\nm = __import__(name)\n", "dynamic", 2),
    ("import importlib\nm = importlib.import_module('ct' + 'ypes')\n", "dynamic", 2),
    ("code = 'x = 1'\nexec(code)\n", "dynamic", 2),
    ("import sys\nsys.monitoring.register_callback(3, 1, print)\n", "introspection", 2),
    ("import operator\nrelabel = operator.methodcaller('replace', co_filename='functools.py')\n", "dynamic", 2),
    ("def f(code):\n    return code.replace(co_consts=())\n", "dynamic", 2),
    ("import numpy as np\nattr = 'allclose'\nsetattr(np, attr, None)\n", "patch", 3),
    ("import numpy as np\nname = 'allclose'\nvars(np)[name] = print\n", "patch", 3),
    ("import numpy as np\nnp.__dict__.update({'allclose': print})\n", "patch", 2),
    ("import numpy as np\nnp.__dict__['allclose'] = print\n", "patch", 2),
    ("import importlib\nimportlib.import_module('numpy').allclose = print\n", "patch", 2),
    ("import sys\nsys.modules['numpy'].allclose = print\n", "patch", 2),
    ("import sys\nname = 'allclose'\nsetattr(sys.modules['numpy'], name, print)\n", "patch", 3),
    ("class A:\n    pass\na = A()\na.__class__ = int\n", "identity", 4),
    ("class Fake:\n    __module__ = 'jax._src.array'\n", "identity", 2),
    ("import numpy as np\nnp.allclose = lambda *a, **k: True\n", "patch", 2),
    ("import jax.numpy as jnp\njnp.SCALE = 2.0\n", "patch", 2),
    ("import os\nos.write = print\n", "patch", 2),
    ("import sys\nsys.modules['json'] = None\n", "patch", 2),
    ("import numpy as np\nvars(np)['isclose'] = None\n", "patch", 2),
    ("import socket\ns = socket.socket()\n", "network", 2),
    ("import jax.numpy as jnp\n_A = type(jnp.zeros(1))\nfor n in ('mean', 'std'):\n    setattr(_A, n, print)\n",
     "patch", 4),
    ("import jax.numpy as jnp\ntype(jnp.zeros(1)).mean = print\n", "patch", 2),
    ("import numpy as np\ndef slow(name):\n    cls = np.zeros(1).__class__\n    setattr(cls, name, print)\n",
     "patch", 4),
    ("import builtins\nB = builtins\nB.SCALE = 2.0\n", "patch", 3),
    ("import json\nJ = json\nJ.dumps = str\n", "patch", 3),
    ("import jax.numpy as jnp\n_np2 = jnp\nsetattr(_np2, 'X', 1)\n", "patch", 3),
    # Owners reached through a call or a subscript, and namespaces rebound in bulk (#27).
    ("import importlib\nimportlib.import_module('hashlib').sha1 = None\n", "patch", 2),
    # A module imported by a computed name may be any: the import itself trips, on the same line.
    ("import importlib\nm = 'hash' + 'lib'\nimportlib.import_module(m).sha1 = None\n", "dynamic", 3),
    ("__import__('numpy').allclose = None\n", "patch", 1),
    ("import sys\nsys.modules['numpy'].allclose = None\n", "patch", 2),
    ("import sys\nsetattr(sys.modules['jax'], 'jit', None)\n", "patch", 2),
    ("import numpy as np\nnp.__dict__.update(ascontiguousarray=None)\n", "patch", 2),
    ("import numpy as np\nvars(np).update({'isclose': None})\n", "patch", 2),
    ("import importlib\nvars(importlib.import_module('jax')).update(jit=None)\n", "patch", 2),
    ("import numpy as np\nnp.linalg.__dict__.setdefault('x', 1)\n", "patch", 2),
    ("import importlib\nimportlib.import_module('numpy').__dict__['x'] = 1\n", "patch", 2),
    ("import importlib\n_h = importlib.import_module('hashlib')\n_h.sha1 = None\n", "patch", 3),
    ("_np = __import__('numpy')\n_np.allclose = None\n", "patch", 2),
    # A name that held mkstemp's descriptor but is bound again may hold any descriptor.
    ("import os, tempfile\nfd, path = tempfile.mkstemp()\nfd = 3\nos.close(fd)\n", "descriptor", 4),
    ("import os, tempfile\nfd, path = tempfile.mkstemp()\nos.dup2(fd, 1)\n", "descriptor", 3),
    # What asyncio can start besides coroutines: threads, processes, connections, handlers.
    ("import asyncio\nasync def main():\n    return await asyncio.to_thread(print)\n", "thread", 3),
    ("from asyncio import to_thread as tt\nx = tt(print)\n", "thread", 2),
    ("import asyncio\nasync def main():\n    loop = asyncio.get_running_loop()\n"
     "    return await loop.run_in_executor(None, print)\n", "thread", 4),
    ("import asyncio\nasync def main():\n    return await asyncio.create_subprocess_exec('ls')\n", "process", 3),
    ("import asyncio\nasync def main():\n    return await asyncio.open_connection('localhost', 80)\n",
     "network", 3),
    ("import asyncio, signal\nloop = asyncio.new_event_loop()\nloop.add_signal_handler(2, print)\n", "signal", 3),
    ("import asyncio\nloop = asyncio.new_event_loop()\nloop.add_reader(3, print)\n", "descriptor", 3),
    ("import asyncio\nname = 'to_' + 'thread'\nf = getattr(asyncio, name)\n", "dynamic", 3),
    ("from asyncio import *\n", "thread", 1),
    # Any other use of asyncio too: its global state (the loop policy, the running loop) is kept where
    # no snapshot reads it (red team round 15).
    ("import asyncio\nasync def main():\n    return 1\ndata = asyncio.run(main())\n", "thread", 4),
    # A capability module reached as another standard module's attribute is that module (red team round 14).
    ("import logging.handlers as h\na, b = h.socket.socketpair()\n", "network", 2),
    ("import logging\nlogging.os.dup2(3, 4)\n", "descriptor", 2),
    ("import asyncio\nt = asyncio.base_events.threading.Thread(target=print)\n", "thread", 2),
    ("from logging import handlers\nfd = handlers.os.pipe()\n", "descriptor", 2),
    ("import tempfile as t\nt._os.fork()\n", "process", 2),
    ("import resource\nresource.setrlimit(resource.RLIMIT_NOFILE, (8, 8))\n", "descriptor", 2),
    ("from resource import prlimit\nprlimit(0, 7, (1, 1))\n", "descriptor", 2),
    # A registry handed on as a value, at load too; a library's private name inside a function (round 20).
    ("import sys\ndef f(x, key=sys.intern):\n    return sorted(x, key=key)\n", "registry", 2),
    ("import atexit\nhooks = (staticmethod(atexit.register),)\n", "registry", 2),
    ("import atexit\ndef f(g):\n    atexit.register(g)\n", "registry", 3),
    ("from numpy._core import _multiarray_umath as m\ndef f():\n    return m._set_numpy_warn_if_no_mem_policy(0)\n",
     "registry", 3),
])
def test_each_capability_trips_with_its_line(source: str, kind: str, line: int) -> None:
    found = _tripwires(source)
    assert any(t.kind == kind and t.line == line for t in found), found


@pytest.mark.parametrize("source", [
    "import time\nstart = time.perf_counter()\nelapsed = time.perf_counter() - start\n",
    "import os\nos.environ['XLA_FLAGS'] = '--xla_cpu_multi_thread_eigen=false'\npath = os.path.join('a', 'b')\n",
    "import matplotlib.pyplot as plt\nplt.rcParams['figure.figsize'] = (4, 3)\nimport matplotlib\n"
    "matplotlib.rcParams['lines.linewidth'] = 2\n",
    "import pandas as pd\npd.options.display.max_rows = 10\n",
    "import functools\ndef deco(f):\n    @functools.wraps(f)\n    def g(*a):\n        return f(*a)\n"
    "    g.__name__ = f.__name__\n    return g\n",
    "get_ipython().run_line_magic('timeit', 'norm(X)')\n",
    "import jax\njax.config.update('jax_enable_x64', False)\nimport numpy as np\nnp.random.seed(0)\n",
    "from collections import namedtuple\nPoint = namedtuple('Point', 'x y')\nfrom dataclasses import dataclass\n",
    "import sys\nprint(sys.version)\nimport inspect\nsig = inspect.signature(print)\n",
    "x = getattr(object(), 'real', 0)\n",
    # A class's own namespace filled in bulk is an idiom, not a patch.
    "class Config:\n    def __init__(self, **kw):\n        self.__dict__.update(kw)\n",
    "d = {}\nvars_ = dict(a=1)\nd.update(vars_)\n",
    # Importing a module is no use of it.
    "import threading\nimport ctypes\nimport subprocess\nimport signal\nfrom os import dup2\n",
    "import multiprocessing\nworkers = multiprocessing.cpu_count()\n",
    "import signal\n\n\ndef smooth(signal, width):\n    return signal[:width] * 2\n",
    # Computed names on one's own objects, or read from a library of functions.
    "class Config:\n    def __init__(self, **values):\n        for key, value in values.items():\n"
    "            setattr(self, key, value)\n        self.__dict__.update(values)\n        self.__dict__['n'] = 1\n",
    "from types import SimpleNamespace\ncfg = SimpleNamespace()\nfor k, v in {'lr': 0.1}.items():\n"
    "    setattr(cfg, k, v)\n",
    "class Counter:\n    made = 0\n\n    def __init__(self):\n        type(self).made += 1\n",
    "import jax.numpy as jnp\nfor name in ('sin', 'cos', 'tanh'):\n    f = getattr(jnp, name)\n"
    "    print(name, f(1.0))\n",
    "import os\nimport warnings\nimport logging\nimport gc\nimport numpy as np\nimport jax\n"
    "os.environ['JAX_PLATFORMS'] = 'cpu'\nwarnings.filterwarnings('ignore')\n"
    "logging.getLogger('jax').setLevel(logging.ERROR)\nnp.set_printoptions(precision=3)\n"
    "jax.config.update('jax_enable_x64', True)\ngc.collect()\n",
    # The documented idioms for the descriptor `tempfile.mkstemp()` returns (honest class, round 3).
    "import os, tempfile\n_fd, LOG = tempfile.mkstemp(suffix='.json')\nos.close(_fd)\n",
    "import os\nfrom tempfile import mkstemp\nfd, path = mkstemp()\nwith os.fdopen(fd, 'w') as f:\n    f.write('x')\n",
    # Other modules' attributes that are no capability, and packages the judge never imports to read a name.
    "import os\nimport logging.handlers\np = os.path.join('a', 'b')\nh = logging.handlers.RotatingFileHandler\n"
    "import json\nerr = json.decoder.JSONDecodeError\nimport importlib.metadata\nv = importlib.metadata.version\n",
    "import jax.scipy.signal as jss\nimport scipy.signal\ny = jss.convolve([1.0], [1.0])\n"
    "z = scipy.signal.convolve([1.0], [1.0])\n",
    # Memory used so far, and the limits read (honest class, round 5).
    "import resource\npeak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024\n"
    "soft, hard = resource.getrlimit(resource.RLIMIT_AS)\npage = resource.getpagesize()\n",
    # What a definition evaluates where it stands: a decorator, a default and a type hint run at load,
    # whatever the function does (honest class, session 26).
    "import atexit\n@atexit.register\ndef goodbye():\n    print('bye')\n",
    "from jax._src.typing import Array\ndef flatten(x: Array, *, axis: Array = None) -> Array:\n    return x\n",
    "import numpy as np\ndef total(x, axis=np._NoValue):\n    return np.sum(x)\n",
    "import atexit\natexit.register(print, 'done')\n",
])
def test_student_habits_never_trip(source: str) -> None:
    assert _tripwires(source) == ()


def _course_files() -> list[Path]:
    files = [*REPO.glob("solutions/*.py"), *REPO.glob("exercises/*/*.ipynb"), *REPO.glob("release/*/*.ipynb"),
             *REPO.glob("samples/*/*.ipynb"), *REPO.glob("samples/*/*.py")]
    for assignment in ("jit", "purity", "jax_numpy"):
        files += [path for path in (REPO / "tests" / "submissions" / assignment).glob("*.py")
                  if path.name != "namespace_tricks.py"]
    return sorted(files)


@pytest.mark.parametrize("path", _course_files(), ids=lambda path: str(path.relative_to(REPO)))
def test_no_course_file_or_corpus_submission_trips(path: Path) -> None:
    assert find_tripwires(parse_cells(read_submission(path))) == ()


def test_code_nested_past_the_readers_depth_is_a_tripwire_not_a_grader_crash() -> None:
    """A 1,500-term sum compiles, but the judge's readers recurse once per level (first-contact round 49
    made the judge raise RecursionError: "internal error" for the whole file)."""
    from graders.judge.source.parsed import parse_cells
    from graders.judge.submission import submission_from_bytes

    deep = "def helper(x):\n    return " + " + ".join(["x"] * 1500) + "\n\ndef norm(X):\n    return X\n"
    cells = parse_cells(submission_from_bytes("deep.py", deep.encode()))
    tripwires = find_tripwires(cells)
    assert [(tripwire.kind, tripwire.line) for tripwire in tripwires] == [("unreadable", 2)]
    shallow = "def helper(x):\n    return " + " + ".join(["x"] * 150) + "\n"
    assert not find_tripwires(parse_cells(submission_from_bytes("ok.py", shallow.encode())))


@pytest.mark.parametrize(("source", "kind", "line"), [
    # Code run from a string is read like the cells (round 49 laundered a frame walk and a counter this way).
    ("import timeit\ntimeit.timeit('import sys; sys._getframe(1).f_locals', number=1)\n", "introspection", 2),
    ("import timeit\nBODY = '''\ndef flatten(x, _calls=[0]):\n    return x\n'''\ntimeit.timeit(BODY, number=1)\n",
     "dynamic", 6),
    ("exec('def f(x):\\n    return x')\n", "dynamic", 1),
    ("import importlib.util\nspec = importlib.util.spec_from_file_location('m', 'm.py')\n", "dynamic", 2),
    ("import runpy\nrunpy.run_path('helper.py')\n", "dynamic", 2),
])
def test_code_run_from_strings_or_loaded_from_files_is_read_or_tripped(source: str, kind: str, line: int) -> None:
    assert (kind, line) in [(tripwire.kind, tripwire.line) for tripwire in _tripwires(source)]


def test_timing_a_call_with_timeit_is_an_honest_habit() -> None:
    assert not _tripwires("import timeit\ndef f(x):\n    return x\n"
                          "t = timeit.timeit('f(3)', number=100, globals=globals())\n"
                          "u = timeit.timeit(lambda: f(3), number=10)\n")
