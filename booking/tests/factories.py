"""Small builders for booking rows in the current schema (times are local to Europe/Andorra, the demo school's)."""

from __future__ import annotations

import itertools
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.utils import timezone

from booking.models import Activity, ActivityEquipment, EquipmentType, Instructor, TimeSlot

TZ = ZoneInfo("Europe/Andorra")
_seq = itertools.count(1)


def local(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute), tzinfo=TZ)


def future_day(days: int = 30) -> date:
    """A day far enough ahead to be clear of the demo slots (which cover 14 days)."""
    return timezone.now().astimezone(TZ).date() + timedelta(days=days)


def equipment(stock: int, slug: str | None = None) -> EquipmentType:
    n = next(_seq)
    return EquipmentType.objects.create(slug=slug or f"gear-{n}", name=f"Gear {n}", stock=stock)


def activity(*, price_cents: int = 3000, needs: dict[EquipmentType, int] | None = None,
             duration: timedelta = timedelta(hours=3), slug: str | None = None) -> Activity:
    n = next(_seq)
    made = Activity.objects.create(slug=slug or f"act-{n}", name=f"Activity {n}", names={"ca": f"Activitat {n}"},
                                   price_cents=price_cents, currency="EUR", duration=duration)
    for gear, quantity in (needs or {}).items():
        ActivityEquipment.objects.create(activity=made, equipment_type=gear, quantity=quantity)
    return made


def instructor(*teaches: Activity) -> Instructor:
    made = Instructor.objects.create(name=f"Instructor {next(_seq)}")
    made.activities.set(teaches)
    return made


def slot(act: Activity, teacher: Instructor, start: datetime, *, capacity: int = 4,
         duration: timedelta | None = None) -> TimeSlot:
    return TimeSlot.objects.create(activity=act, instructor=teacher, start=start, end=start + (duration or act.duration),
                                   capacity=capacity)
