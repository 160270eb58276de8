"""django-otp's TOTP devices (keys in clear) become StaffTOTPDevices (keys encrypted with MAGIE_FIELD_KEYS); the
clear rows are deleted. Same user, name, confirmation, counters and throttle: nobody enrols again."""

from django.db import migrations

COPIED = ["user_id", "name", "confirmed", "step", "t0", "digits", "tolerance", "drift", "last_t",
          "throttling_failure_timestamp", "throttling_failure_count", "created_at", "last_used_at"]


def moved_encrypted(apps, schema_editor):
    Old = apps.get_model("otp_totp", "TOTPDevice")
    New = apps.get_model("staff_auth", "StaffTOTPDevice")
    for old in Old.objects.order_by("pk"):
        new = New.objects.create(key=old.key, **{name: getattr(old, name) for name in COPIED})
        New.objects.filter(pk=new.pk).update(created_at=old.created_at)  # auto_now_add set it to now
    Old.objects.all().delete()


def moved_back(apps, schema_editor):
    Old = apps.get_model("otp_totp", "TOTPDevice")
    New = apps.get_model("staff_auth", "StaffTOTPDevice")
    for new in New.objects.order_by("pk"):
        old = Old.objects.create(key=new.key.reveal(), **{name: getattr(new, name) for name in COPIED})
        Old.objects.filter(pk=old.pk).update(created_at=new.created_at)
    New.objects.all().delete()


class Migration(migrations.Migration):

    dependencies = [
        ("staff_auth", "0001_initial"),
        ("otp_totp", "0003_add_timestamps"),
    ]

    operations = [migrations.RunPython(moved_encrypted, moved_back)]
