"""What a submission may import: the grader's environment is part of the contract with students.

Besides the standard library, a submission may import these, and nothing
else is promised. They are the grader's own dependencies (pyproject.toml,
pinned in constraints.txt) and the students' (deploy/student-requirements.txt),
so a notebook that runs in the students' environment imports the same
versions when it is graded; a test holds the three lists together. The
choice, kept short: JAX and NumPy for the exercises, SciPy for reference
statistics, matplotlib for plots and tqdm for progress bars, what JAX course
notebooks import beside them. Anything else (pandas, optax, flax) costs only
the cell that imports it, with a sentence saying so.
"""

from __future__ import annotations

__all__ = ["SUBMISSION_LIBRARIES", "listed_libraries"]

# Import names, which are also the names pip installs them by (jaxlib comes with jax).
SUBMISSION_LIBRARIES = ("jax", "numpy", "scipy", "matplotlib", "tqdm")


def listed_libraries() -> str:
    """The libraries in backticks, for a sentence in either language: `jax`, `numpy`, ..."""
    return ", ".join(f"`{name}`" for name in SUBMISSION_LIBRARIES)
