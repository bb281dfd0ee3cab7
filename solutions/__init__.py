"""Reference solutions. Trusted: imported by the judge only, never released or sent to a worker."""
