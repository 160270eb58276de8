from django.urls import path

from approvals.apis import ApprovalDecisionApi, ApprovalListApi

urlpatterns = [
    path("", ApprovalListApi.as_view(), name="approval-list"),
    path("<int:approval_id>/decision", ApprovalDecisionApi.as_view(), name="approval-decision"),
]
