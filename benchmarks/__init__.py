"""The benchmark: `python -m bench`. See bench/__main__.py."""
