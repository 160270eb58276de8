from django.contrib import admin

from conversations.models import Conversation, Customer, Message
from magie.admin_readonly import ReadOnlyAdmin, ReadOnlyInline
from magie.admin_sites import backoffice_site


class MessageInline(ReadOnlyInline):
    model = Message
    fields = ["sent_at", "direction", "kind", "text", "payload", "reply_to", "ask"]
    readonly_fields = fields
    ordering = ["sent_at", "pk"]


@admin.register(Conversation, site=backoffice_site)
class ConversationAdmin(ReadOnlyAdmin):
    list_display = ["customer", "created_at", "last_inbound_at"]
    inlines = [MessageInline]


@admin.register(Customer, site=backoffice_site)
class CustomerAdmin(ReadOnlyAdmin):
    list_display = ["channel_user_id", "name", "phone", "created_at"]
    search_fields = ["channel_user_id", "name", "phone"]
