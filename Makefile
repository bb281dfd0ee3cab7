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

.PHONY: demo test test-env lint test-fast exercise-check sandbox system-deps student-env accounts-env hub-env bench notebooks release clean bytecode

$(STAMP): pyproject.toml constraints.txt
	@[ -n "$(PYTHON)" ] || { echo "$(NO_PYTHON)" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[test,course,cluster]'
	@# An editable install leaves out the wheel's data files: the server extension's switch, put in by hand.
	install -D -m 644 deploy/jupyter/jaxgrade.json $(VENV)/etc/jupyter/jupyter_server_config.d/jaxgrade.json
	touch $(STAMP)

$(STUDENT_STAMP): deploy/student-requirements.txt constraints.txt
	@[ -n "$(PYTHON)" ] || { echo "$(NO_PYTHON)" >&2; exit 1; }
	$(PYTHON) -m venv $(STUDENT_VENV)
	$(STUDENT_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(STUDENT_VENV)/bin/python -m pip install --quiet -c constraints.txt -r deploy/student-requirements.txt
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
# Debian's Chromium (never a downloaded one), and Korean needs a font, the verdicts' marks (✅ ❌) another.
SYSTEM_PACKAGES := bubblewrap chromium chromium-driver fonts-nanum fonts-noto-color-emoji patchelf
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

system-deps:
	@if ! command -v bwrap >/dev/null || ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null \
		|| ! command -v patchelf >/dev/null || ! fc-list 2>/dev/null | grep -qi nanum \
		|| ! fc-list 2>/dev/null | grep -qi "color emoji"; then \
		$(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q $(SYSTEM_PACKAGES); \
	fi

# nbgrader for the OS accounts that tests/e2e/course/test_identity.py creates: built from the system's
# Python outside any private home, so that an account other than root can run it. Root only (CI is).
# Only the students' `nbgrader submit` runs from it; Debian's Python (3.11.2) is older than some pins
# of constraints.txt allow, so pip resolves nbgrader's own dependencies for it (but jsonschema's: see
# constraints.txt).
ACCOUNTS_ENV := /opt/jaxgrade-test/student-env

accounts-env:
	@if [ "$$(id -u)" = 0 ] && [ ! -x $(ACCOUNTS_ENV)/bin/nbgrader ]; then \
		rm -rf $(ACCOUNTS_ENV) && /usr/bin/python3 -m venv $(ACCOUNTS_ENV) && \
		$(ACCOUNTS_ENV)/bin/python -m pip install --quiet "nbgrader==0.9.6" "$$(grep '^jsonschema==' constraints.txt)" && \
		chmod -R a+rX $(dir $(ACCOUNTS_ENV)); \
	fi

# A course on a real JupyterHub (tests/e2e/deploy/test_jupyterhub.py; docs/deploy.md says the same for a real one).
# Root only (CI is): everything lives under $(HUB_DIR), where the accounts the test creates can reach it.
#   python3.12/  the interpreter, when $(PYTHON) lives where other accounts cannot read it (pyenv's, under /root):
#                a copy whose libpython is found relative to itself (deploy/hub/relocate-python.sh, patchelf)
#   hub/         JupyterHub itself (runs as root)
#   student/     what a student's server runs: deploy/student-requirements.txt and jupyterhub-singleuser, with
#                nbgrader's student config and without its formgrader; readable by all
#   instructor/  jaxgrade (graders and solutions) with nbgrader and jupyterhub-singleuser: readable only by
#                root and the group $(HUB_INSTRUCTORS), never by students
#   proxy/       configurable-http-proxy from npm, with its lock file (tests/e2e/deploy/proxy/)
HUB_DIR := /opt/jaxgrade-test/hub
HUB_VERSION := 6.1.1
HUB_INSTRUCTORS := jaxgrade-test-instructors
HUB_PYTHON_DEPS := pyproject.toml constraints.txt deploy/hub/relocate-python.sh
HUB_PIP := -m pip install --quiet --disable-pip-version-check -c $(CURDIR)/constraints.txt
HUB_SOURCES := $(shell find graders solutions -name '*.py' 2>/dev/null)

# After system-deps: apt takes one caller at a time, and `make test` builds its environments side by side.
# After $(STAMP) too: the make below is another process, which would build .venv a second time beside this one.
hub-env: system-deps $(STAMP)
	@if [ "$$(id -u)" != 0 ]; then echo "hub-env: root only; tests/e2e/deploy/test_jupyterhub.py skips without it"; \
	else $(MAKE) --no-print-directory $(HUB_DIR)/hub/.stamp $(HUB_DIR)/student/.stamp $(HUB_DIR)/instructor/.stamp \
		$(HUB_DIR)/proxy/.stamp; fi

$(HUB_DIR)/python.txt: deploy/hub/relocate-python.sh
	@[ -n "$(PYTHON)" ] || { echo "$(NO_PYTHON)" >&2; exit 1; }
	@command -v patchelf >/dev/null || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q patchelf; }
	mkdir -p $(HUB_DIR) && chmod 755 $(dir $(HUB_DIR)) $(HUB_DIR)
	real=$$($(PYTHON) -c 'import sys; print(sys.executable)'); \
	if runuser -u nobody -- "$$real" -c pass 2>/dev/null; then echo "$$real" > $@.new; \
	else deploy/hub/relocate-python.sh "$$real" $(HUB_DIR)/python3.12 && echo $(HUB_DIR)/python3.12/bin/python3.12 > $@.new; fi
	runuser -u nobody -- "$$(cat $@.new)" -c 'import ssl, sqlite3, ctypes, venv'
	mv $@.new $@

# $(1): the environment's folder; $(2): what pip installs into it.
define hub_venv
	rm -rf $(1) && "$$(cat $(HUB_DIR)/python.txt)" -m venv $(1)
	$(1)/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(1)/bin/python $(HUB_PIP) $(2)
endef

$(HUB_DIR)/hub/.stamp: $(HUB_DIR)/python.txt
	$(call hub_venv,$(HUB_DIR)/hub,jupyterhub==$(HUB_VERSION))
	chmod -R go-w,a+rX $(HUB_DIR)/hub && touch $@

$(HUB_DIR)/student/.stamp: $(HUB_DIR)/python.txt deploy/student-requirements.txt deploy/student_nbgrader_config.py
	$(call hub_venv,$(HUB_DIR)/student,-r deploy/student-requirements.txt jupyterhub==$(HUB_VERSION))
	mkdir -p $(HUB_DIR)/student/etc/jupyter
	cp deploy/student_nbgrader_config.py $(HUB_DIR)/student/etc/jupyter/nbgrader_config.py
	$(HUB_DIR)/student/bin/jupyter server extension disable --sys-prefix nbgrader.server_extensions.formgrader
	$(HUB_DIR)/student/bin/jupyter server extension disable --sys-prefix nbgrader.server_extensions.course_list
	for verb in disable lock; do $(HUB_DIR)/student/bin/jupyter labextension $$verb --level=sys_prefix \
		@jupyter/nbgrader:formgrader @jupyter/nbgrader:course-list @jupyter/nbgrader:create-assignment; done
	chmod -R go-w,a+rX $(HUB_DIR)/student && touch $@

# The environment with jaxgrade's dependencies; then jaxgrade itself, installed again whenever graders/ or
# solutions/ change (a regular install, not an editable one: the checkout may be where others cannot read).
# Order-only after $(STAMP): both build the checkout in place (build/, *.egg-info), never at the same time.
$(HUB_DIR)/instructor/.deps-stamp: $(HUB_DIR)/python.txt $(HUB_PYTHON_DEPS) | $(STAMP)
	getent group $(HUB_INSTRUCTORS) >/dev/null || groupadd --system $(HUB_INSTRUCTORS)
	$(call hub_venv,$(HUB_DIR)/instructor,'$(CURDIR)[course]' jupyterhub==$(HUB_VERSION))
	touch $@

$(HUB_DIR)/instructor/.stamp: $(HUB_DIR)/instructor/.deps-stamp $(HUB_SOURCES) deploy/jupyter/jaxgrade.json | $(STAMP)
	rm -rf build
	$(HUB_DIR)/instructor/bin/python $(HUB_PIP) --no-deps --force-reinstall '$(CURDIR)'
	rm -rf build
	chgrp -R $(HUB_INSTRUCTORS) $(HUB_DIR)/instructor && chmod -R u+rwX,g+rX,g-w,o-rwx $(HUB_DIR)/instructor
	touch $@

$(HUB_DIR)/proxy/.stamp: tests/e2e/deploy/proxy/package.json tests/e2e/deploy/proxy/package-lock.json
	@command -v npm >/dev/null || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs npm; }
	rm -rf $(HUB_DIR)/proxy && mkdir -p $(HUB_DIR)/proxy
	cp tests/e2e/deploy/proxy/package.json tests/e2e/deploy/proxy/package-lock.json $(HUB_DIR)/proxy/
	cd $(HUB_DIR)/proxy && npm ci --omit=dev --no-audit --no-fund --loglevel=error
	$(HUB_DIR)/proxy/node_modules/.bin/configurable-http-proxy --version
	chmod -R go-w,a+rX $(HUB_DIR)/proxy && touch $@

# Two passes: every test but the timed ones (tests/timing/) in parallel, one file per pytest worker (`--dist loadfile`:
# a module's fixtures grade once, and tests that share a course stay together), then the `timing` tests
# alone, on a machine no other test is loading. Two workers on 2 cores: with four, a clean clone's run took
# 33 min but two course tests lost grades to the load (a final autograde gave two students 0, a regrade on a
# killed Dask worker lost a check's details); both pass alone, and a verdict must not depend on the load.
TEST_JOBS ?= 2

# Every environment the tests use, built side by side (pip and npm wait on files and the network as much as on
# the cores): on a fresh machine this is 7 of make test's minutes one after another.
test-env: $(STAMP) bytecode $(STUDENT_STAMP) system-deps accounts-env hub-env

# The linters need only the project's venv: they run while the other environments are still being built.
lint: $(STAMP)
	$(BIN)/ruff check graders tests benchmarks solutions
	$(BIN)/mypy
	$(BIN)/lint-imports

test:
	$(MAKE) -j4 --no-print-directory test-env lint
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadfile tests/unit tests/worker tests/e2e \
		--durations=30
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/python -m pytest tests/timing --durations=10

# The inner loop: unit tests only (no worker, no cache fill, no student venv, no apt), under a minute.
test-fast: lint
	$(BIN)/python -m pytest tests/unit -q

# Source notebooks from graders/course/content and solutions/; then release/ through nbgrader.
notebooks: $(STAMP)
	$(BIN)/jaxgrade course build --readme README.md

# nbgrader runs in a scratch copy: release/ changes only when every assignment was generated, and the
# course's gradebook.db is updated in place (never deleted), so grades survive a mid-course release.
release: notebooks
	$(BIN)/jaxgrade course release

# The one command a course author runs after editing an assignment (its reference, spec or content): everything CI
# would run for that assignment, and only that. Its notebooks and its release/ rebuilt (nbgrader, for it alone),
# ruff, the messages' shape, the README's table, then its corpus and golden reports regraded and its notebooks
# checked. REGENERATE=1 rewrites that assignment's golden reports instead of comparing them (review the diff).
# The unit tests named here are the ones that read every assignment's spec or messages (a few seconds).
SPEC_UNIT_TESTS := tests/unit/test_message_shape.py tests/unit/test_message_parts.py tests/unit/test_readme.py \
	tests/unit/test_expectations.py tests/unit/test_i18n.py

exercise-check: $(STAMP) bytecode
	@[ -n "$(ASSIGNMENT)" ] || { echo "exercise-check: name the assignment, as in make exercise-check ASSIGNMENT=jit" \
		"(jaxgrade list names them)" >&2; exit 2; }
	$(BIN)/jaxgrade course build --readme README.md
	$(BIN)/jaxgrade course release $(ASSIGNMENT)
	$(BIN)/ruff check graders tests benchmarks solutions
	$(if $(REGENERATE),JAXGRADE_REGENERATE_GOLDEN=1) PATH="$(abspath $(BIN)):$$PATH" $(BIN)/python -m pytest -q \
		-n $(TEST_JOBS) --dist loadfile --assignment $(ASSIGNMENT) \
		tests/worker/test_golden.py tests/worker/test_corpus.py tests/e2e/course/test_notebooks.py
	@# After the golden reports: the messages' shape is read from them, as they are now.
	$(BIN)/python -m pytest -q -n $(TEST_JOBS) $(SPEC_UNIT_TESTS)

bench: $(STAMP) bytecode
	$(BIN)/python benchmarks/grade_assignments.py

clean:
	rm -rf $(VENV) $(STUDENT_VENV) build *.egg-info
