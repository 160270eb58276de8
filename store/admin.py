"""Back-office pages of the store (only in organisations of kind "store"): products, buying prices, quotes.

Saving goes through the services, like every other write. Quotes are a record: nobody adds, changes or deletes
them here. A warranty with no data on record shows as "—"; an explicit 0 shows as "0 (none)".
"""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from unfold.admin import ModelAdmin

from magie.admin_readonly import ReadOnlyMixin
from magie.admin_sites import backoffice_site
from magie.choices import OrganisationKind
from magie.scoping import KindScopedAdminMixin
from staff.columns import money_text, record_number
from store import services
from store.models import Product, UsedDevicePrice, UsedDeviceQuote

NO_DATA = "—"


def _money(cents: int, currency: str) -> str:  # in the staff member's language (staff/columns.py)
    return money_text(cents, currency)


class StoreAdmin(KindScopedAdminMixin, ModelAdmin):
    organisation_kinds = (OrganisationKind.STORE,)


PRODUCT_FIELDS = ("sku", "name", "brand", "model", "capacity_gb", "condition", "price_cents", "currency", "stock",
                  "sold_out", "warranty_months")
USED_PRICE_FIELDS = ("brand", "model", "capacity_gb", "base_cents", "currency")


@admin.register(Product, site=backoffice_site)
class ProductAdmin(StoreAdmin):
    list_display = ["sku", "name", "capacity_gb", "condition", "price", "stock", "sold_out", "available_display",
                    "warranty"]
    list_filter = ["brand", "condition", "sold_out"]
    search_fields = ["sku", "name", "brand", "model"]
    fields = PRODUCT_FIELDS
    ordering = ["brand", "model", "capacity_gb", "pk"]
    date_hierarchy = "created_at"

    @admin.display(description=_("price"), ordering="price_cents")
    def price(self, obj: Product) -> str:
        return _money(obj.price_cents, obj.currency)

    @admin.display(description=_("available"), boolean=True)
    def available_display(self, obj: Product) -> bool:
        return obj.available

    @admin.display(description=_("warranty (months)"), ordering="warranty_months")
    def warranty(self, obj: Product) -> str:
        if obj.warranty_months is None:
            return NO_DATA
        return str(_("0 (none)")) if obj.warranty_months == 0 else str(obj.warranty_months)

    def get_readonly_fields(self, request, obj=None):
        return ["sku"] if obj else []

    def save_model(self, request, obj, form, change) -> None:
        if change:
            changes = {name: form.cleaned_data[name] for name in form.changed_data
                       if name in services.PRODUCT_EDITABLE_FIELDS}
            if changes:
                services.product_update(product_id=obj.pk, **changes)
        else:
            saved = services.product_create(**{name: form.cleaned_data[name] for name in PRODUCT_FIELDS})
            obj.pk = saved.pk


@admin.register(UsedDevicePrice, site=backoffice_site)
class UsedDevicePriceAdmin(StoreAdmin):
    list_display = ["brand", "model", "capacity_gb", "base"]
    list_filter = ["brand"]
    search_fields = ["brand", "model"]
    fields = USED_PRICE_FIELDS

    @admin.display(description=_("base price (battery ≥ 90 %)"), ordering="base_cents")
    def base(self, obj: UsedDevicePrice) -> str:
        return _money(obj.base_cents, obj.currency)

    def save_model(self, request, obj, form, change) -> None:
        saved = services.used_device_price_set(price_id=obj.pk if change else None,
                                               **{name: form.cleaned_data[name] for name in USED_PRICE_FIELDS})
        obj.pk = saved.pk


@admin.register(UsedDeviceQuote, site=backoffice_site)
class UsedDeviceQuoteAdmin(ReadOnlyMixin, StoreAdmin):
    list_display = [record_number, "created_at", "device_model", "quoted_model", "capacity_gb", "battery_health",
                    "battery_percent", "price", "valid_until"]
    list_filter = ["quoted_model", "created_at"]
    search_fields = ["device_model", "quoted_model"]
    date_hierarchy = "created_at"

    @admin.display(description=_("price"), ordering="price_cents")
    def price(self, obj: UsedDeviceQuote) -> str:
        return _money(obj.price_cents, obj.currency)

    def get_readonly_fields(self, request, obj=None):
        return [field.name for field in UsedDeviceQuote._meta.fields]
