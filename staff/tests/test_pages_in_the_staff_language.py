"""No English on a back office that is not English: every admin page (each list, add and change page of every table,
the index and app pages), the lockout page and the second-factor pages, read by the demobank admin in pt-BR (and the
school's in Catalan, the store's in Spanish), show none of the staff catalogue's English wording that the language
does not share, nor English words no such page holds; their <title> and <h1> are not the English page's."""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse
from django_tenants.utils import schema_context

from magie.admin_sites import backoffice_site
from staff.models import StaffProfile
from tenants.demo import DEMO_PASSWORD
from testing.organisations import signed_in

ORGANISATION = "Banco Demo"  # demobank's name, in every page's header
PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sd]|\{\w*\}")
# Words English shares with Portuguese in what these pages show as data, not wording: the roles' names (groups
# "admin", "agent", "auditor" are codes), and "Individual" and "status", Portuguese too.
SHARED = {"agent", "admin", "individual", "status"}
# English words that no Portuguese sentence holds: they catch wording that is in no catalogue at all.
ENGLISH_ONLY_WORDS = ("the", "and", "of", "with", "your", "this", "is", "are", "to", "for", "from", "by", "or",
                      "Add", "Change", "View", "Delete", "Save", "Search", "Filter", "Sign", "Code", "Key", "Verify",
                      "Enter", "Yes", "none", "Unknown", "select", "History", "Home", "Log", "Logout")
ENGLISH_ONLY_WORDS_BY_LANG = {"pt_BR": (*ENGLISH_ONLY_WORDS, "No"), "es": ENGLISH_ONLY_WORDS, "ca": ENGLISH_ONLY_WORDS}


def _strings(value) -> list[str]:
    return [value] if isinstance(value, str) else [part for part in value if part]


@cache
def catalogue(lang: str):
    with open(Path(settings.BASE_DIR) / "locale" / lang / "LC_MESSAGES" / "django.po", "rb") as handle:
        return read_po(handle, locale=lang)


@cache
def shared_phrases(lang: str = "pt_BR") -> tuple[str, ...]:
    """The wording that the language writes as English does ("Back office", "Pix"), longest first."""
    return tuple(sorted({message.id for message in catalogue(lang)
                         if isinstance(message.id, str) and message.id and message.string == message.id},
                        key=len, reverse=True))


@cache
def english_phrases(lang: str = "pt_BR") -> tuple[str, ...]:
    """The staff catalogue's English wording that its translation does not share, cut at its placeholders."""
    phrases = set()
    for message in catalogue(lang):
        if not message.id or message.context == "customer":
            continue
        translated = " ".join(_strings(message.string))
        for english in _strings(message.id):
            for fragment in PLACEHOLDER.split(english):
                fragment = fragment.strip(" .,:;()“”\"'!?…-→·")
                if (len(fragment) >= 3 and re.search(r"[a-z]{3}", fragment, re.I) and fragment.lower() not in SHARED
                        and not re.search(rf"(?<!\w){re.escape(fragment)}(?!\w)", translated, re.I)):
                    phrases.add(fragment)
    return tuple(sorted(phrases, key=len, reverse=True))


class VisibleText(HTMLParser):
    """What a reader sees: text outside <script>/<style>, plus titles, placeholders, labels and button values;
    the document's <title> and first <h1> apart. Machine text is left out: icons (their ligature names, "inbox"),
    and <pre>/<code> (a stored JSON document, a TOTP key), and a trace's `table.kv` (a tool's arguments and result,
    a preview's facts, a perception: stored JSON documents laid out as a table, their keys the records' own)."""

    SHOWN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt", "data-confirm")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden: list[str] = []  # open tags whose text nobody reads: scripts, styles, icons (ligature names)
        self.in_title = self.in_h1 = self.seen_h1 = False
        self.title = self.h1 = ""

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if (tag in ("script", "style", "pre", "code") or "material-symbols" in (attributes.get("class") or "")
                or (tag == "table" and "kv" in (attributes.get("class") or "").split())):
            self.hidden.append(tag)
        elif self.hidden and tag == self.hidden[-1]:
            self.hidden.append(tag)
        self.parts.extend(value for name, value in attrs if name in self.SHOWN_ATTRIBUTES and value)
        if tag == "input" and attributes.get("type") in ("submit", "button") and attributes.get("value"):
            self.parts.append(attributes["value"] or "")
        if tag == "title":
            self.in_title = True
        if tag == "h1" and not self.seen_h1:
            self.in_h1 = self.seen_h1 = True

    def handle_endtag(self, tag):
        if self.hidden and tag == self.hidden[-1]:
            self.hidden.pop()
        if tag == "title":
            self.in_title = False
        if tag == "h1":
            self.in_h1 = False

    def handle_data(self, data):
        if self.hidden:
            return
        if self.in_title:
            self.title += data
        if self.in_h1:
            self.h1 += data
        self.parts.append(data)


