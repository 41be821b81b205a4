"""What OfficeBot says to a person, in Korean and English: the plain phrases (`phrases.py`) and the
answers composed from lookups (`answers.py`), and the sentence each statement of an answer is written as
(`sentences.py`, bot/grounding/statements.py).

`from bot import text` gives both: `text.WORKING`, `text.is_korean(...)`, `text.results_answer(...)`.
"""

from __future__ import annotations

from bot.language.script import is_korean as is_korean  # which language to answer in
from bot.text.answers import *  # noqa: F403  (answers composed from lookups)
from bot.text.phrases import *  # noqa: F403  (the phrasebook, by name)
