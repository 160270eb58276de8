"""The bank app's approval API (push): authenticated as the customer with the bank's customer token.

GET  /api/approvals/           the customer's pending requests with their previews
POST /api/approvals/<id>/decision  {"approve": true|false}
"""

from __future__ import annotations

from django.utils import timezone
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from approvals.errors import ApprovalExpired
from approvals.models import ApprovalRequest
from approvals.selectors import approval_get_for_customer, approvals_pending_for_customer
from approvals.services import approval_decide
from bank.apis import HolderTokenAuthentication, IsCustomer
from magie.choices import OrganisationKind
from magie.scoping import organisation_kind_is


class ApprovalOut(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    tool = serializers.CharField()
    status = serializers.CharField()
    preview = serializers.CharField(source="preview.text")
    expires_at = serializers.DateTimeField()


class CustomerApprovalApi(APIView):
    authentication_classes = [HolderTokenAuthentication]
    permission_classes = [organisation_kind_is(OrganisationKind.BANK), IsCustomer]


class ApprovalListApi(CustomerApprovalApi):
    def get(self, request):
        pending = approvals_pending_for_customer(customer_ref=request.user.holder.customer_ref, now=timezone.now())
        return Response({"results": ApprovalOut(pending, many=True).data})


class ApprovalDecisionApi(CustomerApprovalApi):
    class Input(serializers.Serializer):
        approve = serializers.BooleanField()

    def post(self, request, approval_id: int):
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        customer_ref = request.user.holder.customer_ref
        approval = approval_get_for_customer(approval_id=approval_id, customer_ref=customer_ref)
        approval = approval_decide(approval_id=approval.pk, approve=data.validated_data["approve"],
                                   by=f"app:{customer_ref}", channel="app", at=timezone.now(), announce=True)
        if approval.status == ApprovalRequest.Status.EXPIRED:
            raise ApprovalExpired(approval_id=approval.pk)
        return Response(ApprovalOut(approval).data)
