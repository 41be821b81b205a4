"""The one exception a tool raises on purpose."""


class ToolError(Exception):
    """An expected failure whose message is safe to give the model as an `is_error` tool_result."""
