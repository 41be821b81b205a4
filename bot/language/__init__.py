"""The bot's vocabulary, once: every word list, and the readers of numbers, years and dates, in Korean
and English, as data.

Whoever reads text (the question check in `core/question.py`, the offline model's `llm/reading.py`,
the statements' choice check, the phrasebook) builds its patterns from these lists, so a word added here is
understood the same way everywhere. Nothing here does I/O or knows about tools, Slack or the model.

    words.py    leave, amounts and their roles, quantities, hours, how-to, rules, greetings, thanks,
                people (titles, relations, surnames)
    numbers.py  number words and day amounts said in words (하루, 반차, two days)
    years.py    the years a text names (올해, 작년, 2024년, '24, FY24, ranges, "N years ago")
    dates.py    months, weekdays, dates and times (never leave amounts)
    script.py   which language a text is in
    accounted.py  the words that never change a leave question's figures (the offline model's check
                that a reading accounts for the whole question)
    clause_words.py  leave types, the holidays' everyday names, "the latest", the verbs of using leave
"""
