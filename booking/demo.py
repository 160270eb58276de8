"""Demo data of a mountain-sports school (Andorra): 3 activities, 3 instructors, gear, 14 days of slots.

Idempotent and quick (bulk inserts that skip what exists, about a dozen queries), because tests re-seed it after
every transactional test. Some slots are nearly full or full, so conflicts and alternatives show at once:
tomorrow's 09:00 ski lesson has exactly one place left, tomorrow's 09:00 climbing is full.

"Tomorrow" is the seeding day's: seeded again on a later day, the demo is laid out from that day, and the demo
bookings of an earlier seeding still to come are removed (`DEMO_CUSTOMER_SEED`), so the demo reads the same
whatever day it was first seeded on (a school seeded at 23:00 and read at 00:30 had tomorrow's 09:00 snowshoeing
nearly full, the layout of the day after).
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.utils import timezone

from booking.models import Activity, ActivityEquipment, Booking, CustomerToken, EquipmentType, Instructor, TimeSlot
from magie.tenancy import tenancy_current
from magie.tokens import token_digest

DEMO_DAYS = 14
DEMO_CUSTOMER_TOKEN = "demoschool-customer-token"  # demo only, like the demo passwords
DEMO_CUSTOMER_REF = "demo-customer"
DEMO_CUSTOMER_SEED = "demo-seed"  # the customer_ref of the demo's own bookings (DEMO_BOOKINGS)

EQUIPMENT = [  # slug, name, stock
    ("ski-set", "Equip d'esquí (esquís, botes, bastons)", 6),
    ("harness", "Arnès", 4),
    ("helmet", "Casc", 8),
    ("snowshoes", "Raquetes", 10),
]
ACTIVITIES = [  # slug, names, price_cents, duration, {equipment slug: per person}
    ("ski", {"ca": "Esquí alpí", "es": "Esquí alpino", "en": "Alpine skiing", "pt-BR": "Esqui alpino"}, 4500,
     timedelta(hours=3), {"ski-set": 1}),
    ("climbing", {"ca": "Escalada", "es": "Escalada", "en": "Climbing", "pt-BR": "Escalada"}, 3500,
     timedelta(hours=3), {"harness": 1, "helmet": 1}),
    ("snowshoeing", {"ca": "Raquetes de neu", "es": "Raquetas de nieve", "en": "Snowshoeing",
                     "pt-BR": "Caminhada com raquetes"}, 2500, timedelta(hours=2, minutes=30), {"snowshoes": 1}),
]
INSTRUCTORS = [  # name, activity slugs
    ("Jordi Pujol", ["ski", "snowshoeing"]),
    ("Marta Vidal", ["climbing", "snowshoeing"]),
    ("Pau Serra", ["ski"]),
]
# Each day: (local start, activity slug, instructor name, capacity)
DAILY_SLOTS = [
    (time(9, 0), "ski", "Pau Serra", 6),
    (time(9, 0), "climbing", "Marta Vidal", 4),
    (time(9, 0), "snowshoeing", "Jordi Pujol", 8),
    (time(15, 0), "ski", "Jordi Pujol", 6),
    (time(15, 0), "climbing", "Marta Vidal", 4),
    (time(15, 0), "snowshoeing", "Pau Serra", 8),
]
# (days after the seeding day, local start, activity slug, places booked, customer name)
DEMO_BOOKINGS = [
    (1, time(9, 0), "ski", 5, "Família Casals"),  # one place left
    (1, time(9, 0), "climbing", 4, "Club Excursionista"),  # full
    (1, time(15, 0), "ski", 2, "Anna Font"),
    (2, time(9, 0), "snowshoeing", 7, "Escola Sant Julià"),  # one place left
]


def _seeding_day(tz: ZoneInfo) -> date:
    return timezone.now().astimezone(tz).date()


def _seed_key(start: datetime, slug: str) -> str:
    """The idempotency key of a demo booking: its start and activity, so each layout's bookings are its own."""
    return f"seed-{start.isoformat()}-{slug}"


def _zone(organisation: object) -> ZoneInfo:
    return ZoneInfo(getattr(organisation, "time_zone", None) or tenancy_current().time_zone)


