"""Whether two words are one slip of the finger apart: one letter changed, added, dropped or two swapped in
English; one syllable changed, its initial consonant kept, in Korean. Apart from the coverage check, which
asks it of relative-year words (작넌, "yaer"), because it is plain string distance and knows no vocabulary.
"""

from __future__ import annotations


def one_edit(a: str, b: str) -> bool:
    """One letter changed, added or dropped (two swapped) in English; in Korean, one syllable changed
    whose initial consonant stays (작녕, 쟉년: a slip of the finger, where 내가 or 전에 is another word)."""
    if a[:1] != b[:1] and not _is_hangul(a + b):
        return False
    if _is_hangul(a + b):
        if len(a) != len(b):
            return False
        diffs = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diffs) == 1 and _initial(a[diffs[0]]) == _initial(b[diffs[0]])
    if abs(len(a) - len(b)) > 1 or min(len(a), len(b)) < 3:
        return False
    if len(a) == len(b):
        diffs = [i for i in range(len(a)) if a[i] != b[i]]
        swapped = len(diffs) == 2 and diffs[1] == diffs[0] + 1 and a[diffs[0]] == b[diffs[1]]
        return len(diffs) == 1 or (swapped and a[diffs[1]] == b[diffs[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def _is_hangul(text: str) -> bool:
    return all("가" <= c <= "힣" for c in text)


def _initial(syllable: str) -> int:
    return (ord(syllable) - ord("가")) // 588
