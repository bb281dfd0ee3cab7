"""nbgrader configuration of the JAX course.

Instructors run nbgrader's own commands from this directory. Autograding is
wired to the jaxgrade engine: the submission is never executed in a kernel
by nbgrader; the trusted judge grades it (student code runs only in its
sandboxed worker) and the scores land in nbgrader's gradebook.
"""

import os

c = get_config()  # noqa: F821 - provided by nbgrader when it loads this file

c.CourseDirectory.course_id = "jax-course"
c.CourseDirectory.source_directory = "exercises"
c.CourseDirectory.release_directory = "release"

# A course on one machine: the exchange is a local directory shared by instructor and students.
c.Exchange.root = os.environ.get("JAXGRADE_EXCHANGE", "/srv/nbgrader/exchange")

# Released stubs define nothing, so "Run All" goes on to every self-check instead of stopping.
c.ClearSolutions.code_stub = {"python": "# 여기에 코드를 작성하세요\npass"}

c.Autograde.autograde_preprocessors = [
    "graders.course.autograde.JaxgradeScores",
    "nbgrader.preprocessors.LimitOutput",
    "nbgrader.preprocessors.SaveAutoGrades",
    "nbgrader.preprocessors.AssignLatePenalties",
    "nbgrader.preprocessors.CheckCellMetadata",
    # Last: the autograded notebook is what Manual Grading renders. Everything a student wrote (cells,
    # outputs, attachments, metadata) becomes inert HTML; see graders/course/sanitize.py.
    "graders.course.sanitize.SanitizeMarkup",
]
# Feedback is rendered from the autograded notebooks; sanitized again first, in case one was autograded
# without it (nbgrader's own defaults follow).
c.GenerateFeedback.preprocessors = [
    "graders.course.sanitize.SanitizeMarkup",
    "nbgrader.preprocessors.GetGrades",
    "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
]
c.JaxgradeScores.lang = os.environ.get("JAXGRADE_LANG", "ko")

# `jaxgrade watch ASSIGNMENT`: judged feedback per student and assignment, as a token bucket N/PERIOD
# (units s, m, h, d). `--quota` overrides it; an assignment may have its own.
c.JaxgradeWatch.quota = "3/24h"
c.JaxgradeWatch.assignment_quotas = {}
