"""The store's tables: products with stock, used-device buying prices and the quotes made from them.

Money is integer cents (minor units) plus an ISO-4217 currency; prices are the organisation's currency (ARS for
the demo store).

`Product.warranty_months` distinguishes two things on purpose:
- NULL → the record has **no warranty data** (nobody entered it). Say "we have to check", never "no warranty".
- 0    → **explicitly no warranty** (e.g. an accessory sold as is).
- n>0  → n months of warranty.

`Product.sold_out` is set by staff and wins over `stock`: units may be in the system but reserved or held back.
A product is *available* only when `stock > 0` and it is not flagged `sold_out`.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from store.search import model_key, search_text_for


class Product(models.Model):
    class Condition(models.TextChoices):
        NEW = "new", _("New")
        REFURBISHED = "refurbished", _("Refurbished")

    sku = models.CharField(max_length=40, unique=True, verbose_name=_("SKU"))
    name = models.CharField(max_length=160, verbose_name=_("name"))
    brand = models.CharField(max_length=60, verbose_name=_("brand"))
    model = models.CharField(max_length=80, help_text=_('e.g. "iPhone 13"; blank for generic accessories'), blank=True,
                             verbose_name=_("model"))
    capacity_gb = models.PositiveIntegerField(null=True, blank=True, help_text=_("storage; empty for accessories"),
                                              verbose_name=_("capacity (GB)"))
    condition = models.CharField(max_length=12, choices=Condition.choices, default=Condition.NEW,
                                 verbose_name=_("condition"))
    price_cents = models.BigIntegerField(help_text=_("in minor units (cents) of `currency`"),
                                         verbose_name=_("price (cents)"))
    currency = models.CharField(max_length=3, verbose_name=_("currency"))
    stock = models.IntegerField(default=0, verbose_name=_("stock"))
    warranty_months = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("empty = no warranty data on record; 0 = explicitly no warranty"), verbose_name=_("warranty (months)")
    )
    sold_out = models.BooleanField(default=False, help_text=_("flagged by staff even if stock remains (e.g. reserved)"),
                                   verbose_name=_("sold out"))
    # Normalised words of brand, model, name and capacity (see store.search); kept in step by save().
    search_text = models.TextField(editable=False, default="", verbose_name=_("search text"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated"))

    class Meta:
        verbose_name = _("product")
        verbose_name_plural = _("products")
        ordering = ["brand", "model", "capacity_gb", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(stock__gte=0), name="store_product_stock_not_negative"),
            models.CheckConstraint(condition=Q(price_cents__gte=0), name="store_product_price_not_negative"),
            models.CheckConstraint(condition=Q(capacity_gb__isnull=True) | Q(capacity_gb__gt=0),
                                   name="store_product_capacity_positive"),
            models.CheckConstraint(condition=Q(currency__regex=r"^[A-Z]{3}$"), name="store_product_currency_iso"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.sku})"

    def save(self, *args, **kwargs) -> None:
        # The derived column can never disagree with the words it is built from (bulk_create callers call
        # refresh_search_text themselves).
        self.refresh_search_text()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"brand", "model", "name", "capacity_gb"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "search_text"}
        super().save(*args, **kwargs)

    @property
    def available(self) -> bool:
        return self.stock > 0 and not self.sold_out

    def refresh_search_text(self) -> None:
        self.search_text = search_text_for(
            brand=self.brand, model=self.model, name=self.name, capacity_gb=self.capacity_gb
        )


class UsedDevicePrice(models.Model):
    """What the store pays for a used device in full battery health, per model and capacity."""

    brand = models.CharField(max_length=60, verbose_name=_("brand"))
    model = models.CharField(max_length=80, verbose_name=_("model"))
    capacity_gb = models.PositiveIntegerField(verbose_name=_("capacity (GB)"))
    base_cents = models.BigIntegerField(verbose_name=_("base price (cents)"))
    currency = models.CharField(max_length=3, verbose_name=_("currency"))
    brand_key = models.CharField(max_length=60, editable=False, default="", verbose_name=_("brand (for search)"))
    model_key = models.CharField(max_length=80, editable=False, default="", verbose_name=_("model (for search)"))

    class Meta:
        verbose_name = _("trade-in price")
        verbose_name_plural = _("trade-in prices")
        ordering = ["brand", "model", "capacity_gb"]
        constraints = [
            models.UniqueConstraint(fields=["model_key", "capacity_gb"], name="store_used_price_one_per_model"),
            models.CheckConstraint(condition=Q(base_cents__gt=0), name="store_used_price_positive"),
            models.CheckConstraint(condition=Q(capacity_gb__gt=0), name="store_used_price_capacity_positive"),
            models.CheckConstraint(condition=Q(currency__regex=r"^[A-Z]{3}$"), name="store_used_price_currency_iso"),
        ]

    def __str__(self) -> str:
        return f"{self.brand} {self.model} {self.capacity_gb} GB"

    def save(self, *args, **kwargs) -> None:
        self.refresh_keys()
        super().save(*args, **kwargs)

    def refresh_keys(self) -> None:
        self.brand_key = model_key(self.brand)
        self.model_key = model_key(self.model)


class UsedDeviceQuote(models.Model):
    """One quote given for a used device: the inputs, the price row's figures at that moment, and until when it
    holds. Rows are written by `used_device_quote` only and never changed."""

    device_model = models.CharField(max_length=80, help_text=_("as the customer named it"), verbose_name=_("device"))
    price_row = models.ForeignKey(UsedDevicePrice, null=True, on_delete=models.SET_NULL, related_name="quotes",
                                  verbose_name=_("price row"))
    quoted_brand = models.CharField(max_length=60, verbose_name=_("quoted brand"))
    quoted_model = models.CharField(max_length=80, verbose_name=_("quoted model"))
    capacity_gb = models.PositiveIntegerField(verbose_name=_("capacity (GB)"))
    battery_health = models.PositiveSmallIntegerField(verbose_name=_("battery health"))
    base_cents = models.BigIntegerField(verbose_name=_("base price (cents)"))
    battery_percent = models.PositiveSmallIntegerField(help_text=_("share of the base price paid for this battery"),
                                                       verbose_name=_("battery (%)"))
    price_cents = models.BigIntegerField(verbose_name=_("price (cents)"))
    currency = models.CharField(max_length=3, verbose_name=_("currency"))
    created_at = models.DateTimeField(verbose_name=_("created"))
    valid_until = models.DateTimeField(verbose_name=_("valid until"))

    class Meta:
        verbose_name = _("trade-in quote")
        verbose_name_plural = _("trade-in quotes")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(condition=Q(battery_health__gte=0, battery_health__lte=100),
                                   name="store_quote_battery_0_100"),
            models.CheckConstraint(condition=Q(battery_percent__gte=0, battery_percent__lte=100),
                                   name="store_quote_percent_0_100"),
            models.CheckConstraint(condition=Q(price_cents__gte=0, base_cents__gt=0), name="store_quote_amounts"),
            models.CheckConstraint(condition=Q(valid_until__gt=F("created_at")), name="store_quote_valid_after"),
        ]

    def __str__(self) -> str:
        return gettext("Quote #%(number)s: %(device)s") % {
            "number": self.pk, "device": f"{self.quoted_brand} {self.quoted_model} {self.capacity_gb} GB"}
