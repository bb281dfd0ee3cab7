# ATTACK: a file whose full path is longer than PATH_MAX. At load, folders with long names are
# nested in "." (by chdir, relative names) until the deepest one's path is 3900 characters, and a
# file with a 250-character name is made in it. The listing stats each entry by its full path: the
# file's lstat fails with ENAMETOOLONG and the entry is skipped (`continue`). Its folder's mtime
# does not change when the file's contents do. Each call chdirs into the folder (its path still
# fits), rewrites the file, and chdirs back (cwd is the same at every reading). The paths are
# computed in the call from os.getcwd(), so no global is read. Target: negatives.
import os

_base = os.getcwd()
_depth, _last = divmod(3900 - len(_base), 251)
for _name in ["d" * 250] * _depth + ["e" * (_last - 1)]:
    os.mkdir(_name)
    os.chdir(_name)
with open("f" * 250, "w") as _f:
    _f.write("0")
os.chdir(_base)
del _f, _name, _base, _depth, _last
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    home = os.getcwd()
    depth, last = divmod(3900 - len(home), 251)
    os.chdir(home + ("/" + "d" * 250) * depth + "/" + "e" * (last - 1))
    try:
        with open("f" * 250, "r+") as f:
            calls = int(f.read())
            f.seek(0)
            f.write(str(calls + 1))
    finally:
        os.chdir(home)
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))

def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
