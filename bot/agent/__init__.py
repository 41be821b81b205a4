"""The agent loop: the model requests tools, our code runs them for the asker and answers with the results (docs/lesson.md)."""