def read(html: str) -> VisibleText:
    parser = VisibleText()
    parser.feed(html)
    parser.title, parser.h1 = " ".join(parser.title.split()), " ".join(parser.h1.split())
    return parser


def phrase_trie(phrases: tuple[str, ...]) -> str:
    """The alternation of `phrases` written as a trie: the same strings, each shared beginning written once
    ("Add (?:user|group)" for "Add user|Add group"). The engine tries a plain alternation of thousands of phrases one
    by one at every position of a page (seconds a page); here it follows one branch of characters."""
    trie: dict = {}
    for phrase in phrases:
        node = trie
        for character in phrase:
            node = node.setdefault(character, {})
        node[""] = {}

    def written(node: dict) -> str:
        ends = "" in node
        branches = [re.escape(character) + written(child) for character, child in node.items() if character]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"
        return f"(?:{body})?" if ends else body

    return written(trie)


PHRASE_BEFORE, PHRASE_AFTER = r"(?<![\w@/-])", r"(?![\w@/-])"  # not inside a code ("ski-set") or an address


@cache
def english_pattern(lang: str = "pt_BR") -> re.Pattern[str]:
    """Every English phrase in one pattern, as a trie (`phrase_trie`): thousands of separate searches would each
    compile their own (beyond re's cache of 512), and one plain alternation of them is tried phrase by phrase at
    every position. A page the pattern finds nothing in holds no phrase."""
    return re.compile(rf"{PHRASE_BEFORE}(?:{phrase_trie(english_phrases(lang))}){PHRASE_AFTER}", re.I)


def english_in(text: str, lang: str = "pt_BR") -> list[str]:
    """The English phrases and words found in `text` (whole words, any case)."""
    found = []
    if english_pattern(lang).search(text):  # then name every phrase found, one search each
        found = [phrase for phrase in english_phrases(lang)
                 if re.search(rf"{PHRASE_BEFORE}{re.escape(phrase)}{PHRASE_AFTER}", text, re.I)]
    found += [word for word in ENGLISH_ONLY_WORDS_BY_LANG[lang] if re.search(rf"(?<![\w.@/-]){word}(?![\w.@/-])", text)]
    return found


def admin_pages(schema: str = "demobank") -> list[str]:
    """The index, each app's page, and every table's list, add page and the change page of its first row."""
    pages = ["/admin/", reverse("staff-language"), reverse("admin:password_change")]
    with schema_context(schema):
        for model in backoffice_site._registry:
            opts = model._meta
            pages.append(reverse("admin:app_list", args=[opts.app_label]))
            pages.append(reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"))
            pages.append(reverse(f"admin:{opts.app_label}_{opts.model_name}_add"))
            first = model._default_manager.order_by("pk").first()
            if first is not None:
                pages.append(reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[first.pk]))
    return list(dict.fromkeys(pages))


def problems_of(html: str, english_title: tuple[str, str] | None = None, lang: str = "pt_BR",
                organisation: str = ORGANISATION) -> dict:
    page = read(html)
    problems: dict[str, object] = {}
    found = english_in(" | ".join(page.parts), lang)
    if found:
        problems["english"] = found
    if english_title is not None:  # a title the English page has too is English, but for the words both share
        for name, shown, english in (("title", page.title, english_title[0]), ("h1", page.h1, english_title[1])):
            rest = shown.replace(organisation, " ")
            for phrase in shared_phrases(lang):
                rest = re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", " ", rest)
            if shown == english and re.search(r"[a-z]{3}", rest, re.I):
                problems[name] = shown
    return problems


@pytest.fixture
def admin_client(db):
    client = signed_in("demobank", "admin")
    connection.set_schema_to_public()
    return client


def set_language(language: str, schema: str = "demobank") -> None:
    with schema_context(schema):
        StaffProfile.objects.update_or_create(user=User.objects.get(username="admin"), defaults={"language": language})


def problems_beside_english(client, shown: dict[str, str], schema: str = "demobank", lang: str = "pt_BR",
                            organisation: str = ORGANISATION) -> dict[str, dict]:
    """The problems of each page of `shown` (url -> the page read in the staff's language), with the same page in
    English as the reference for its <title> and <h1>: the admin's language is changed once for every page."""
    set_language("en", schema)
    english = {url: read(client.get(url).content.decode()) for url in shown}
    set_language("", schema)
    failures = {}
    for url, html in shown.items():
        problems = problems_of(html, (english[url].title, english[url].h1), lang, organisation)
        if problems:
            failures[url] = problems
    return failures


