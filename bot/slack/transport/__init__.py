"""How the bot talks to Slack: the Web API client and its rate limits, Socket Mode and HTTP, the worker loop, the runner."""
