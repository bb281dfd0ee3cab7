"""What a student reads when their submission could not be graded, in the course's language.

nbgrader's own words for a failure ("Please see the the above traceback", a schema error's path) are for the
instructor, who gets them in the watch's log and the autograde summary. The student gets one sentence they can
act on: a notebook that is not a notebook, or one that breaks Jupyter's format, is named with the cell and the
field at fault; any other failure is said to be the grader's, not their code's.
"""

from __future__ import annotations

from pathlib import Path

from graders.common.i18n import t

__all__ = ["reason_for_student"]


def reason_for_student(submitted: Path, lang: str) -> str:
    """Why `submitted` (a collected submission folder) could not be graded, for its student, in `lang`."""
    return _unreadable_notebook(submitted, lang) or t("failure.grader_failed", lang)


def _unreadable_notebook(submitted: Path, lang: str) -> str | None:
    import nbformat
    from nbformat.reader import NotJSONError

    for path in sorted(submitted.glob("*.ipynb")):
        try:
            notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
            nbformat.validate(notebook)
        except nbformat.ValidationError as error:  # nbformat's own subclass included
            return t("failure.notebook_schema", lang, notebook=path.name, where=_where(error.absolute_path, lang),
                     detail=str(error.message)[:160])
        except (NotJSONError, UnicodeDecodeError, ValueError, OSError):
            return t("failure.notebook_not_json", lang, notebook=path.name)
    return None


def _where(path: object, lang: str) -> str:
    """`cells/2/execution_count` as a person counts it: the third cell's `execution_count`."""
    parts = list(path)  # type: ignore[call-overload]
    if len(parts) >= 2 and parts[0] == "cells" and isinstance(parts[1], int):
        field = ".".join(str(part) for part in parts[2:]) or "cell"
        return t("failure.notebook_cell_field", lang, number=parts[1] + 1, field=field)
    return t("failure.notebook_field", lang, field="/".join(str(part) for part in parts) or "notebook")
