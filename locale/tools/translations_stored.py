"""Stored codes shown in staff words (staff/stored_words.py), a refused model address (agent/admin.py), a policy
version's table (tenants/admin.py): msgid → (pt-BR, es, ca)."""

T = {
    "Only http:// or https:// addresses with a host name are accepted.": (
        "Só são aceitos endereços http:// ou https:// com um nome de servidor.",
        "Solo se aceptan direcciones http:// o https:// con un nombre de servidor.",
        "Només s'accepten adreces http:// o https:// amb un nom de servidor."),
    "A model address cannot hold a user name or password: put the key in the key field.": (
        "Um endereço de modelo não pode conter usuário nem senha: coloque a chave no campo da chave.",
        "Una dirección de modelo no puede contener usuario ni contraseña: pon la clave en el campo de la clave.",
        "Una adreça de model no pot contenir usuari ni contrasenya: posa la clau al camp de la clau."),
    "The port of this address is not a number.": (
        "A porta deste endereço não é um número.", "El puerto de esta dirección no es un número.",
        "El port d'aquesta adreça no és un número."),
    "The name %(host)s does not resolve to any address.": (
        "O nome %(host)s não corresponde a nenhum endereço.", "El nombre %(host)s no corresponde a ninguna dirección.",
        "El nom %(host)s no correspon a cap adreça."),
    "This model address is not on the platform's list of allowed addresses (allowed: %(allowed)s).": (
        "Este endereço de modelo não está na lista de endereços permitidos da plataforma (permitidos: %(allowed)s).",
        "Esta dirección de modelo no está en la lista de direcciones permitidas de la plataforma "
        "(permitidas: %(allowed)s).",
        "Aquesta adreça de model no és a la llista d'adreces permeses de la plataforma (permeses: %(allowed)s)."),
    "%(host)s points to an internal network address (this machine, the local link or a private network).": (
        "%(host)s aponta para um endereço de rede interna (esta máquina, o enlace local ou uma rede privada).",
        "%(host)s apunta a una dirección de red interna (esta máquina, el enlace local o una red privada).",
        "%(host)s apunta a una adreça de xarxa interna (aquesta màquina, l'enllaç local o una xarxa privada)."),
    "none": ("nenhum", "ninguno", "cap"),
    "no risk": ("sem risco", "sin riesgo", "sense risc"),
    "booking": ("reserva", "reserva", "reserva"),
    "quote": ("orçamento", "presupuesto", "pressupost"),
    "date": ("data", "fecha", "data"),
    "capacity (GB)": ("capacidade (GB)", "capacidad (GB)", "capacitat (GB)"),
    "device model": ("modelo do aparelho", "modelo del aparato", "model de l'aparell"),
    "battery health": ("saúde da bateria", "salud de la batería", "salut de la bateria"),
    "administrator": ("administrador", "administrador", "administrador"),
    "attendant": ("atendente", "agente de atención", "agent d'atenció"),
    "auditor": ("auditor", "auditor", "auditor"),
    "reopened to change a detail": ("reaberto para mudar um dado", "reabierto para cambiar un dato",
                                    "reobert per canviar una dada"),
    "failed": ("falhou", "falló", "ha fallat"),
    "abandoned": ("abandonado", "abandonado", "abandonat"),
    "suspended": ("suspenso", "suspendido", "suspès"),
    "replaced by a newer preview": ("substituída por uma prévia mais nova", "sustituida por una vista previa más nueva",
                                    "substituïda per una previsualització més nova"),
    "expired (checked at %(time)s)": ("expirou (verificado em %(time)s)", "caducó (comprobado el %(time)s)",
                                      "ha caducat (comprovat el %(time)s)"),
    "the request moved on (%(step)s)": ("o pedido seguiu adiante (%(step)s)", "el pedido siguió adelante (%(step)s)",
                                        "la petició ha continuat (%(step)s)"),
    "setting": ("configuração", "ajuste", "opció"),
    "before": ("antes", "antes", "abans"),
    "after": ("depois", "después", "després"),
    "policy after this version": ("política depois desta versão", "política después de esta versión",
                                  "política després d'aquesta versió"),
    # The inbox's tables (staff/labels.py) and the theme's facet toggle (staff/theme_words.py).
    "canned reply": ("resposta pronta", "respuesta predefinida", "resposta predefinida"),
    "canned replies": ("respostas prontas", "respuestas predefinidas", "respostes predefinides"),
    "private note on an escalated chat": ("nota privada de uma conversa encaminhada",
                                          "nota privada de una conversación derivada", "nota privada d'una conversa derivada"),
    "private notes on escalated chats": ("notas privadas de conversas encaminhadas",
                                         "notas privadas de conversaciones derivadas", "notes privades de converses derivades"),
    "title": ("título", "título", "títol"),
    "pt-BR, es, ca or en; blank for any customer": ("pt-BR, es, ca ou en; em branco para qualquer cliente",
                                                    "pt-BR, es, ca o en; en blanco para cualquier cliente",
                                                    "pt-BR, es, ca o en; en blanc per a qualsevol client"),
    "Show counts": ("Mostrar contagens", "Mostrar recuentos", "Mostra els recomptes"),
    "Hide counts": ("Ocultar contagens", "Ocultar recuentos", "Amaga els recomptes"),
}
