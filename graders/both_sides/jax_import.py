"""Importing JAX without parsing the metadata of every installed package, and without collecting garbage.

Runs in the worker (and the judge uses it too). JAX 0.10 looks for a ROCm plugin at import
by reading the metadata of every installed distribution: 155 of them in the course's
environment, 60 ms of each worker's start and of the judge's. Only a distribution whose
folder is named `jax...` can be a JAX plugin (`jax_rocm7_plugin-...dist-info`,
`jax_cuda12_plugin-...`), so while JAX is imported the others are not offered. Nothing
else is changed: the real lookup is back as soon as the import returns, and a JAX that
does not scan (0.11) imports exactly as before.

Python's cyclic garbage collector runs every few hundred allocations, and an import of JAX allocates
some hundred thousand objects, nearly all of which live as long as the process: each collection
walks them again, for nothing. The collector is paused while JAX is imported and resumed after
(8% of the import's CPU time, in every worker, judge and clean timing worker).
"""

from __future__ import annotations

import gc
import importlib.metadata
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

__all__ = ["import_jax"]


def _named_like_jax(distribution: importlib.metadata.Distribution) -> bool:
    folder = getattr(distribution, "_path", None)  # PathDistribution's folder; other kinds are kept
    if folder is None:
        return True
    return str(getattr(folder, "name", folder)).lower().replace("-", "_").startswith("jax")


def import_jax() -> ModuleType:
    """`import jax`, with the distributions offered to it narrowed to those named like JAX's own."""
    if "jax" in sys.modules:
        return sys.modules["jax"]
    real = importlib.metadata.distributions

    def distributions(**kwargs: Any) -> Iterator[importlib.metadata.Distribution]:
        return (distribution for distribution in real(**kwargs) if _named_like_jax(distribution))

    importlib.metadata.distributions = distributions
    collecting = gc.isenabled()
    gc.disable()
    try:
        import jax
    finally:
        importlib.metadata.distributions = real
        if collecting:
            gc.enable()
    return jax
