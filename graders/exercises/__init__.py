"""Assignment specifications. Importing this package registers every assignment."""

from . import jax_numpy, jit, purity  # noqa: F401 - imported for registration
