"""The census's walks of the heap (graders/worker/heap.py): the runtime's objects set aside, nothing made
afterwards missed, and a submission's own freeze undone before any walk believes it."""

from __future__ import annotations

import gc
import types
from collections.abc import Iterator

import pytest

from graders.worker import heap


@pytest.fixture
def frozen_runtime() -> Iterator[None]:
    heap.freeze_runtime()
    try:
        yield
    finally:
        gc.unfreeze()
        heap._HELD = heap._HOLDER = None


def _made_now() -> types.FunctionType:
    def counter() -> None:
        pass
    return counter  # type: ignore[return-value]


def _listed(value: object, objects: list[object]) -> bool:
    return any(each is value for each in objects)


def test_the_runtimes_objects_are_set_aside_and_later_ones_listed(frozen_runtime: None) -> None:
    made = _made_now()
    objects = heap.tracked_objects()
    assert _listed(made, objects)
    assert not _listed(heap._HOLDER, objects)  # the canary is never handed out
    assert len(objects) < gc.get_freeze_count()  # the walk reads far fewer objects than are alive
    assert _listed(made, heap.referrers(made.__code__))


def test_a_freeze_after_the_runtimes_unfreezes_the_heap_before_a_walk(frozen_runtime: None) -> None:
    made = _made_now()
    gc.freeze()  # what a submission may do to hide `made`
    assert not _listed(made, gc.get_objects())
    assert _listed(made, heap.tracked_objects())
    assert gc.get_freeze_count() == 0


def test_a_freeze_hides_nothing_from_the_referrers_walk_either(frozen_runtime: None) -> None:
    made = _made_now()
    gc.freeze()
    assert made not in gc.get_referrers(made.__code__)
    assert _listed(made, heap.referrers(made.__code__))


def test_an_unfreeze_and_a_freeze_again_are_still_seen(frozen_runtime: None) -> None:
    gc.unfreeze()
    made = _made_now()
    gc.freeze()  # the canary moves with everything else
    assert _listed(made, heap.referrers(made.__code__))


def test_every_freeze_is_caught_not_only_the_first(frozen_runtime: None) -> None:
    # Red team, session 23: a freeze in the cells spent a one-time check, and a freeze in a call then hid
    # a closure made there for good.
    gc.freeze()
    assert _listed(_made_now(), heap.tracked_objects())
    made = _made_now()
    gc.freeze()
    assert _listed(made, heap.referrers(made.__code__)) and _listed(made, heap.tracked_objects())


def test_a_collection_hook_that_freezes_cannot_hide_a_walk(frozen_runtime: None) -> None:
    def freeze_after_each_collection(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            gc.freeze()

    gc.callbacks.append(freeze_after_each_collection)
    try:
        made = _made_now()
        gc.collect(0)
        assert _listed(made, heap.referrers(made.__code__)) and _listed(made, heap.tracked_objects())
    finally:
        gc.callbacks.remove(freeze_after_each_collection)