# The bank in pt-BR; the school (Catalan) and the store (Spanish) show the tables a bank does not have.
@pytest.mark.parametrize(("schema", "lang", "content_language"), [("demobank", "pt_BR", "pt-br"),
                                                                  ("demoschool", "ca", "ca"),
                                                                  ("demostore", "es", "es")])
def test_every_admin_page_is_in_the_organisations_language(db, schema, lang, content_language):
    from tenants.models import Organisation

    organisation = Organisation.objects.get(schema_name=schema).name
    admin_client = signed_in(schema, "admin")
    connection.set_schema_to_public()
    pages = admin_pages(schema)
    assert len(pages) > 60  # every table is crawled (not an empty registry that passes anything)
    shown = {}  # every page in the organisation's language, then every one in English: one language change each
    set_language("", schema)
    for url in pages:
        response = admin_client.get(url)
        if response.status_code in (302, 403, 404):  # a page this admin may not open (a single-row table's add
            continue  # page), or a table of another kind of organisation (a school's, in a bank)
        assert response.status_code == 200, url
        assert response["Content-Language"] == content_language
        shown[url] = response.content.decode()
    failures = problems_beside_english(admin_client, shown, schema, lang, organisation)
    assert failures == {}, "\n".join(f"{url}: {problems}" for url, problems in failures.items())


# Who signs in, in the organisation's language: the bank's staff in pt-BR, the school's in Catalan, the store's in
# Spanish (an anonymous visitor, before any profile, reads the organisation's language).
SIGN_IN_READERS = pytest.mark.parametrize(("schema", "lang", "minutes"), [("demobank", "pt_BR", "15 minutos"),
                                                                           ("demoschool", "ca", "15 minuts"),
                                                                           ("demostore", "es", "15 minutos")])


@SIGN_IN_READERS
def test_the_lockout_page_is_in_the_organisations_language(db, schema, lang, minutes):
    client = Client(HTTP_HOST=f"{schema}.localhost", REMOTE_ADDR="10.7.7.7")
    for attempt in range(settings.MAGIE_LOGIN_FAILURE_LIMIT):
        locked = client.post("/admin/login/", {"username": "agent", "password": f"wrong-{attempt}"})
    assert locked.status_code == 429
    page = read(locked.content.decode())
    assert problems_of(locked.content.decode(), lang=lang) == {} and minutes in " ".join(page.parts)


@SIGN_IN_READERS
def test_the_login_page_is_in_the_organisations_language(db, schema, lang, minutes):
    response = Client(HTTP_HOST=f"{schema}.localhost").get("/admin/login/")
    assert response.status_code == 200 and problems_of(response.content.decode(), lang=lang) == {}
    refused = Client(HTTP_HOST=f"{schema}.localhost").post("/admin/login/", {"username": "admin", "password": "no"})
    assert refused.status_code == 200 and problems_of(refused.content.decode(), lang=lang) == {}


@SIGN_IN_READERS
def test_the_second_factor_pages_are_in_the_organisations_language(db, schema, lang, minutes):
    from staff_auth.models import StaffTOTPDevice as TOTPDevice

    client = Client(HTTP_HOST=f"{schema}.localhost")
    client.post("/admin/login/", {"username": "admin", "password": DEMO_PASSWORD})
    enrol = client.get("/admin/second-factor/?next=/admin/")
    assert enrol.status_code == 200 and 'class="qr"' in enrol.content.decode()
    assert problems_of(enrol.content.decode(), lang=lang) == {}
    wrong = client.post("/admin/second-factor/", {"otp_token": "12", "next": "/admin/"})
    assert wrong.status_code == 400 and problems_of(wrong.content.decode(), lang=lang) == {}
    with schema_context(schema):
        TOTPDevice.objects.filter(user__username="admin").update(confirmed=True)
    ask = client.get("/admin/second-factor/?next=/admin/")
    assert ask.status_code == 200 and 'class="qr"' not in ask.content.decode()
    assert problems_of(ask.content.decode(), lang=lang) == {}
    from django_otp.oath import TOTP

    with schema_context(schema):
        device = TOTPDevice.objects.get(user__username="admin")
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    assert client.post("/admin/second-factor/", {"otp_token": f"{totp.token():06d}", "next": "/admin/"}).status_code == 302
    for page in (client.get("/admin/second-factor/recovery-codes/"),  # how many are left, then a new set shown once
                 client.post("/admin/second-factor/recovery-codes/", {"next": "/admin/"})):
        assert page.status_code == 200 and problems_of(page.content.decode(), lang=lang) == {}


