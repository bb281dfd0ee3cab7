"""Course content in Korean: each module of this package holds one assignment's notebook as `CONTENT`.

A new module is picked up without being listed here; `CONTENTS` is in assignment order.
"""

import importlib
import pkgutil

from ..notebooks import NotebookContent

CONTENTS: tuple[NotebookContent, ...] = tuple(sorted(
    (importlib.import_module(f"{__name__}.{module.name}").CONTENT
     for module in pkgutil.iter_modules(__path__) if module.name != "common"),
    key=lambda content: content.assignment,
))

__all__ = ["CONTENTS"]
