"""The number check: the final answer names its figures, code evaluates and writes them, and a small check decides it may be posted (docs/grounding.md)."""