def test_the_check_sees_english(admin_client):
    """The check itself fails on English: a page with a table's English name, or an English sentence, fails."""
    assert english_in("Lista de contas · Pix transfers")
    assert english_in("Entre com o código: enter the code")
    assert not english_in("Transferências Pix do cliente, com o código de 6 dígitos")


def test_every_table_column_hint_and_choice_is_in_portuguese(db):
    """Tables with no row in the demo (so no change page to crawl) are named in Portuguese too: every registered
    table's name, its columns' names and hints, and their choices."""
    from django.utils import translation

    english = {}
    with translation.override("pt-br"):
        for model in backoffice_site._registry:
            opts = model._meta
            words = [opts.verbose_name, opts.verbose_name_plural, opts.app_config.verbose_name]
            for field in [*opts.fields, *opts.many_to_many]:
                words += [field.verbose_name, field.help_text, *(label for _value, label in field.flatchoices)]
            found = english_in(" | ".join(str(word) for word in words if word))
            if found:
                english[opts.label] = found
    assert english == {}, "\n".join(f"{table}: {found}" for table, found in english.items())


def staff_pages(schema: str = "demobank") -> list[str]:
    """The inbox (queue, list, a chat), the dashboard and the traces of an ask, a conversation and a transfer."""
    from asks.models import Ask
    from conversations.models import Conversation
    from inbox.models import Escalation

    pages = [reverse("inbox:queue"), reverse("inbox:list"), reverse("workspace:dashboard")]
    with schema_context(schema):
        ask = Ask.objects.order_by("pk").first()
        conversation = Conversation.objects.order_by("pk").first()
        escalation = Escalation.objects.order_by("pk").first()
        if ask is not None:
            pages.append(reverse("workspace:trace_ask", args=[ask.pk]))
        if conversation is not None:
            pages.append(reverse("workspace:trace_conversation", args=[conversation.pk]))
        if escalation is not None:
            pages.append(reverse("inbox:detail", args=[escalation.pk]))
    return pages


def test_the_inbox_and_workspace_pages_are_in_portuguese(demobank):
    """The pages outside the admin, with rows to show: a Pix sent through a turn (its ask, approval and transfer),
    a chat escalated to people; each read in pt-BR, with the English page's <title> and <h1> as the reference."""
    from inbox.tests.helpers import chat_make, escalation_make
    from workspace.tests.helpers import pix_sent

    pix_sent()
    # As a turn writes it for a Portuguese chat: the guard's code and evidence, the drafts in the customer's language.
    escalation_make(chat_make(), guard="internal_vocabulary", evidence={"evidence": ["SPB-Core"]},
                    drafts=["Seu Pix passou pelo SPB-Core.", "O SPB-Core confirmou o seu Pix."])
    pages = staff_pages()
    connection.set_schema_to_public()
    client = signed_in("demobank", "admin")
    connection.set_schema_to_public()
    assert len(pages) == 6  # the ask's and the conversation's traces and the chat are crawled too
    shown = {}  # every page in pt-BR, then every one in English: one language change each
    set_language("")
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        shown[url] = response.content.decode()
    failures = problems_beside_english(client, shown)
    assert failures == {}, "\n".join(f"{url}: {problems}" for url, problems in failures.items())


@pytest.mark.parametrize("lang", ["pt_BR", "es", "ca"])
def test_the_english_pattern_finds_what_the_plain_alternation_of_its_phrases_finds(lang):
    """The trie (`phrase_trie`) against the plain alternation of every phrase: each phrase said as it is, in capitals,
    cut short, run on into a word, inside a code or an address, and two said together."""
    phrases = english_phrases(lang)
    plain = re.compile(rf"{PHRASE_BEFORE}(?:{'|'.join(map(re.escape, phrases))}){PHRASE_AFTER}", re.I)
    trie = english_pattern(lang)
    assert len(phrases) > 500 and trie.pattern != plain.pattern
    texts = []
    for phrase, other in zip(phrases, phrases[1:] + phrases[:1], strict=True):
        texts += [f"Lista: {phrase}.", phrase.upper(), phrase[:-1], f"{phrase}s", f"x-{phrase}", f"{phrase}@x.com",
                  f"{phrase} {other}", f"{phrase[:len(phrase) // 2]} {other}"]
    found = [bool(trie.search(text)) for text in texts]
    assert found == [bool(plain.search(text)) for text in texts]
    assert any(found) and not all(found)
