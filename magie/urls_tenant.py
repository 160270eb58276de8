"""An organisation's host (e.g. http://demobank.localhost:8000/): its back office and APIs."""

from django.urls import include, path
from django.views.generic import RedirectView

from magie.admin_sites import backoffice_site

urlpatterns = [
    path("", RedirectView.as_view(url="/admin/", permanent=False)),
    path("admin/second-factor/", include("tenants.second_factor_urls")),
    path("admin/language/", include("staff.urls")),
    path("admin/", backoffice_site.urls),
    path("api/bank/", include("bank.urls")),
    path("api/booking/", include("booking.urls")),
    path("api/store/", include("store.urls")),
    path("pay/", include("booking.pay_urls")),
    path("api/approvals/", include("approvals.urls")),
    path("approve/", include("approvals.page_urls")),
    path("simulator/", include("whatsapp.simulator_urls")),
    path("inbox/", include("inbox.urls")),
    path("workspace/", include("workspace.urls")),
    path("privacy/", include("privacy.urls")),
]
