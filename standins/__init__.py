"""Loopback stand-ins for the services OfficeBot talks to (Messages API, Slack), for tests and the benchmark.

They listen on 127.0.0.1 only and are driven through the real anthropic and slack-sdk clients.
"""
