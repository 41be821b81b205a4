"""A question answered in Slack: recorded, shown as working, answered through the agent loop, posted or streamed, its thread's conversation."""
