"""One module per schema revision."""
