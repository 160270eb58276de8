"""The guards' tables read off a fresh interpreter's heap, for `test_scan`: `python -m guards.tests.heap_tables`
prints, as JSON, what each check over them found.

A fresh interpreter, because a test session's heap also holds every pattern other tests made: the standard
library's tokenizer leaves its triple-quoted string pattern there once any test reads source code, and that pattern
alone takes tens of minutes on the 69,000-character draft below (it tries every position to the text's end). Here
the heap holds only what Django's start and the guards' `warm_up()` compile: the same tables, whatever ran before."""

import gc
import json
import os
import re


def texts() -> list[str]:
    from guards.normalise import normalised
    from guards.tests.helpers import facts_draft
    from guards.tests.test_adversarial import CASES
    from guards.tests.test_issue_examples import EXAMPLES
    from guards.text import folded

    drafts = [case.draft for case in CASES.values()] + [example.draft for example in EXAMPLES.values()]
    drafts += [facts_draft().draft, "Tap APPROVE or click [Aprovar] [Recusar]; fale no telegram @pix_ajuda, json api_key."]
    return [text for draft in drafts for text in dict.fromkeys((draft, folded(draft), normalised(draft)))]


def checks() -> dict[str, object]:
    from guards.runner import warm_up
    from guards.scan import led_by_first_characters, may_match, requirement_of, scan

    warm_up()  # every guard's tables compiled, in every language
    patterns = [p for p in gc.get_objects() if type(p) is re.Pattern and isinstance(p.pattern, str)]
    tables = [p for p in patterns if requirement_of(p) is not None]
    led = [(p, q) for p, q in ((p, led_by_first_characters(p)) for p in patterns) if q is not p]
    read = texts()
    return {
        "tables": len(tables),
        "led": len(led),
        "skipped_where_it_matches": [(p.pattern[:80], text[:80]) for p in tables for text in read
                                     if not may_match(p, text, min_length=0) and p.search(text)],
        "scan_differs": [(p.pattern[:80], text[:80]) for p in tables for text in read
                         if [m.span() for m in scan(p, text)] != [m.span() for m in p.finditer(text)]],
        "led_differs": [(p.pattern[:80], text[:80]) for p, q in led for text in read
                        if [(m.span(), m.groupdict()) for m in q.finditer(text)]
                        != [(m.span(), m.groupdict()) for m in p.finditer(text)]],
    }


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.test")
    import django

    django.setup()
    print(json.dumps(checks()))  # the last line: a logger may write to stdout before it
