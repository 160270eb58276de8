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
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
