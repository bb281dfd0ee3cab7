"""jaxgrade: trusted, sandboxed grading of JAX exercises."""

import os as _os

# Hypothesis loads third-party plugins (trio ships one) on import; none of them may
# change how a submission is graded, and together they cost a tenth of a second.
_os.environ.setdefault("HYPOTHESIS_NO_PLUGINS", "1")
