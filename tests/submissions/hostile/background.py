"""Leaves processes behind, in their own sessions, deaf to SIGTERM."""
import os
import subprocess
import sys

import jax.numpy as jnp

MARKER = "604.173"


def negatives(x):
    subprocess.Popen(["sleep", MARKER], start_new_session=True, preexec_fn=lambda: __import__("signal").signal(15, 1))
    if os.fork() == 0:  # a daemon: its parent exits, it is re-parented
        os.setsid()
        if os.fork() == 0:
            os.execvp("sleep", ["sleep", MARKER])
        os._exit(0)
    return jnp.where(x < 0, x, 0.0)
