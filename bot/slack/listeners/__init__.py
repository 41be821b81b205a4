"""One module per Slack surface: direct messages, mentions in channels, the `/leave` command."""
