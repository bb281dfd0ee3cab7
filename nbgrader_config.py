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
    # Once the gradebook holds the scores, the bare number nbgrader read them from (`Out[ ]: 7.0`) goes: Manual
    # Grading renders the autograded notebook, where the score is already in the verdict's own heading.
    "graders.course.feedback_page.WithoutBareScores",
    "nbgrader.preprocessors.AssignLatePenalties",
    "nbgrader.preprocessors.CheckCellMetadata",
    # The autograded notebook is what Manual Grading renders. Everything a student wrote (cells,
    # outputs, attachments, metadata) becomes inert HTML; see graders/course/sanitize.py.
    "graders.course.sanitize.SanitizeMarkup",
    # Last: the judge's own record of what it graded, once the gradebook holds it (graders/course/records.py);
    # it stamps the submission's digest into the notebook's metadata, after the sanitizer cleared the student's.
    "graders.course.autograde.JaxgradeRecord",
]
# Feedback is rendered from the autograded notebooks; sanitized again first, in case one was autograded
# without it (nbgrader's own defaults follow).
c.GenerateFeedback.preprocessors = [
    "graders.course.sanitize.SanitizeMarkup",
    "nbgrader.preprocessors.GetGrades",
    # The bare score after each verdict (`Out[ ]: 7.0`) is nbgrader's, not the student's to read.
    "graders.course.feedback_page.WithoutBareScores",
    "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
]

# Its table of contents names each function (nbgrader's own template says "Test cell" for every one):
# the course's template extends nbgrader's (graders/course/feedback_page.py). It is set for the feedback
# step alone: the formgrader's own pages keep their template. Where jaxgrade is not installed,
# nbgrader's page is used as it is.
try:
    from graders.course.feedback_page import configure_feedback_page
except ImportError:
    pass
else:
    configure_feedback_page(c)

# Collecting takes each student's own newest submission made by their account, before the due date,
# regular files only (graders/course/collect.py): `nbgrader collect`, the formgrader, `jaxgrade watch`
# and `jaxgrade autograde` alike. The due date is nbgrader's: `nbgrader db assignment add jit --duedate=...`.
c.ExchangeFactory.collect = "graders.course.collect.VerifiedCollect"
# A notebook submitted under another name (`jit (1).ipynb`) is graded as the assignment's, and its feedback
# is released under the name the student submitted too, where their Fetch Feedback looks for it.
c.ExchangeFactory.release_feedback = "graders.course.notebook_names.ReleaseFeedbackUnderSubmittedNames"
# Who may submit as whom: "auto" checks the folder's owner wherever accounts tell students apart;
# "owner" always; "name" never (every student shares one account: see docs/deploy.md).
c.JaxgradeIdentity.mode = "auto"
# A CSV with an `id` column (as `nbgrader db student import` reads): submissions under other names are refused.
# c.JaxgradeIdentity.roster = "roster.csv"
# The course's language ("ko" or "en"): feedback, the service's pages, summaries and the class report.
# It is the course's, never the environment's of whoever started JupyterLab or the service.
c.JaxgradeScores.lang = "ko"
# The zone the course's times are written and shown in (an IANA name, never an abbreviation such as KST):
# `jaxgrade course due` reads a due date's wall time in it, and every command prints deadlines in it and in UTC.
c.JaxgradeCourse.timezone = "Asia/Seoul"

# `jaxgrade watch ASSIGNMENT`: judged feedback per student and assignment, as a token bucket N/PERIOD
# (units s, m, h, d). `--quota` overrides it; an assignment may have its own.
c.JaxgradeWatch.quota = "3/24h"
c.JaxgradeWatch.assignment_quotas = {}
