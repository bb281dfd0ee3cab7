"""Code that runs on both sides of the sandbox's wall.

The judge imports it, and it is copied into the sandbox beside `graders.worker`: the wire's format
(`protocol`, `events`); the timed inputs and the digest of a timed output taken on its device
(`timed_inputs`, `tree_digest`); the probes the judge runs on the reference exactly as the worker
runs them on the student's function (`jaxprs`, `intermediates`, `proc_paths`); and the import of
JAX both make (`jax_import`). It imports nothing else of `graders` (the sandbox has only these two
rooms), and only relative imports.
"""
