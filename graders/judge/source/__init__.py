"""The submission's source text, read in the judge: parsed, never executed.

What this package finds rests on nothing the student's process says, so the
judge may award points on it (how a graded name is bound) and withhold them
on it (capabilities a JAX exercise does not need).
"""

from .bindings import Binding, jit_binding
from .parsed import ParsedCell, parse_cells
from .tripwires import Tripwire, find_tripwires

__all__ = ["Binding", "ParsedCell", "Tripwire", "find_tripwires", "jit_binding", "parse_cells"]
