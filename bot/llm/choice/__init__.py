"""The offline model's own check of its choice of statements: rules, since it has no model to judge it."""
