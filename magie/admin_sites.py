"""Two admin sites: the platform's (public host) and each organisation's back office (its own host and schema)."""

from django.contrib.admin import AdminSite


class PlatformAdminSite(AdminSite):
    site_header = "Magie platform"
    site_title = "Magie platform"
    index_title = "Organisations"


class BackofficeAdminSite(AdminSite):
    site_title = "Magie back office"
    index_title = "Back office"

    def each_context(self, request):  # the header names the organisation the staff member is in
        context = super().each_context(request)
        tenant = getattr(request, "tenant", None)
        context["site_header"] = f"{tenant.name} · Magie" if tenant else "Magie back office"
        return context


platform_site = PlatformAdminSite(name="platform")
backoffice_site = BackofficeAdminSite(name="admin")
