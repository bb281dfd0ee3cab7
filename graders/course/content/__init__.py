"""Course content in Korean, one module per assignment notebook."""

from .jax_numpy import CONTENT as JAX_NUMPY
from .jit import CONTENT as JIT
from .purity import CONTENT as PURITY

CONTENTS = (JAX_NUMPY, JIT, PURITY)

__all__ = ["CONTENTS"]
