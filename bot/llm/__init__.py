"""The model side: the Anthropic client, real or offline."""