def laid_out_today(organisation: object) -> bool:
    """Whether the current schema's demo is laid out from today in the school's zone (its first demo booking is
    today's layout's): a database seeded on an earlier day, or before midnight in the school's zone, is not."""
    tz = _zone(organisation)
    offset, start_time, slug, _, _ = DEMO_BOOKINGS[0]
    start = datetime.combine(_seeding_day(tz) + timedelta(days=offset), start_time, tzinfo=tz)
    return Booking.objects.filter(customer_ref=DEMO_CUSTOMER_SEED, idempotency_key=_seed_key(start, slug)).exists()


def seed_school(organisation: object) -> None:
    """Seed the current schema (the caller is inside the organisation's tenant_context)."""
    tz = _zone(organisation)
    currency = getattr(organisation, "currency", None) or "EUR"
    language = getattr(organisation, "language", None) or "ca"

    EquipmentType.objects.bulk_create(
        [EquipmentType(slug=slug, name=name, stock=stock) for slug, name, stock in EQUIPMENT],
        ignore_conflicts=True,
    )
    equipment = dict(EquipmentType.objects.values_list("slug", "pk"))
    Activity.objects.bulk_create(
        [Activity(slug=slug, name=names.get(language) or names["en"], names=names, price_cents=price,
                  currency=currency, duration=duration) for slug, names, price, duration, _ in ACTIVITIES],
        ignore_conflicts=True,
    )
    activities = {a.slug: a for a in Activity.objects.filter(slug__in=[a[0] for a in ACTIVITIES])}
    ActivityEquipment.objects.bulk_create(
        [ActivityEquipment(activity=activities[slug], equipment_type_id=equipment[gear], quantity=quantity)
         for slug, _, _, _, gear_needs in ACTIVITIES for gear, quantity in gear_needs.items()],
        ignore_conflicts=True,
    )
    existing = dict(Instructor.objects.filter(name__in=[i[0] for i in INSTRUCTORS]).values_list("name", "pk"))
    Instructor.objects.bulk_create([Instructor(name=name) for name, _ in INSTRUCTORS if name not in existing])
    instructors = dict(Instructor.objects.filter(name__in=[i[0] for i in INSTRUCTORS]).values_list("name", "pk"))
    Instructor.activities.through.objects.bulk_create(
        [Instructor.activities.through(instructor_id=instructors[name], activity_id=activities[slug].pk)
         for name, slugs in INSTRUCTORS for slug in slugs],
        ignore_conflicts=True,
    )

    first_day = _seeding_day(tz)
    slots = []
    for offset in range(DEMO_DAYS):
        day = first_day + timedelta(days=offset)
        for start_time, slug, instructor, capacity in DAILY_SLOTS:
            start = datetime.combine(day, start_time, tzinfo=tz)
            slots.append(TimeSlot(activity=activities[slug], instructor_id=instructors[instructor], start=start,
                                  end=start + activities[slug].duration, capacity=capacity))
    TimeSlot.objects.bulk_create(slots, ignore_conflicts=True)  # unique (instructor, start): never twice

    wanted = {}
    for offset, start_time, slug, places, customer in DEMO_BOOKINGS:
        start = datetime.combine(first_day + timedelta(days=offset), start_time, tzinfo=tz)
        wanted[(start, activities[slug].pk)] = (places, customer, _seed_key(start, slug))
    now = timezone.now()
    keys = [key for _, _, key in wanted.values()]
    # an earlier seeding's bookings still to come (not today's layout; none a customer paid through a link)
    Booking.objects.filter(customer_ref=DEMO_CUSTOMER_SEED, slot__start__gt=now, payment_links__isnull=True).exclude(
        idempotency_key__in=keys).delete()
    found = TimeSlot.objects.filter(
        start__in={start for start, _ in wanted}, activity_id__in={pk for _, pk in wanted}
    ).select_related("activity")
    Booking.objects.bulk_create(
        [Booking(slot=slot, customer_ref=DEMO_CUSTOMER_SEED, customer_name=customer, party_size=places,
                 amount_cents=slot.activity.price_cents * places, currency=slot.activity.currency,
                 status=Booking.Status.PAID, idempotency_key=key, created_at=now, paid_at=now)
         for slot in found if (slot.start, slot.activity_id) in wanted
         for places, customer, key in [wanted[(slot.start, slot.activity_id)]]],
        ignore_conflicts=True,  # unique (customer_ref, idempotency_key): each demo booking once
    )
    CustomerToken.objects.get_or_create(
        key=token_digest(DEMO_CUSTOMER_TOKEN), defaults={"customer_ref": DEMO_CUSTOMER_REF, "customer_name": "Client de prova"}
    )
