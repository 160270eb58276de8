"""Two admin sites in the unfold theme: the platform's (public host) and each organisation's back office (its own
host and schema). Their sidebar is staff/navigation.py; name and colours follow the organisation (staff/theme.py)."""

from django.utils.translation import gettext_lazy as _
from unfold.sites import UnfoldAdminSite


class PlatformAdminSite(UnfoldAdminSite):
    site_header = site_title = _("Magie platform")
    index_title = _("Organisations")


class BackofficeAdminSite(UnfoldAdminSite):
    site_title = _("Magie back office")
    index_title = _("Back office")

    def each_context(self, request):  # the header names the organisation the staff member is in
        context = super().each_context(request)
        tenant = getattr(request, "tenant", None)
        context["site_header"] = tenant.name if tenant else _("Magie back office")
        return context


platform_site = PlatformAdminSite(name="platform")
backoffice_site = BackofficeAdminSite(name="admin")
