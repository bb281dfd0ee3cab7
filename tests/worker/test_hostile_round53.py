"""Round 53: a second red team against round 52's constructions (tests/submissions/hostile/round53/README.md). How an
attack counts as contained: `tests/hostile_round.py`.
"""

from __future__ import annotations

from ..conftest import SUBMISSIONS
from ..hostile_round import Targets, round_tests

ROUND53 = SUBMISSIONS / "hostile" / "round53"

# file: (assignment, exercise, the checks it attacks)
TARGETS: Targets = {
    "01_key_clone.py": ("random-vmap", "init_layer", ("key_discipline",)),
    "02_raw_bits_from_a_jitted_key_data.py": ("random-vmap", "init_layer", ("key_discipline",)),
    "03_key_rewrapped_under_jit.py": ("random-vmap", "init_layer", ("key_discipline",)),
    "04_callback_behind_twenty_scans.py": ("purity", "horner", ("compact_trace",)),
    "05_raw_bits_plus_zero.py": ("random-vmap", "init_layer", ("key_discipline",)),
    "06_raw_bits_bitcast_round_trip.py": ("random-vmap", "init_layer", ("key_discipline",)),
    "07_raw_bits_reshaped_and_indexed.py": ("random-vmap", "init_layer", ("key_discipline",)),
    "08_key_broadcast_then_vmapped.py": ("random-vmap", "init_layer", ("key_discipline",)),
    "09_unbatched_key_under_vmap.py": ("random-vmap", "init_layer", ("key_discipline",)),
}
_COMPUTED_BITS = ("raw bits are followed only whole (worker/key_reuse.py): bits computed from a key's bits, even to "
                  "the same values, wrap into a fresh key, as in JAX's own checker; following values would need the "
                  "keys' bits at run time")
_COPIED_KEY = ("JAX's key-reuse checker does not count copies of one key made by broadcasting, or an unbatched key "
               "under vmap, as uses; following values would need the keys' bits at run time")
BREACHED: dict[str, str] = {
    "05_raw_bits_plus_zero.py": _COMPUTED_BITS,
    "06_raw_bits_bitcast_round_trip.py": _COMPUTED_BITS,
    "07_raw_bits_reshaped_and_indexed.py": _COMPUTED_BITS,
    "08_key_broadcast_then_vmapped.py": _COPIED_KEY,
    "09_unbatched_key_under_vmap.py": _COPIED_KEY,
}
ALSO_REACHED: dict[str, set[tuple[str, str]]] = {}

(graded, test_the_attack_earns_none_of_its_target_points, test_the_attack_loses_no_other_points,
 test_every_attack_file_is_listed) = round_tests(ROUND53, TARGETS, BREACHED, ALSO_REACHED)
