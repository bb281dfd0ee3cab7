"""The untrusted side: code copied into the sandbox, that runs in the worker process beside student code.

Nothing here imports `graders` or `solutions`; the package is copied next to
the worker so that the worker needs neither on its path.
"""
