"""Debian's Chromium, headless, for tests that look at pages as a person would."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"

# `make test` installs Debian's browser; in CI a missing browser is a failure, not a skip.
needs_chromium = pytest.mark.skipif(
    not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)) and not os.environ.get("CI"),
    reason="Debian's chromium and chromium-driver are required: `make test` installs them",
)


def start_chromium(profile: Path, log_requests: bool = False):
    """Headless Chromium. `log_requests`: every request a page makes is in `driver.get_log("performance")`
    (`Network.requestWillBeSent`), and no host name resolves but 127.0.0.1, so nothing reaches the network."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--window-size=1400,1000", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    if log_requests:
        options.add_argument("--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", **({"performance": "ALL"} if log_requests else {})})
    os.environ["SE_OFFLINE"] = "true"  # never let Selenium look for a driver on the network
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
