"""The garbage collector's lists, as the census of the submission's objects walks them (hidden_state.py),
with the runtime's own objects set aside before any submission code runs.

Why: `gc.get_objects` and `gc.get_referrers` walk every object the collector tracks: in a worker that
has imported JAX, some 100,000 objects and 15 ms a walk, made once when the cells have run and once
for each exercise. `gc.freeze` moves every tracked object into the permanent generation, which neither
walks; whatever is made afterwards, everything of the submission's included, is still listed.

Why it holds against the submission, which can freeze the heap too to hide its objects from the census
(tests/submissions/hostile/round13):
- Every freeze moves *every* tracked object, the canary included: `_HOLDER`, a list made just after
  the runtime's freeze. Only `gc.unfreeze`, which puts every object back, makes it listed again. So a
  walk that lists `_HOLDER` misses nothing made since; one that does not unfreezes the heap and walks
  again. The canary is never replaced, so every later freeze is caught the same way (a one-time check
  let a second freeze through, red team, session 23).
- `_HOLDER` is bound before the worker records its own namespaces (integrity.py), so a submission that
  binds another list in its place (a young one, so listed) is reported as tampering.
- The walks run with the collector paused: a collection inside a walk could run a `gc.callbacks` hook
  that freezes the heap halfway through.
"""

from __future__ import annotations

import gc
import itertools
import operator
from collections.abc import Callable
from typing import Any

__all__ = ["freeze_runtime", "referrers", "tracked_objects"]

# Bound before any submission code runs: a rebinding in the `gc` module changes nothing here.
_freeze = gc.freeze
_unfreeze = gc.unfreeze
_get_objects = gc.get_objects
_get_referrers = gc.get_referrers
_isenabled = gc.isenabled
_enable = gc.enable
_disable = gc.disable
_is = operator.is_
_repeat = itertools.repeat
# A walk that misses the canary this many times running (a hook that freezes again at once) is made
# with the heap unfrozen and the canary not asked for.
_TRIES = 3

# The canary, set by `freeze_runtime`: `_HOLDER` refers to `_HELD`, so a walk for `_HELD`'s referrers
# lists `_HOLDER` exactly when `gc.get_objects` would.
_HELD: list[Any] | None = None
_HOLDER: list[Any] | None = None


def freeze_runtime() -> None:
    """Set every object alive now aside from the walks, and make the canary: call before the worker
    records its own namespaces, and before the submission's first cell."""
    global _HELD, _HOLDER
    _freeze()
    _HELD = []
    _HOLDER = [_HELD]


def _listed(objects: list[Any]) -> bool:
    return _HOLDER is None or any(map(_is, objects, _repeat(_HOLDER)))


def _without_canary(objects: list[Any]) -> list[Any]:
    return objects if _HOLDER is None else [value for value in objects if value is not _HOLDER]


def _walk(checked: Callable[[], list[Any]], unchecked: Callable[[], list[Any]]) -> list[Any]:
    """`checked()` (a walk that lists the canary unless somebody froze since) with the collector paused,
    the heap unfrozen after each miss; after `_TRIES` misses, `unchecked()` (the same walk, the canary
    not asked for) on the heap unfrozen once more."""
    enabled = _isenabled()
    _disable()
    try:
        for _ in range(_TRIES):
            found = checked()
            if _listed(found):
                return _without_canary(found)
            _unfreeze()  # somebody froze since: every object back in the walks
        _unfreeze()
        return _without_canary(unchecked())
    finally:
        if enabled:
            _enable()


def tracked_objects() -> list[Any]:
    """`gc.get_objects()`, missing nothing made since `freeze_runtime` (the canary left out)."""
    return _walk(_get_objects, _get_objects)


def referrers(*values: Any) -> list[Any]:
    """`gc.get_referrers(*values)`, missing nothing made since `freeze_runtime` (the canary left out).
    `_HELD` is asked for too: its one referrer is the canary, listed exactly when `gc.get_objects`
    would list it."""
    held = _HELD
    if held is None:
        return _get_referrers(*values)
    return _walk(lambda: _get_referrers(*values, held), lambda: _get_referrers(*values))
