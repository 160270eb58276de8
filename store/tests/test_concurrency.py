"""Reservations race on real connections: the row lock lets exactly as many through as there are units."""

import threading

from django.db import connection
from django_tenants.utils import tenant_context

from store import services
from store.errors import OutOfStock
from store.models import Product
from tenants.models import Organisation


def race(organisation, product_id: int, clients: int) -> list[str]:
    """`clients` threads, each on its own connection, try to reserve one unit at the same moment."""
    barrier = threading.Barrier(clients)
    outcomes: list[str] = []
    lock = threading.Lock()

    def client() -> None:
        connection.set_tenant(organisation)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
        try:
            connection.ensure_connection()  # connect first, so the clients reach the row together
            barrier.wait(timeout=10)
            services.product_reserve(product_id=product_id, quantity=1)
            outcome = "reserved"
        except OutOfStock as refused:
            outcome = refused.code
        except Exception as error:  # noqa: BLE001 — any other failure must show in the assertion
            outcome = repr(error)
        finally:
            connection.close()
        with lock:
            outcomes.append(outcome)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return sorted(outcomes)


def test_two_clients_race_for_the_last_unit_one_gets_it(committed):
    organisation = Organisation.objects.get(schema_name="demostore")
    with tenant_context(organisation):
        products = [services.product_create(sku=f"LAST-{n}", name=f"Último {n}", brand="Apple", price_cents=100,
                                            currency="ARS", stock=1) for n in range(10)]
    for product in products:  # several rounds, so an unlocked read-then-write would be caught
        assert race(organisation, product.pk, 2) == ["out_of_stock", "reserved"]
    with tenant_context(organisation):
        assert list(Product.objects.filter(sku__startswith="LAST-").values_list("stock", flat=True)) == [0] * 10


def test_eight_clients_race_for_three_units(committed):
    organisation = Organisation.objects.get(schema_name="demostore")
    with tenant_context(organisation):
        product = services.product_create(sku="THREE", name="Tres", brand="Apple", price_cents=100, currency="ARS",
                                          stock=3)
    assert race(organisation, product.pk, 8) == ["out_of_stock"] * 5 + ["reserved"] * 3
    with tenant_context(organisation):
        product.refresh_from_db()
        assert product.stock == 0
