"""The Slack shell: Bolt listeners that translate Slack events to `Assistant.run_turn` and back."""
