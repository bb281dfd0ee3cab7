"""The judge's side of a worker: start it in its sandbox (`sandbox`, `client`), speak the wire
protocol with it and turn replies into plain data (`session`), share the compilation cache with it
(`compilation_cache`), and read what the judge believes from outside it: clocks, process trees,
open descriptors. Runs in the judge; the code that runs beside student code is `graders.sandboxed`.
"""
