"""Generate 08_regex_stall_statements.py: N filler functions of 500 statements of ~2,000 characters."""
import sys

functions = int(sys.argv[1])
out = sys.argv[2]
STATEMENTS = 500
names = ["box", "count", "calls", "negatives", "flatten", "norm", "maybe_negate", "state"]
item = ", ".join(f"{n}[0]" for n in names) + ", "
body = "(" + (item * 40)[:1880].rsplit(",", 1)[0] + ", ']" + "]" * 80 + "')"

header = '''# Mechanism: stall the judge with work it does outside every deadline. When `no_globals` finds a change,
#   the judge looks for the line to quote (`no_globals._stating_line` -> `parsed.statement_matching`):
#   for each state use (3 listed), each candidate name (part, attribute, owner), and each scope (the
#   function and what it names, then EVERY module-level function), it runs `ast.unparse` on every simple
#   statement and a regex with `\\[.*\\]` on its first 2,000 characters. The 2,000-character cap bounds one
#   statement, not their number: this file holds {total} statements of ~2,000 characters (5 MB, a quarter
#   of the 20 MB size limit: the stall grows linearly with it), never run, in functions the graded
#   closures name (so they are also "reached").
#   Each graded function keeps three counters (attributes of its own objects, changed with setattr so
#   that the first, "changing" pattern never matches and every scan runs to the end).
# Tries to earn: a grading that takes far longer than the per-exercise bound (120 s, exercises[].seconds)
#   and the submission bound (900 s), and holds up a --jobs batch's report; each exercise loses only
#   its no_globals point.
# Contained outcome: each exercise's judge-side work bounded (exercises[].seconds <= 120, total <= 900),
#   report produced within the grader's per-file bound.
from functools import partial

import jax
import jax.numpy as jnp


class _Box:
    pass


def _boxes():
    first, second, third = _Box(), _Box(), _Box()
    for box in (first, second, third):
        setattr(box, "count", 0)
    return first, second, third


def _tick(*boxes):
    for box in boxes:
        setattr(box, "count", getattr(box, "count") + 1)

'''

graded = '''
def _make_{name}():
    box, state, calls = _boxes()

    def {name}({args}):
        _tick(box, state, calls)
        if getattr(box, "count") < 0:
            ({fillers})
        return {expr}

    return {name}


'''
fillers = ", ".join(f"_filler_{k}" for k in range(min(functions, 8)))
parts = [header.format(total=functions * STATEMENTS)]
parts.append(graded.format(name="negatives", args="x", expr="jnp.where(x < 0, x, 0.0)", fillers=fillers))
parts.append(graded.format(name="flatten", args="x", expr="x.reshape(x.size)", fillers=fillers))
parts.append(graded.format(name="_norm", args="X", expr="(X - X.mean(axis=0)) / X.std(axis=0)", fillers=fillers))
parts.append(graded.format(name="_maybe_negate", args="x, neg", expr="-x if neg else x", fillers=fillers))
parts.append('''negatives = _make_negatives()
flatten = _make_flatten()
norm = jax.jit(_make__norm())
maybe_negate = jax.jit(_make__maybe_negate(), static_argnames="neg")

''')
for f in range(functions):
    parts.append(f"def _filler_{f}():\n" + "".join("    " + body + "\n" for _ in range(STATEMENTS)) + "\n\n")
open(out, "w").write("".join(parts))
