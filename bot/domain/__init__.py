"""The values OfficeBot trades in: who is asking, leave, how a lookup ended. Values only, no I/O."""
