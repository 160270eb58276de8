"""Demo data of the bank engine (organisations of kind "bank" only). Idempotent: keyed on documents and keys."""

from __future__ import annotations

from validate_docbr import CNPJ, CPF

from bank.models import Account, Holder
from bank.services import (
    bank_settings_get,
    contact_save,
    holder_create,
    pix_key_register,
    settlement_account_ensure,
)
from magie.choices import OrganisationKind

DEMO_CUSTOMER_REF = "5511999990001"
DEMO_SECOND_CUSTOMER_REF = "5511999990002"
DEMO_BALANCE_CENTS = 500_000  # R$ 5.000,00


def _check_digits(base: str, weights_from: int) -> str:
    """CPF check digits appended to a 9-digit base (the public algorithm)."""
    digits = base
    for start in (weights_from, weights_from + 1):
        total = sum(int(d) * w for d, w in zip(digits, range(start, 1, -1), strict=True))
        rest = (total * 10) % 11
        digits += str(0 if rest == 10 else rest)
    return digits


def cpf_from_base(base9: str) -> str:
    cpf = _check_digits(base9, 10)
    assert CPF().validate(cpf), cpf
    return cpf


def cnpj_from_base(base12: str) -> str:
    digits = base12
    for weights in ((5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2), (6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)):
        rest = sum(int(d) * w for d, w in zip(digits, weights, strict=True)) % 11
        digits += str(0 if rest < 2 else 11 - rest)
    assert CNPJ().validate(digits), digits
    return digits


CARLA_CPF = cpf_from_base("390533447")
ANA_CPF = cpf_from_base("271849365")
PEDRO_CPF = cpf_from_base("153672980")
JOAO_CPF = cpf_from_base("486205731")
MARIA_CPF = cpf_from_base("627318054")
ENERGIA_CNPJ = cnpj_from_base("334455660001")
MERCADO_CNPJ = cnpj_from_base("123456780001")

THIS_BANK = ("Banco Demo", "99999999")
NUBANK = ("Nu Pagamentos S.A.", "18236120")
ITAU = ("Itaú Unibanco S.A.", "60701190")
CAIXA = ("Caixa Econômica Federal", "00360305")
BRADESCO = ("Banco Bradesco S.A.", "60746948")

MARIA_RANDOM_KEY = "7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a0c47"


def _holder(*, name: str, document: str, kind: str, phone: str, customer_ref: str, balance_cents: int,
            number: str) -> Holder:
    """A demo holder: test money (the demo's sandbox customers, and the simulator, move it)."""
    existing = Holder.objects.filter(document=document).first()
    if existing:
        if not existing.is_test:
            Holder.objects.filter(pk=existing.pk).update(is_test=True)
            existing.is_test = True
        return existing
    return holder_create(name=name, document=document, kind=kind, phone=phone, customer_ref=customer_ref,
                         balance_cents=balance_cents, account_number=number, is_test=True)


def seed_bank_demo(organisation) -> None:
    if getattr(organisation, "kind", None) != OrganisationKind.BANK:
        return
    bank_settings_get()
    settlement_account_ensure(currency=organisation.currency)
    carla = _holder(name="Carla Souza", document=CARLA_CPF, kind="individual", phone="+5511999990001",
                    customer_ref=DEMO_CUSTOMER_REF, balance_cents=DEMO_BALANCE_CENTS, number="0001-1")
    ana = _holder(name="Ana Beatriz Costa", document=ANA_CPF, kind="individual", phone="+5511999990002",
                  customer_ref=DEMO_SECOND_CUSTOMER_REF, balance_cents=120_000, number="0002-2")
    carla_account = Account.objects.get(number="0001-1")
    ana_account = Account.objects.get(number="0002-2")
    local = dict(bank_name=THIS_BANK[0], bank_ispb=THIS_BANK[1])
    # The demo customer's own keys (a Pix to them from this bank lands on her account).
    pix_key_register(key="+5511999990001", owner_name=carla.name, owner_document=CARLA_CPF, account=carla_account,
                     **local)
    pix_key_register(key=CARLA_CPF, owner_name=carla.name, owner_document=CARLA_CPF, account=carla_account, **local)
    # Contacts: mixed key types and banks; Ana is a customer of this bank too.
    pix_key_register(key="ana.costa@exemplo.com.br", owner_name=ana.name, owner_document=ANA_CPF,
                     account=ana_account, **local)
    pix_key_register(key="+5521987654321", owner_name="Pedro Henrique Almeida", owner_document=PEDRO_CPF,
                     bank_name=NUBANK[0], bank_ispb=NUBANK[1])
    pix_key_register(key=JOAO_CPF, owner_name="João Pereira Lima", owner_document=JOAO_CPF,
                     bank_name=ITAU[0], bank_ispb=ITAU[1])
    pix_key_register(key=MARIA_RANDOM_KEY, owner_name="Maria Oliveira Santos", owner_document=MARIA_CPF,
                     bank_name=CAIXA[0], bank_ispb=CAIXA[1])
    # Directory keys that are nobody's contact.
    pix_key_register(key="contas@energiasul.com.br", owner_name="Energia Sul Distribuidora S.A.",
                     owner_document=ENERGIA_CNPJ, bank_name=BRADESCO[0], bank_ispb=BRADESCO[1])
    pix_key_register(key=ENERGIA_CNPJ, owner_name="Energia Sul Distribuidora S.A.", owner_document=ENERGIA_CNPJ,
                     bank_name=BRADESCO[0], bank_ispb=BRADESCO[1])
    pix_key_register(key="+5511987650000", owner_name="Mercado Bom Preço Ltda.", owner_document=MERCADO_CNPJ,
                     bank_name=ITAU[0], bank_ispb=ITAU[1])
    for nickname, key in (("Pedro", "+5521987654321"), ("Ana", "ana.costa@exemplo.com.br"), ("João", JOAO_CPF),
                          ("Maria", MARIA_RANDOM_KEY)):
        contact_save(holder=carla, nickname=nickname, key=key)
