"""The judge's room: everything that decides a grade, in a process that never runs student code.

It reads the submission's text (`submission`, `source`), starts and speaks to the sandboxed worker
(`supervisor`), runs the registered checks (`checks`) of the assignments in the catalogue
(`catalogue`) against the reference solutions, and gives points and flags (`grade`, `review`).
Nothing here is copied into the sandbox; what the worker runs is `graders.worker`.
"""
