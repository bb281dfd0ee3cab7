"""The course's assignments: importing this package registers every check, then every assignment.

Each module of this package declares one assignment (its exercises, their points and
references) and registers it; a new module is picked up without being listed here.
"""

import importlib
import pkgutil

from .. import checks  # noqa: F401 - registers every check before any spec is validated

for _module in sorted(module.name for module in pkgutil.iter_modules(__path__)):
    importlib.import_module(f"{__name__}.{_module}")
