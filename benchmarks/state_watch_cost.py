"""What the state watch costs each call of a graded function, measured in one process on the `jit`
notebook's cells: the reading of everything the function reaches before and after a call, against
the bare call.

Why it exists: a grading of the `jit` notebook watches some 430 calls, and the watch is most of what
the worker does for each, so it decides how close a grading comes to `nbconvert --execute` of the
same notebook (`warm_service.py`). A whole grading varies by a tenth from run to run on a shared
machine; this loop, the best of seven repeats, moves by a few percent, so it shows a change to the
watch that a grading's wall time hides. No sandbox and no audit hook: those add to every call alike.

    .venv/bin/python benchmarks/state_watch_cost.py [--calls 300] [--notebook exercises/jit/jit.ipynb]

Run it with `PYTHONPATH=<another checkout>` (and that checkout's path as `--repo`) to compare versions.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
import timeit
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# Arguments for each exercise of the notebook: one 3x4 array, and the flag `maybe_negate` takes.
_CALLS = {"norm": 1, "negatives": 1, "flatten": 1, "maybe_negate": 2}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=300, help="calls per repeat (default 300)")
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout whose graders are measured")
    parser.add_argument("--notebook", type=Path, default=REPO / "exercises" / "jit" / "jit.ipynb")
    arguments = parser.parse_args()
    sys.path.insert(0, str(arguments.repo))
    os.chdir(tempfile.mkdtemp(prefix="jaxgrade-watch-"))  # the worker's folder: empty, as in the sandbox

    import nbformat
    import numpy as np

    from graders.worker.calls import Calls
    from graders.worker.heap import freeze_runtime
    from graders.worker.hidden_state import GlobalUses
    from graders.worker.loader import SubmissionModule
    from graders.worker.state_watch import StateWatch

    notebook = nbformat.read(arguments.notebook, as_version=4)
    cells = [{"index": index, "filename": f"<cell {index}>", "source": cell.source}
             for index, cell in enumerate(notebook.cells) if cell.cell_type == "code"]
    submission = SubmissionModule("submission")
    calls = Calls(submission)
    uses = GlobalUses(calls)
    watch = StateWatch(calls, lambda kind, payload: 0, lambda: uses.planted, lambda: uses.residents)
    freeze_runtime()
    uses.before_load()
    with contextlib.redirect_stdout(io.StringIO()):
        submission.run_cells(cells)
    uses.after_load()

    array = np.arange(12.0).reshape(3, 4)
    print(f"{arguments.notebook.name}: {len(uses.residents)} of the submission's objects in the census; "
          f"best of 7 repeats of {arguments.calls} calls")
    print(f"{'function':<14} {'watched call µs':>16} {'one reading µs':>15} {'bare call µs':>13}")
    for name, count in _CALLS.items():
        if not submission.defines(name):
            continue
        function = submission.lookup(name)
        arguments_of_call = (array, True)[:count]
        latest: list[object] = []

        def watched(name: str = name, function: object = function, call: tuple = arguments_of_call,
                    latest: list = latest) -> None:
            watch._watched(name, lambda: function(*call), [], latest)  # type: ignore[operator]

        watched()
        figures = [min(timeit.repeat(run, number=arguments.calls, repeat=7)) / arguments.calls * 1e6
                   for run in (watched, lambda name=name: watch.snapshot(name),
                               lambda function=function, call=arguments_of_call: function(*call))]
        print(f"{name:<14} {figures[0]:>16.1f} {figures[1]:>15.1f} {figures[2]:>13.1f}")


if __name__ == "__main__":
    main()
