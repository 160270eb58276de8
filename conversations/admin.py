import phonenumbers
from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils.html import format_html

from conversations.models import Conversation, Customer, Message
from conversations.rendering import payload_for_staff
from conversations.services import SandboxIdTaken, customer_create_sandbox, sandbox_id_is_real
from magie.admin_readonly import ReadOnlyAdmin, ReadOnlyInline
from magie.admin_sites import backoffice_site
from staff.labels import (
    DATA_RIGHTS,
    DATA_RIGHTS_LINK,
    SANDBOX_ID_DIGITS_ONLY,
    SANDBOX_ID_LABEL,
    SANDBOX_ID_NOT_A_NUMBER,
    SANDBOX_ID_REAL,
    SANDBOX_ID_TAKEN,
)


class MessageInline(ReadOnlyInline):
    model = Message
    readonly_fields = ["sent_at", "direction", "kind", "text", "payload_shown", "reply_to"]
    fields = list(readonly_fields)
    ordering = ["sent_at", "pk"]

    @admin.display(description=Message._meta.get_field("payload").verbose_name)
    def payload_shown(self, obj: Message) -> str:  # the payload with a signed tap's signature redacted
        return payload_for_staff(obj.payload)


@admin.register(Conversation, site=backoffice_site)
class ConversationAdmin(ReadOnlyAdmin):
    list_display = ["customer", "created_at", "last_inbound_at"]
    list_filter = ["created_at", "customer__is_sandbox"]
    search_fields = ["customer__name", "customer__channel_user_id", "customer__phone"]
    date_hierarchy = "created_at"
    list_select_related = ["customer"]
    inlines = [MessageInline]


def _is_phone_number(digits: str) -> bool:
    try:
        return phonenumbers.is_valid_number(phonenumbers.parse(f"+{digits}", None))
    except phonenumbers.NumberParseException:
        return False


class SandboxCustomerForm(forms.ModelForm):
    class Meta:
        model = Customer
        fields = ["channel_user_id", "name"]
        labels = {"channel_user_id": SANDBOX_ID_LABEL}

    def clean_channel_user_id(self) -> str:
        value = self.cleaned_data["channel_user_id"].strip()
        if not value.isdigit():
            raise forms.ValidationError(SANDBOX_ID_DIGITS_ONLY)
        if not _is_phone_number(value):  # a WhatsApp id is the number in E.164, without its "+"
            raise forms.ValidationError(SANDBOX_ID_NOT_A_NUMBER)
        existing = Customer.objects.filter(channel_user_id=value).first()
        if existing is not None:
            raise forms.ValidationError(SANDBOX_ID_TAKEN if existing.is_sandbox else SANDBOX_ID_REAL)
        if sandbox_id_is_real(value):  # a bank holder with real money, who has not written yet
            raise forms.ValidationError(SANDBOX_ID_REAL)
        return value

    def validate_unique(self) -> None:  # customer_create_sandbox says it precisely
        pass


@admin.register(Customer, site=backoffice_site)
class CustomerAdmin(ReadOnlyAdmin):
    """Customers are never edited here; an admin may add a *sandbox* customer (a test identity for the simulator),
    never turn a real customer into one."""

    list_display = ["channel_user_id", "name", "phone", "is_sandbox", "created_at"]
    list_filter = ["is_sandbox", "created_at"]
    search_fields = ["channel_user_id", "name", "phone"]
    date_hierarchy = "created_at"
    readonly_fields = ["data_rights"]

    @admin.display(description=DATA_RIGHTS)
    def data_rights(self, obj: Customer) -> str:
        """The customer's export and erasure page (privacy/), linked by URL name."""
        return format_html('<a href="{}">{}</a>', reverse("privacy:customer", args=[obj.pk]),
                           DATA_RIGHTS_LINK)

    def has_add_permission(self, request, *args) -> bool:
        return request.user.has_perm("conversations.add_customer")

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = SandboxCustomerForm
        return super().get_form(request, obj, change, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["channel_user_id", "name"]
        fields = list(super().get_fields(request, obj))
        if not any(request.user.has_perm(f"privacy.{name}_customer_data") for name in ("export", "erase")):
            fields.remove("data_rights")
        return fields

    def save_model(self, request, obj, form, change) -> None:
        try:
            saved = customer_create_sandbox(channel_user_id=form.cleaned_data["channel_user_id"],
                                            name=form.cleaned_data["name"])
        except SandboxIdTaken as error:
            raise PermissionDenied(str(error)) from error
        obj.pk = saved.pk
