"""The checks. Importing this package registers every check module in it with the registry.

A check is one module here: a function decorated with `@register_check`. A new module
is picked up without being listed.
"""

import importlib
import pkgutil

from .base import CheckContext, Verdict

for _module in sorted(module.name for module in pkgutil.iter_modules(__path__)):
    if _module != "base":
        importlib.import_module(f"{__name__}.{_module}")

__all__ = ["CheckContext", "Verdict"]
