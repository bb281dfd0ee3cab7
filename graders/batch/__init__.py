"""The batch room: many submissions through one path (`grading.grade_many`), graded here in a pool of
judge processes (`pool`) or on a Dask cluster (`cluster`), with the compilation cache filled first
(`warmup`) and each grading process prepared once (`host`). Runs judges; never student code.
"""
