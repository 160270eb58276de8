"""Back-office pages of the bank core (organisations of kind "bank" only). Documents appear masked everywhere:
lists, detail pages and search results show `***.ddd.ddd-**`, never the digits. Transfers, accounts, keys and
holders are read-only here (money moves through the services); settings and contacts are editable by admins."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.utils import flatten
from django.utils.translation import gettext_lazy as _
from unfold.admin import ModelAdmin

from bank.models import Account, BankSettings, Contact, Holder, PixKey, PixTransfer
from magie.admin_links import staff_page_link
from magie.admin_readonly import ReadOnlyMixin
from magie.admin_sites import backoffice_site
from magie.choices import OrganisationKind
from magie.scoping import KindScopedAdminMixin
from staff.columns import attribute_column, money_column


class BankAdmin(KindScopedAdminMixin, ModelAdmin):
    organisation_kinds = (OrganisationKind.BANK,)


class ReadOnlyBankAdmin(ReadOnlyMixin, BankAdmin):
    """Money moves through services only: holders, accounts, keys and transfers are read-only here, every field
    shown (`fields`, masked columns included) and browsed by the day they were made."""

    date_hierarchy = "created_at"

    def get_readonly_fields(self, request, obj=None) -> list[str]:
        return flatten(self.fields or ())


@admin.register(Holder, site=backoffice_site)
class HolderAdmin(ReadOnlyBankAdmin):
    list_display = ("name", "masked_document", "kind", "phone", "customer_ref")
    list_filter = ("kind", "created_at")
    search_fields = ("name", "customer_ref", "phone")
    fields = ("name", "masked_document", "kind", "phone", "customer_ref", "created_at")
    masked_document = attribute_column("masked_document", _("document"))


@admin.register(Account, site=backoffice_site)
class AccountAdmin(ReadOnlyBankAdmin):
    list_display = ("number", "holder", "kind", "balance", "currency")
    list_filter = ("kind", "currency", "created_at")
    search_fields = ("number", "holder__name")
    list_select_related = ("holder",)
    fields = ("number", "holder", "kind", "balance", "currency", "created_at")
    balance = money_column("balance_cents", _("balance"))


@admin.register(PixKey, site=backoffice_site)
class PixKeyAdmin(ReadOnlyBankAdmin):
    list_display = ("key_type", "key", "owner_name", "masked_document", "bank_name", "bank_ispb", "account")
    list_filter = ("key_type", "bank_name", "created_at")
    list_select_related = ("account__holder",)  # each row names its account, which names its holder (both nullable)
    search_fields = ("value", "owner_name")
    fields = ("key_type", "key", "owner_name", "masked_document", "bank_name", "bank_ispb", "account", "created_at")
    key = attribute_column("display_value", _("key"))
    masked_document = attribute_column("masked_document", _("owner document"))


@admin.register(PixTransfer, site=backoffice_site)
class PixTransferAdmin(ReadOnlyBankAdmin):
    list_display = ("end_to_end_id", "holder", "recipient_name", "masked_recipient_document", "amount",
                    "status", "scheduled_for", "settled_at", "failure_code", "trace")
    list_filter = ("status", "recipient_key_type", "created_at")
    list_select_related = ("holder",)
    amount = money_column("amount_cents", _("amount"))
    search_fields = ("end_to_end_id", "holder__name", "recipient_name", "txid")
    fields = ("end_to_end_id", "status", "holder", "from_account", "to_account", "recipient_name",
              "masked_recipient_document", "recipient_bank_name", "recipient_ispb", "recipient_key_type",
              "recipient_key_display", "amount", "currency", "description", "txid", "idempotency_key", "created_at",
              "scheduled_for", "settled_at", "failed_at", "failure_code", "cancelled_at", "trace")

    @admin.display(description=_("trace"))
    def trace(self, obj: PixTransfer) -> str:  # the Ask behind it, found by the staff page (bank knows no asks)
        return staff_page_link("workspace:trace_transfer", obj.end_to_end_id)

    masked_recipient_document = attribute_column("masked_recipient_document", _("recipient document"))
    recipient_key_display = attribute_column("recipient_key_display", _("recipient key"))


@admin.register(Contact, site=backoffice_site)
class ContactAdmin(BankAdmin):
    list_display = ("nickname", "holder", "key_owner", "key_type", "created_at")
    search_fields = ("nickname", "holder__name", "pix_key__owner_name")
    list_filter = ("pix_key__key_type", "created_at")
    date_hierarchy = "created_at"
    list_select_related = ("holder", "pix_key")
    fields = ("holder", "nickname", "pix_key")
    autocomplete_fields = ("holder", "pix_key")
    key_owner = attribute_column("pix_key.owner_name", _("key owner"))
    key_type = attribute_column("pix_key.get_key_type_display", _("key type"))


@admin.register(BankSettings, site=backoffice_site)
class BankSettingsAdmin(BankAdmin):
    list_display = ("__str__", "ispb", "night_limit", "updated_at")
    fields = ("ispb", "night_limit_cents")
    night_limit = money_column("night_limit_cents", _("night limit"), currency_field=None)

    def has_add_permission(self, request, *args) -> bool:  # the singleton exists once seeded
        return super().has_add_permission(request, *args) and not BankSettings.objects.exists()

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
