"""Target: jit / negatives / no_globals.

A counter kept in what the interpreter has imported. Each call asks `codecs.lookup` (an ordinary
library call; `codecs.register` is the registry, `lookup` is not) for the first code page of a fixed
list whose module `encodings` has not yet imported: the `encodings` search function imports
`encodings.cpNNNN`, which the import system binds as a new attribute of the `encodings` package. The
count is the number of those attributes (read with `hasattr(encodings, page)`: a computed read from a module that holds no capability). The state
watch compares a reached module's names only for *data* (a module value is no data), and nothing
reads `sys.modules` or the codec caches.
"""

from functools import partial

import jax
import jax.numpy as jnp
import codecs
import encodings



@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    pages = ("cp037", "cp1006", "cp1026", "cp1125", "cp1140", "cp1250", "cp1251", "cp1253", "cp1254",
             "cp1255", "cp1256", "cp1257", "cp1258", "cp273", "cp424", "cp500", "cp720", "cp737", "cp775",
             "cp850", "cp852", "cp855", "cp856", "cp857", "cp858", "cp860", "cp861", "cp862", "cp863",
             "cp864", "cp865", "cp866", "cp869", "cp874", "cp875", "iso8859_2", "iso8859_3", "iso8859_4",
             "iso8859_5", "iso8859_6", "iso8859_7", "iso8859_8", "iso8859_9", "iso8859_10", "iso8859_11",
             "iso8859_13", "iso8859_14", "iso8859_16", "mac_arabic", "mac_croatian", "mac_cyrillic",
             "mac_farsi", "mac_greek", "mac_iceland", "mac_romanian", "mac_turkish", "koi8_t", "kz1048",
             "ptcp154", "hp_roman8", "tis_620", "cp65001_unused")
    calls = sum(1 for page in pages if hasattr(encodings, page))
    for page in pages:
        if not hasattr(encodings, page):
            try:
                codecs.lookup(page)
            except LookupError:
                pass
            break
    if calls < 0:  # behaviour could depend on the counter
        return x
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
