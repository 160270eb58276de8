"""Records nobody edits by hand: the audit trail of conversations, Asks and effects."""

from unfold.admin import ModelAdmin, TabularInline


class ReadOnlyMixin:
    """Viewable (by whoever may view), never added, changed or deleted through the admin."""

    def has_add_permission(self, request, *args) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyAdmin(ReadOnlyMixin, ModelAdmin):
    pass


class ReadOnlyInline(TabularInline):
    """Rows shown, never edited. The foreign keys among its fields are joined to the rows: each row names its
    message or author, which would otherwise cost one query per row."""

    extra = 0
    can_delete = False
    show_change_link = False

    def get_queryset(self, request):
        forward = {field.name for field in self.model._meta.concrete_fields if field.is_relation}  # FK, one-to-one
        related = [name for name in self.get_fields(request) if name in forward]
        return super().get_queryset(request).select_related(*related) if related else super().get_queryset(request)

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
