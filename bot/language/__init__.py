"""Every word list and reader of numbers, dates and years, per language, as data: one copy for the
offline model, question reading, grounding and the prompt."""
