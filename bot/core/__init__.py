"""The pure core: the tool-use loop, its trace and its prompt. Knows nothing of Slack."""
