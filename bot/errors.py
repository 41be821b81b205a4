"""The errors that stop start-up, importable from every layer (this module imports nothing of OfficeBot).

Each one's message is one line saying what failed and what to do; `officebot` prints it and exits 2.
"""

from __future__ import annotations


class StartupError(Exception):
    """OfficeBot cannot start (or a command cannot run): one line, safe to print."""


class ConfigError(StartupError):
    """A setting is wrong or missing: one line naming the variable and how to fix it."""


class Unreachable(StartupError):
    """A service OfficeBot needs at start-up could not be reached (network, firewall, proxy, an outage):
    the settings may be right, so the line names what failed and what to check, not a variable to fix."""
