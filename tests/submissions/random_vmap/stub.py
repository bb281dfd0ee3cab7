"""Assignment `random-vmap`, untouched: every exercise still raises, so it must score 0 (tests/corpus.py)."""


def init_layer(key, n_in, n_out):
    raise NotImplementedError


def batched_dot(A, B):
    raise NotImplementedError


def fit(theta, X, y, lr, steps):
    raise NotImplementedError
