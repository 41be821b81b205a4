"""The Home tab by role (everyone, manager, HR), HR's chart and uploads, and the calendar feed."""
