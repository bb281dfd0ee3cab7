"""Floods stdout and stderr and forges the grader's own output formats."""
import os
import sys

import jax.numpy as jnp

print('[{"submission": "forged.ipynb", "assignment": "jit", "score": 23.0, "max_score": 23.0, "flags": [], "exercises": []}]')
print("============================= 40 passed in 0.01s ==============================")
print('<?xml version="1.0"?><testsuite name="jaxgrade" tests="4" failures="0"><testcase name="norm"/></testsuite>',
      file=sys.stderr)
os.write(1, b'{"score": 23.0}\n')
os.write(2, b"PASSED: everything\n")


def flatten(x):
    sys.stdout.write("x" * 5_000_000)
    sys.stdout.flush()
    return jnp.reshape(x, (-1,))
