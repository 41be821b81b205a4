"""Leave requests' rules that need the calendar: a draft checked and counted (`validation.py`)."""
