"""nbgrader configuration for students of the JAX course on one machine.

Copy to ~/.jupyter/nbgrader_config.py (or set JAXGRADE_EXCHANGE to the
exchange directory your instructor gives you) before starting JupyterLab.
"""

import os

c = get_config()  # noqa: F821 - provided by nbgrader

c.CourseDirectory.course_id = "jax-course"
c.Exchange.root = os.environ.get("JAXGRADE_EXCHANGE", "/srv/nbgrader/exchange")
