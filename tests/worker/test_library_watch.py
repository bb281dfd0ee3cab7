"""`LibraryWatch.compare`, the worker's full comparison of every library function: what it reports and
what it lets pass, whichever block of the 16k functions the change is in.

Run in a child process: the watch registers a dict watcher for the process's life.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

_SCRIPT = textwrap.dedent("""
    import json, sys, types
    import numpy, json as json_module, email.utils
    from graders.worker.library import LibraryWatch, _BLOCK

    watch = LibraryWatch(lambda kind, data: None, set(), "submission")
    functions = watch._functions
    assert len(functions) > 4 * _BLOCK, len(functions)
    def spare(*args, **kwargs):
        return None
    # A code object can replace another only with as many free variables: the middle one has none.
    middle = next(f for f in functions[len(functions) // 2:] if not f.__code__.co_freevars)
    first, last = functions[3], functions[-1]
    found = {"untouched": watch.compare()}
    # Attributes and annotations a library makes on first read are no patch.
    middle.some_flag = True
    middle.__annotations__
    found["dict_only"] = watch.compare()
    middle.__code__ = spare.__code__
    last.__defaults__ = (object(),)
    found["patched"] = watch.compare()
    found["patched_again"] = watch.compare()  # each change is reported once
    first.__kwdefaults__ = {"planted": 1}
    found["kwdefaults"] = watch.compare()
    found["names"] = [f"{f.__module__}.{f.__qualname__}.__code__" for f in (first, middle, last)]
    print(json.dumps(found), flush=True)
    import os
    os._exit(0)  # as the worker leaves: no teardown while the watcher is registered
""")


def test_a_code_or_defaults_swap_is_found_in_any_block_and_a_new_dict_is_not() -> None:
    completed = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True, timeout=120,
                               check=False)
    assert completed.returncode == 0, completed.stderr[-3000:]
    found = json.loads(completed.stdout)
    first, middle, last = found["names"]
    assert found["untouched"] == [] and found["dict_only"] == []
    assert sorted(found["patched"]) == sorted([middle, last])
    assert found["patched_again"] == []
    assert found["kwdefaults"] == [first]
