"""OfficeBot: a Slack bot that answers annual-leave questions through Claude tool use."""

__version__ = "0.1.0"
