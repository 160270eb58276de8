"""Each staff member reads the back office in their profile's language, else their organisation's; dates in the
organisation's time zone and the reader's locale; money as the reader writes it."""

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django_tenants.utils import schema_context

from staff.models import StaffProfile
from tenants.models import PolicyVersion
from testing.organisations import signed_in


@pytest.mark.parametrize(("schema", "lang", "word"), [("demobank", "pt-br", "Políticas"),
                                                      ("demoschool", "ca", "Polítiques"),
                                                      ("demostore", "es", "Políticas")])
def test_staff_read_their_organisations_language_by_default(db, schema, lang, word):
    response = signed_in(schema, "admin").get("/admin/")
    assert response["Content-Language"] == lang
    assert f'lang="{lang}"' in response.content.decode() and word in response.content.decode()


def test_a_profile_language_wins_over_the_organisations(db):
    with schema_context("demobank"):
        StaffProfile.objects.create(user=User.objects.get(username="auditor"), language="en")
    english = signed_in("demobank", "auditor").get("/admin/")
    assert english["Content-Language"] == "en" and "Conversations &amp; Asks" in english.content.decode()
    portuguese = signed_in("demobank", "admin").get("/admin/")  # the others keep the bank's language
    assert portuguese["Content-Language"] == "pt-br" and "Conversas e pedidos" in portuguese.content.decode()


def test_the_platform_follows_the_browser(db, host_client):
    response = host_client(None).get("/admin/login/", HTTP_ACCEPT_LANGUAGE="ca")
    assert response["Content-Language"] == "ca"


def test_dates_are_in_the_organisations_time_zone_and_the_readers_locale(demobank):
    version = PolicyVersion.objects.get(organisation=demobank, number=1)
    PolicyVersion.objects.filter(pk=version.pk).update(changed_at=datetime(2026, 12, 1, 2, 30, tzinfo=UTC))
    page = signed_in("demobank", "admin").get("/admin/tenants/policyversion/").content.decode()
    assert "30 de Novembro de 2026 às 23:30" in page  # 02:30 UTC is 23:30 the day before in São Paulo


def test_amounts_in_lists_are_written_as_the_reader_writes_money(demobank):
    page = signed_in("demobank", "admin").get("/admin/bank/account/").content.decode()
    assert "R$\xa05.000,00" in page  # Carla's balance, not 500000
    assert "Liquidação (Pix enviados a outros bancos)" in page and "Saldo" in page  # states and columns too
    with schema_context("demobank"):
        StaffProfile.objects.create(user=User.objects.get(username="auditor"), language="en")
    assert "R$5,000.00" in signed_in("demobank", "auditor").get("/admin/bank/account/").content.decode()


def test_any_member_chooses_their_own_language(db):
    client = signed_in("demobank", "agent")
    page = client.get("/admin/language/")
    assert page.status_code == 200 and "Seu idioma" in page.content.decode()
    assert client.post("/admin/language/", {"language": "es"}).status_code == 302
    assert client.get("/admin/")["Content-Language"] == "es"
    client.post("/admin/language/", {"language": ""})  # back to the organisation's
    assert client.get("/admin/")["Content-Language"] == "pt-br"
    assert client.post("/admin/language/", {"language": "fr"}).status_code == 200  # not one of the four


def test_signed_out_visitors_are_sent_to_the_login(db, host_client):
    assert host_client("demobank").get("/admin/language/").status_code == 302


def test_the_staff_labels_need_no_migration():
    """The labels are applied when a web handler loads, so `makemigrations` (its own process) sees none."""
    import os
    import subprocess
    import sys

    from django.conf import settings

    result = subprocess.run([sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"],
                            cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=120,
                            env=os.environ | {"DJANGO_SETTINGS_MODULE": "magie.settings.base",
                                              "MAGIE_DEPLOYMENT": "development"})
    assert result.returncode == 0 and "No changes detected" in result.stdout, result.stdout + result.stderr


def test_escalations_say_why_in_the_staffs_words(demobank):
    from conversations.models import Conversation, Customer
    from inbox.services import escalation_open

    customer = Customer.objects.get(channel_user_id="5511999990001")
    conversation = Conversation.objects.filter(customer=customer).first() or Conversation.objects.create(
        customer=customer)
    escalation_open(conversation_id=conversation.pk, ask_id=None, guard="unsupported_amount",
                    evidence=None, drafts=["R$ 999"])
    page = signed_in("demobank", "agent").get("/admin/inbox/escalation/").content.decode()
    assert "Valores sem dados que os sustentem" in page and "abrir na caixa de entrada" in page


def test_school_lists_show_times_in_its_zone_and_catalan_and_durations_in_words(demoschool):
    """The school (Europe/Madrid, Catalan): a booking's time slot in the school's time zone and Catalan date format
    (not the stored UTC), its amount in euros as Catalan writes them; an activity's duration in words."""
    from zoneinfo import ZoneInfo

    from django.utils import translation
    from django.utils.formats import date_format

    from booking.models import Activity, Booking

    booking = Booking.objects.select_related("slot").order_by("pk").first()
    assert booking is not None and ZoneInfo(demoschool.time_zone).utcoffset(booking.slot.start.replace(tzinfo=None))
    with translation.override("ca"):
        local = date_format(booking.slot.start.astimezone(ZoneInfo(demoschool.time_zone)), "SHORT_DATETIME_FORMAT")
        utc = date_format(booking.slot.start.astimezone(UTC), "SHORT_DATETIME_FORMAT")
    Activity.objects.filter(slug="snowshoeing").update(duration=timedelta(hours=2, minutes=30))
    client = signed_in("demoschool", "admin")
    bookings = client.get("/admin/booking/booking/").content.decode()
    assert local in bookings and utc not in bookings
    assert "€" in bookings and re.search(r"\d+,\d\d\xa0€", bookings)  # "175,00 €"
    activities = client.get("/admin/booking/activity/").content.decode()
    assert "3 hores" in activities and "2 h 30 min" in activities and "3:00:00" not in activities
