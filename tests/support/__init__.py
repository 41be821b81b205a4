"""What the tests share: loopback stand-ins for Slack and the Messages API, the Slack fixtures, test-only
ports (an in-memory audit sink, stores that fail), and one way to run `officebot` in a process."""
