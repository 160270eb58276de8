"""Staff wording of the inbox's customer sidebar for a bank, its audit log and the escalation reasons' names:
msgid → (pt-BR, es, ca)."""

T = {
    # the sidebar's bank section (inbox/templates/inbox/_bank.html)
    "Bank account": ("Conta no banco", "Cuenta en el banco", "Compte al banc"),
    "read-only · this view is recorded": ("somente leitura · esta consulta fica registrada",
                                          "solo lectura · esta consulta queda registrada",
                                          "només lectura · aquesta consulta queda registrada"),
    "Holder": ("Titular", "Titular", "Titular"),
    "Document": ("Documento", "Documento", "Document"),
    "Balance": ("Saldo", "Saldo", "Saldo"),
    "Recent Pix": ("Pix recentes", "Pix recientes", "Pix recents"),
    "Recipient": ("Destinatário", "Destinatario", "Destinatari"),
    "No Pix sent yet.": ("Nenhum Pix enviado ainda.", "Aún no envió ningún Pix.", "Encara no ha enviat cap Pix."),
    "This customer has no account at the bank.": ("Este cliente não tem conta no banco.",
                                                  "Este cliente no tiene cuenta en el banco.",
                                                  "Aquest client no té compte al banc."),
    "Loading the bank account…": ("Carregando a conta no banco…", "Cargando la cuenta en el banco…",
                                  "S'està carregant el compte al banc…"),
    # the audit log (staff/labels.py)
    "Bank data shown to staff": ("Dados bancários vistos pela equipe", "Datos bancarios vistos por el equipo",
                                 "Dades bancàries vistes per l'equip"),
    "bank data shown to staff": ("dados bancários vistos pela equipe", "datos bancarios vistos por el equipo",
                                 "dades bancàries vistes per l'equip"),
    "shown to": ("visto por", "visto por", "vist per"),
    "shown at": ("visto em", "visto el", "vist el"),
    "what was shown": ("o que foi mostrado", "qué se mostró", "què es va mostrar"),
    "Pix listed": ("Pix listados", "Pix listados", "Pix llistats"),
    "Balance and recent Pix": ("Saldo e Pix recentes", "Saldo y Pix recientes", "Saldo i Pix recents"),
    # why a chat went to people (staff.labels.ESCALATION_REASONS, inbox.guard_words)
    "The customer disputes a payment": ("O cliente contesta um pagamento", "El cliente disputa un pago",
                                        "El client disputa un pagament"),
    "A full account number shown to the customer": ("Número de conta completo mostrado ao cliente",
                                                    "Número de cuenta completo mostrado al cliente",
                                                    "Número de compte complet mostrat al client"),
    "The customer says they already paid or disputes a charge: check the payment first.": (
        "O cliente diz que já pagou ou contesta uma cobrança: confira o pagamento antes.",
        "El cliente dice que ya pagó o disputa un cobro: revise el pago antes.",
        "El client diu que ja ha pagat o disputa un càrrec: reviseu el pagament abans."),
}
