from django.urls import path

from approvals.views import approval_page

urlpatterns = [path("<str:token>/", approval_page, name="approval-page")]
