"""/api/bank/ — the app flow of a bank organisation (see bank.apis for authentication)."""

from django.urls import path

from bank import apis

urlpatterns = [
    path("balance/", apis.BalanceApi.as_view(), name="bank-balance"),
    path("keys/lookup/", apis.KeyLookupApi.as_view(), name="bank-key-lookup"),
    path("transfers/", apis.TransferListCreateApi.as_view(), name="bank-transfers"),
    path("transfers/<int:transfer_id>/", apis.TransferDetailApi.as_view(), name="bank-transfer"),
    path("transfers/<int:transfer_id>/cancel/", apis.TransferCancelApi.as_view(), name="bank-transfer-cancel"),
    path("statement/", apis.StatementApi.as_view(), name="bank-statement"),
    path("contacts/", apis.ContactListApi.as_view(), name="bank-contacts"),
    path("contacts/resolve/", apis.ContactResolveApi.as_view(), name="bank-contact-resolve"),
]
