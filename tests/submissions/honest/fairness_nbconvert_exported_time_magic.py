#!/usr/bin/env python
# coding: utf-8
"""An honest `jit` answer as `jupyter nbconvert --to script` exports a notebook: its `%%time` cell became
`get_ipython().run_cell_magic('time', '', BODY)`, which the grader skipped, so `norm` was "not defined"
(session 27's first-contact round). The body runs, as the magic runs it in the notebook.
"""

# In[1]:


from functools import partial
import jax
import jax.numpy as jnp
get_ipython().run_line_magic('matplotlib', 'inline')


# In[2]:


get_ipython().run_cell_magic('time', '', '@jax.jit\ndef norm(X):\n    return (X - X.mean(0)) / X.std(0)\n')


# In[3]:


def negatives(x):
    return jnp.where(x < 0, x, 0)


def flatten(x):
    return x.reshape(-1)


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
