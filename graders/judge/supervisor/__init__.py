"""The judge's side of a worker: start it in its sandbox (`isolation`, `client`), speak the wire
protocol with it (`session`), turn its replies into frozen plain data (`replies`), share the compilation
cache with it (`compilation_cache`), and read what the judge believes from outside it: clocks, process
trees, open descriptors. Runs in the judge; the code that runs beside student code is `graders.worker`.
"""
