"""The untrusted side: code that runs inside the worker process.

Nothing here imports `graders` or `solutions`; the package is copied next to
the worker so that the worker needs neither on its path.
"""
