"""Assignment `random-vmap`, untouched (written from the spec by jaxgrade): it must score 0."""


def init_layer(key, n_in, n_out):
    raise NotImplementedError


def batched_dot(A, B):
    raise NotImplementedError


def fit(theta, X, y, lr, steps):
    raise NotImplementedError
