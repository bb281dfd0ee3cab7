"""The capabilities a JAX exercise never needs, by the names the standard library gives them: one table
for the judge's reading of the source (`graders/judge/source/tripwires.py`, names as written) and the
worker's look at what the submission's code calls (`graders/worker/capability_calls.py`, objects as
called), so the two never disagree on what a capability is.

Each entry's value is the kind of capability, as the judge words it for review (`review.kind.*`).
"""

from __future__ import annotations

__all__ = ["CAPABILITY_FUNCTIONS", "CAPABILITY_MODULES", "QUERIES"]

# Modules whose every name is a capability: using any of them trips (importing does not).
CAPABILITY_MODULES = {
    "ctypes": "native", "_ctypes": "native", "cffi": "native",
    "threading": "thread", "_thread": "thread", "concurrent": "thread", "multiprocessing": "thread",
    # Its global state (the loop policy, the running loop, a loop's scheduled callbacks) is kept where no
    # snapshot reads it: red team, session 24, kept counters there once asyncio was narrowed to what it
    # starts. What it starts keeps the kind below (a subprocess is a process).
    "asyncio": "thread",
    "signal": "signal",
    "subprocess": "process", "pty": "process", "_posixsubprocess": "process", "posix": "process",
    "socket": "network", "_socket": "network", "ssl": "network", "select": "network", "selectors": "network",
    "mmap": "descriptor", "fcntl": "descriptor", "termios": "descriptor",
    "marshal": "dynamic",
    # The terminal's line history, kept in the C library: no exercise edits a command line.
    "readline": "registry",
}

# Functions of harmless modules that are not harmless.
_OS_DESCRIPTORS = {"dup", "dup2", "pipe", "pipe2", "write", "read", "open", "close", "closerange", "fdopen",
                   "set_inheritable", "set_blocking", "sendfile", "splice", "lseek", "pread", "pwrite", "readv",
                   "writev", "openpty", "memfd_create", "eventfd", "ftruncate", "fstat"}
_OS_PROCESSES = {"fork", "forkpty", "kill", "killpg", "system", "popen", "_exit", "abort", "setsid", "setpgid",
                 "setpgrp", "register_at_fork", "login_tty", "execv", "execve", "execl", "execle", "execlp",
                 "execlpe", "execvp", "execvpe", "spawnv", "spawnve", "spawnl", "spawnle", "spawnlp", "spawnlpe",
                 "spawnvp", "spawnvpe", "posix_spawn", "posix_spawnp", "wait", "waitpid", "nice", "putenv",
                 "unsetenv", "sched_setaffinity", "sched_setscheduler", "sched_setparam", "setpriority"}
CAPABILITY_FUNCTIONS = {
    **{f"os.{name}": "descriptor" for name in _OS_DESCRIPTORS},
    **{f"os.{name}": "process" for name in _OS_PROCESSES},
    **{f"sys.{name}": "introspection" for name in ("_getframe", "_current_frames", "settrace", "setprofile",
                                                   "addaudithook", "_clear_type_cache")},
    # The interpreter's thread switch interval, kept for the whole process (it paces the worker's own threads).
    "sys.setswitchinterval": "registry",
    # Frames and closures reached by inspect's and traceback's readers too: a closure's variables
    # (`getclosurevars`), a frame's locals (`getargvalues` on a frame that `walk_stack` hands out) (red team,
    # session 34: the grader's own objects read and changed in the worker).
    **{f"inspect.{name}": "introspection" for name in ("currentframe", "stack", "getouterframes",
                                                       "getinnerframes", "trace", "getclosurevars",
                                                       "getargvalues")},
    **{f"traceback.{name}": "introspection" for name in ("walk_stack", "walk_tb")},
    **{f"gc.{name}": "introspection" for name in ("get_objects", "get_referrers", "get_referents", "freeze",
                                                  "disable", "callbacks")},
    # A process's limits set anew (the worker's own are set before any student code runs); reading them,
    # or the memory used so far (`resource.getrusage(resource.RUSAGE_SELF).ru_maxrss`), is a question.
    **{f"resource.{name}": "descriptor" for name in ("setrlimit", "prlimit")},
    # What asyncio can start besides coroutines, by the kind of what it starts.
    **{f"asyncio.{name}": "thread" for name in ("to_thread", "run_coroutine_threadsafe")},
    **{f"asyncio.{name}": "process" for name in ("create_subprocess_exec", "create_subprocess_shell",
                                                  "subprocess")},
    **{f"asyncio.{name}": "network" for name in ("open_connection", "start_server", "open_unix_connection",
                                                  "start_unix_server")},
    # Registries the interpreter or the C library keeps for the whole process, which no snapshot reads:
    # what is added to one at a call is there at the next (red team, session 25).
    **{f"atexit.{name}": "registry" for name in ("register", "unregister", "_ncallbacks", "_run_exitfuncs",
                                                 "_clear")},
    **{f"codecs.{name}": "registry" for name in ("register", "register_error", "unregister")},
    "sys.intern": "registry",
    "copyreg.pickle": "registry",
    # A module loaded from a file the cells name at run time (often one they wrote themselves): its functions
    # are no cell's, so the grader's reading of the submission's code does not follow them (round 49).
    **{f"importlib.util.{name}": "dynamic" for name in ("spec_from_file_location", "spec_from_loader",
                                                        "module_from_spec")},
    **{f"importlib.machinery.{name}": "dynamic" for name in ("SourceFileLoader", "SourcelessFileLoader",
                                                             "ExtensionFileLoader")},
    **{f"runpy.{name}": "dynamic" for name in ("run_path", "run_module")},
    # PEP 669: a callback of the student's on every call, with the called object (the runtime's own methods,
    # and through them their objects) in hand.
    **{f"sys.monitoring.{name}": "introspection" for name in ("use_tool_id", "free_tool_id", "register_callback",
                                                              "set_events", "set_local_events",
                                                              "restart_events")},
}

# Questions those modules answer without starting anything.
QUERIES = frozenset({"multiprocessing.cpu_count", "threading.current_thread", "threading.get_ident",
                      "threading.active_count", "threading.main_thread"})
