"""`officebot eval`: a bundled question set run through the configured model and judged (docs/grounding.md)."""
