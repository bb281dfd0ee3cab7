"""Hangs while being imported, deaf to SIGTERM and SIGINT."""
import signal

signal.signal(signal.SIGTERM, signal.SIG_IGN)
signal.signal(signal.SIGINT, signal.SIG_IGN)
while True:
    pass
