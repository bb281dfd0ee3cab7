# Everything a fresh machine needs: Python 3.12 or newer with pip (and venv). Versions are
# pinned in constraints.txt so that a regrade months later gives the same grade.
#
# JAX 0.12 needs Python 3.12 or newer; the GPU machines run 3.12, so 3.12 is preferred. The first of:
# python3.12 on the PATH, pyenv's newest 3.12, python3.13, pyenv's 3.13, then python3 if it is new enough.
# (A pyenv shim for a version that is not selected exits with an error, and is passed over.)
PYENV_VERSIONS := $(or $(PYENV_ROOT),$(HOME)/.pyenv)/versions
ifndef PYTHON
PYTHON := $(shell for candidate in python3.12 $$(ls -d $(PYENV_VERSIONS)/3.12*/bin/python3.12 2>/dev/null | sort -V | tail -n 1) \
	python3.13 $$(ls -d $(PYENV_VERSIONS)/3.13*/bin/python3.13 2>/dev/null | sort -V | tail -n 1) python3; do \
	"$$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null && { command -v "$$candidate"; break; }; done)
endif
NO_PYTHON := jaxgrade needs Python 3.12 or newer with venv, and found none (python3.12, pyenv's 3.12 or 3.13, python3): \
	install one (pyenv install 3.12, or apt-get install python3.12-venv where your release has it), or run make PYTHON=/path/to/python3.12
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# A student's environment, as the README tells students to make one: no grader, no solutions.
STUDENT_VENV := .venv-student
STUDENT_STAMP := $(STUDENT_VENV)/.installed-stamp
LANG_FLAG ?= --lang en

.PHONY: demo test test-fast sandbox system-deps student-env accounts-env bench notebooks release clean bytecode

$(STAMP): pyproject.toml constraints.txt
	@[ -n "$(PYTHON)" ] || { echo "$(NO_PYTHON)" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[test,course,cluster]'
	@# An editable install leaves out the wheel's data files: the server extension's switch, put in by hand.
	install -D -m 644 course/jupyter/jaxgrade.json $(VENV)/etc/jupyter/jupyter_server_config.d/jaxgrade.json
	touch $(STAMP)

$(STUDENT_STAMP): course/student-requirements.txt constraints.txt
	@[ -n "$(PYTHON)" ] || { echo "$(NO_PYTHON)" >&2; exit 1; }
	$(PYTHON) -m venv $(STUDENT_VENV)
	$(STUDENT_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(STUDENT_VENV)/bin/python -m pip install --quiet -c constraints.txt -r course/student-requirements.txt
	touch $(STUDENT_STAMP)

student-env: $(STUDENT_STAMP)

# The grader's own bytecode, written once: with PYTHONDONTWRITEBYTECODE set (Debian images and CI often
# set it) every judge and every worker would otherwise compile the grader from source on each start.
# Python checks each file's stamp, so a stale one is recompiled in memory, never run.
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q graders

# The demo wants the sandbox too; without it, grading still runs and says it was less isolated.
sandbox:
	@command -v bwrap >/dev/null || ($(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive \
		$(SUDO) apt-get install -y -q bubblewrap) || echo "bubblewrap not installed: grading will be less isolated"

demo: $(STAMP) bytecode sandbox
	$(BIN)/jaxgrade list $(LANG_FLAG)
	$(BIN)/jaxgrade warm
	$(BIN)/jaxgrade demo $(LANG_FLAG)

# Debian packages the tests use: bubblewrap sandboxes the worker; the browser test drives
# Debian's Chromium (never a downloaded one), and Korean needs a font.
SYSTEM_PACKAGES := bubblewrap chromium chromium-driver fonts-nanum
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

system-deps:
	@if ! command -v bwrap >/dev/null || ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null \
		|| ! fc-list 2>/dev/null | grep -qi nanum; then \
		$(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q $(SYSTEM_PACKAGES); \
	fi

# nbgrader for the OS accounts that tests/course/test_identity.py creates: built from the system's
# Python outside any private home, so that an account other than root can run it. Root only (CI is).
# Only the students' `nbgrader submit` runs from it; Debian's Python (3.11.2) is older than some pins
# of constraints.txt allow, so pip resolves nbgrader's own dependencies for it.
ACCOUNTS_ENV := /opt/jaxgrade-test/student-env

accounts-env:
	@if [ "$$(id -u)" = 0 ] && [ ! -x $(ACCOUNTS_ENV)/bin/nbgrader ]; then \
		rm -rf $(ACCOUNTS_ENV) && /usr/bin/python3 -m venv $(ACCOUNTS_ENV) && \
		$(ACCOUNTS_ENV)/bin/python -m pip install --quiet "nbgrader==0.9.6" && \
		chmod -R a+rX $(dir $(ACCOUNTS_ENV)); \
	fi

test: $(STAMP) bytecode $(STUDENT_STAMP) system-deps accounts-env
	$(BIN)/ruff check graders tests benchmarks solutions
	$(BIN)/mypy
	$(BIN)/lint-imports
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python -m pytest --durations=30

# The inner loop: unit tests only (no worker, no cache fill, no student venv, no apt), under a minute.
test-fast: $(STAMP)
	$(BIN)/ruff check graders tests benchmarks solutions
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -m unit -q

# Source notebooks from graders/course/content and solutions/; then release/ through nbgrader.
notebooks: $(STAMP)
	$(BIN)/jaxgrade course build

# nbgrader runs in a scratch copy: release/ changes only when every assignment was generated, and the
# course's gradebook.db is updated in place (never deleted), so grades survive a mid-course release.
release: notebooks
	$(BIN)/jaxgrade course release

bench: $(STAMP) bytecode
	$(BIN)/python benchmarks/grade_assignments.py

clean:
	rm -rf $(VENV) $(STUDENT_VENV) build *.egg-info
