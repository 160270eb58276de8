"""What the rest of the staff pages say: records' names (`__str__`), the sign-in lockout and second-factor pages,
django-axes' and the theme's English-only columns and hints, permissions: msgid → (pt-BR, es, ca)."""

T = {
    "%(type)s key of %(owner)s": ("Chave %(type)s de %(owner)s", "Clave %(type)s de %(owner)s",
                                  "Clau %(type)s de %(owner)s"),
    "%(type)s lookup (found)": ("Consulta de chave %(type)s (encontrada)", "Consulta de clave %(type)s (encontrada)",
                                "Consulta de clau %(type)s (trobada)"),
    "%(type)s lookup (not found)": ("Consulta de chave %(type)s (não encontrada)",
                                    "Consulta de clave %(type)s (no encontrada)",
                                    "Consulta de clau %(type)s (no trobada)"),
    "settlement": ("liquidação", "liquidación", "liquidació"),
    "Token of %(holder)s": ("Token de %(holder)s", "Token de %(holder)s", "Testimoni de %(holder)s"),
    "Approval %(number)s: %(tool)s (%(status)s)": ("Aprovação %(number)s: %(tool)s (%(status)s)",
                                                   "Aprobación %(number)s: %(tool)s (%(status)s)",
                                                   "Aprovació %(number)s: %(tool)s (%(status)s)"),
    "Request %(number)s: %(kind)s (%(status)s)": ("Pedido %(number)s: %(kind)s (%(status)s)",
                                                  "Pedido %(number)s: %(kind)s (%(status)s)",
                                                  "Petició %(number)s: %(kind)s (%(status)s)"),
    "message %(message)s → request %(ask)s": ("mensagem %(message)s → pedido %(ask)s",
                                              "mensaje %(message)s → pedido %(ask)s",
                                              "missatge %(message)s → petició %(ask)s"),
    "turn %(number)s (%(status)s)": ("turno %(number)s (%(status)s)", "turno %(number)s (%(status)s)",
                                     "torn %(number)s (%(status)s)"),
    "Pix code (%(kind)s) of message %(message)s": ("Código Pix (%(kind)s) da mensagem %(message)s",
                                                   "Código Pix (%(kind)s) del mensaje %(message)s",
                                                   "Codi Pix (%(kind)s) del missatge %(message)s"),
    "Booking #%(number)s · %(customer)s × %(people)s": ("Reserva nº %(number)s · %(customer)s × %(people)s",
                                                        "Reserva n.º %(number)s · %(customer)s × %(people)s",
                                                        "Reserva núm. %(number)s · %(customer)s × %(people)s"),
    "Payment link for booking #%(number)s": ("Link de pagamento da reserva nº %(number)s",
                                             "Enlace de pago de la reserva n.º %(number)s",
                                             "Enllaç de pagament de la reserva núm. %(number)s"),
    "Quote #%(number)s: %(device)s": ("Cotação nº %(number)s: %(device)s", "Cotización n.º %(number)s: %(device)s",
                                      "Pressupost núm. %(number)s: %(device)s"),
    "Policy of %(organisation)s (v%(version)s)": ("Política de %(organisation)s (v%(version)s)",
                                                  "Política de %(organisation)s (v%(version)s)",
                                                  "Política de %(organisation)s (v%(version)s)"),
    "Policy of %(organisation)s, version %(number)s": ("Política de %(organisation)s, versão %(number)s",
                                                       "Política de %(organisation)s, versión %(number)s",
                                                       "Política de %(organisation)s, versió %(number)s"),
    # forms and hints
    "Access token": ("Token de acesso", "Token de acceso", "Testimoni d'accés"),
    "App secret": ("Segredo do app", "Secreto de la app", "Secret de l'app"),
    "Webhook verify token": ("Token de verificação do webhook", "Token de verificación del webhook",
                             "Testimoni de verificació del webhook"),
    "Model API key": ("Chave de API do modelo", "Clave de API del modelo", "Clau d'API del model"),
    "Model base URL": ("URL base do modelo", "URL base del modelo", "URL base del model"),
    "Write-only: never shown again. Leave blank to keep the stored key.": (
        "Somente escrita: nunca mais é mostrada. Deixe em branco para manter a chave guardada.",
        "Solo escritura: no se vuelve a mostrar. Déjela en blanco para conservar la clave guardada.",
        "Només escriptura: no es torna a mostrar. Deixeu-la en blanc per conservar la clau desada."),
    "Most an individual may send by Pix between 20:00 and 06:00 (cents, at most 100000).": (
        "O máximo que uma pessoa física pode enviar por Pix entre 20:00 e 06:00 (em centavos, até 100000).",
        "Lo máximo que una persona física puede enviar por Pix entre las 20:00 y las 06:00 (en centavos, hasta "
        "100000).",
        "El màxim que una persona física pot enviar per Pix entre les 20:00 i les 06:00 (en cèntims, fins a 100000)."),
    "Normal form (see language.pix_keys).": ("Forma normalizada da chave.", "Forma normalizada de la clave.",
                                             "Forma normalitzada de la clau."),
    "permissions": ("permissões", "permisos", "permisos"),
    "Can add %(name)s": ("Pode adicionar %(name)s", "Puede añadir %(name)s", "Pot afegir %(name)s"),
    "Can change %(name)s": ("Pode modificar %(name)s", "Puede modificar %(name)s", "Pot modificar %(name)s"),
    "Can delete %(name)s": ("Pode excluir %(name)s", "Puede eliminar %(name)s", "Pot eliminar %(name)s"),
    "Can view %(name)s": ("Pode ver %(name)s", "Puede ver %(name)s", "Pot veure %(name)s"),
    # columns of django-axes (its lockouts) and of a conversation
    "login lockout": ("bloqueio de acesso", "bloqueo de acceso", "bloqueig d'accés"),
    "login lockouts": ("bloqueios de acesso", "bloqueos de acceso", "bloquejos d'accés"),
    "username": ("usuário", "usuario", "usuari"), "IP address": ("endereço IP", "dirección IP", "adreça IP"),
    "browser": ("navegador", "navegador", "navegador"),
    "HTTP Accept header": ("cabeçalho HTTP Accept", "cabecera HTTP Accept", "capçalera HTTP Accept"),
    "path": ("caminho", "ruta", "camí"), "GET data": ("dados GET", "datos GET", "dades GET"),
    "POST data": ("dados POST", "datos POST", "dades POST"),
    "last failed sign-in": ("última tentativa falha", "último intento fallido", "últim intent fallit"),
    "failed sign-ins": ("tentativas falhas", "intentos fallidos", "intents fallits"),
    "turn lock token": ("token da trava do turno", "token del bloqueo del turno", "testimoni del bloqueig del torn"),
    "turn lock holder": ("quem tem a trava do turno", "quién tiene el bloqueo del turno",
                         "qui té el bloqueig del torn"),
    "turn lock expires": ("trava do turno expira", "el bloqueo del turno caduca", "el bloqueig del torn caduca"),
    # the theme's words (unfold) on the staff pages
    "Select value": ("Selecione um valor", "Seleccione un valor", "Seleccioneu un valor"),
    "Time": ("Hora", "Hora", "Hora"),
    "Dataset not found. No action performed.": ("Conjunto de dados não encontrado. Nada foi feito.",
                                                "Conjunto de datos no encontrado. No se ha hecho nada.",
                                                "No s'ha trobat el conjunt de dades. No s'ha fet res."),
    "After you've created a user, you’ll be able to edit more user options.": (
        "Depois de criar o usuário, você poderá editar mais opções dele.",
        "Después de crear el usuario, podrá editar más opciones suyas.",
        "Després de crear l'usuari, en podreu editar més opcions."),
    'Raw passwords are not stored, so there is no way to see this user’s password, but you can change the password '
    'using <a href="{}" class="text-primary-600 dark:text-primary-500">this form</a>.': (
        'Senhas não são armazenadas diretamente, então não é possível ver a senha deste usuário, mas você pode '
        'alterá-la com <a href="{}" class="text-primary-600 dark:text-primary-500">este formulário</a>.',
        'Las contraseñas no se guardan en claro, así que no hay forma de ver la de este usuario, pero puede '
        'cambiarla con <a href="{}" class="text-primary-600 dark:text-primary-500">este formulario</a>.',
        'Les contrasenyes no es desen en clar, així que no hi ha manera de veure la d\'aquest usuari, però la podeu '
        'canviar amb <a href="{}" class="text-primary-600 dark:text-primary-500">aquest formulari</a>.'),
    # the lockout page (django-axes)
    "Sign-in locked": ("Acesso bloqueado", "Acceso bloqueado", "Accés bloquejat"),
    "Too many failed sign-ins for “%(username)s” (%(limit)s in a row): signing in is locked.": (
        "Muitas tentativas de acesso falhas para “%(username)s” (%(limit)s seguidas): o acesso está bloqueado.",
        "Demasiados intentos de acceso fallidos para “%(username)s” (%(limit)s seguidos): el acceso está bloqueado.",
        "Massa intents d'accés fallits per a “%(username)s” (%(limit)s seguits): l'accés està bloquejat."),
    "Too many failed sign-ins for this account (%(limit)s in a row): signing in is locked.": (
        "Muitas tentativas de acesso falhas para esta conta (%(limit)s seguidas): o acesso está bloqueado.",
        "Demasiados intentos de acceso fallidos para esta cuenta (%(limit)s seguidos): el acceso está bloqueado.",
        "Massa intents d'accés fallits per a aquest compte (%(limit)s seguits): l'accés està bloquejat."),
    ("Try again in %(minutes)s minute,", "Try again in %(minutes)s minutes,"): (
        ("Tente de novo em %(minutes)s minuto", "Tente de novo em %(minutes)s minutos"),
        ("Vuelva a intentarlo dentro de %(minutes)s minuto", "Vuelva a intentarlo dentro de %(minutes)s minutos"),
        ("Torneu-ho a provar d'aquí a %(minutes)s minut", "Torneu-ho a provar d'aquí a %(minutes)s minuts")),
    "Try again later,": ("Tente de novo mais tarde", "Vuelva a intentarlo más tarde", "Torneu-ho a provar més tard"),
    "or ask an admin of this organisation to unlock it (Back office → Login lockouts).": (
        "ou peça a um administrador desta organização que o desbloqueie (Back office → Bloqueios de acesso).",
        "o pida a un administrador de esta organización que lo desbloquee (Back office → Bloqueos de acceso).",
        "o demaneu a un administrador d'aquesta organització que el desbloquegi (Back office → Bloquejos d'accés)."),
    # the second-factor pages (django-otp)
    "Second factor": ("Segundo fator", "Segundo factor", "Segon factor"),
    "Set up a second factor": ("Configurar um segundo fator", "Configurar un segundo factor",
                               "Configureu un segon factor"),
    "Your organisation requires a second factor for its admins.": (
        "Sua organização exige um segundo fator dos administradores.",
        "Su organización exige un segundo factor a sus administradores.",
        "La vostra organització exigeix un segon factor als administradors."),
    "Protect your sign-in with a second factor.": ("Proteja seu acesso com um segundo fator.",
                                                   "Proteja su acceso con un segundo factor.",
                                                   "Protegiu el vostre accés amb un segon factor."),
    "Scan this code with an authenticator app (or type the key), then enter the 6-digit code it shows.": (
        "Leia este código com um app autenticador (ou digite a chave) e depois informe o código de 6 dígitos que "
        "ele mostra.",
        "Escanee este código con una app de autenticación (o escriba la clave) y luego introduzca el código de 6 "
        "dígitos que muestra.",
        "Escanegeu aquest codi amb una app d'autenticació (o escriviu la clau) i després introduïu el codi de 6 "
        "xifres que mostra."),
    "QR code for your authenticator app": ("Código QR para o seu app autenticador",
                                           "Código QR para su app de autenticación",
                                           "Codi QR per a la vostra app d'autenticació"),
    "Key:": ("Chave:", "Clave:", "Clau:"), "Code:": ("Código:", "Código:", "Codi:"),
    "Verify": ("Verificar", "Verificar", "Verifica"), "Sign out": ("Sair", "Cerrar sesión", "Tanca la sessió"),
    "Enter the 6-digit code your authenticator app shows for this account.": (
        "Informe o código de 6 dígitos que o seu app autenticador mostra para esta conta.",
        "Introduzca el código de 6 dígitos que su app de autenticación muestra para esta cuenta.",
        "Introduïu el codi de 6 xifres que la vostra app d'autenticació mostra per a aquest compte."),
    "Enter the %(digits)s-digit code your authenticator app shows now.": (
        "Informe o código de %(digits)s dígitos que o seu app autenticador mostra agora.",
        "Introduzca el código de %(digits)s dígitos que su app de autenticación muestra ahora.",
        "Introduïu el codi de %(digits)s xifres que la vostra app d'autenticació mostra ara."),
    "Enter your authenticator code at /admin/second-factor/ first.": (
        "Informe antes o código do seu autenticador em /admin/second-factor/.",
        "Introduzca antes el código de su autenticador en /admin/second-factor/.",
        "Introduïu abans el codi del vostre autenticador a /admin/second-factor/."),
    "Second factor set up: it will be asked at every sign-in.": (
        "Segundo fator configurado: ele será pedido em todo acesso.",
        "Segundo factor configurado: se pedirá en cada acceso.",
        "Segon factor configurat: es demanarà a cada accés."),
    "That code is not the current one: check your device's clock and try again.": (
        "Esse código não é o atual: confira o relógio do seu aparelho e tente de novo.",
        "Ese código no es el actual: compruebe el reloj de su dispositivo y vuelva a intentarlo.",
        "Aquest codi no és l'actual: comproveu el rellotge del dispositiu i torneu-ho a provar."),
    "Too many wrong codes: wait a few seconds, then enter the current code.": (
        "Muitos códigos errados: espere alguns segundos e informe o código atual.",
        "Demasiados códigos erróneos: espere unos segundos e introduzca el código actual.",
        "Massa codis erronis: espereu uns segons i introduïu el codi actual."),
    "Too many wrong codes: try again after %(time)s.": (
        "Muitos códigos errados: tente de novo depois das %(time)s.",
        "Demasiados códigos erróneos: vuelva a intentarlo después de las %(time)s.",
        "Massa codis erronis: torneu-ho a provar després de les %(time)s."),
    # records named in the roles' permissions only
    "heartbeat": ("sinal de vida", "señal de vida", "senyal de vida"),
    "heartbeats": ("sinais de vida", "señales de vida", "senyals de vida"),
    "message of a request": ("mensagem de um pedido", "mensaje de un pedido", "missatge d'una petició"),
    "messages of requests": ("mensagens de pedidos", "mensajes de pedidos", "missatges de peticions"),
    "Pix key lookup": ("consulta de chave Pix", "consulta de clave Pix", "consulta de clau Pix"),
    "Pix key lookups": ("consultas de chave Pix", "consultas de clave Pix", "consultes de clau Pix"),
    "customer sign-in token": ("token de acesso do cliente", "token de acceso del cliente",
                               "testimoni d'accés del client"),
    "customer sign-in tokens": ("tokens de acesso do cliente", "tokens de acceso del cliente",
                                "testimonis d'accés del client"),
    "reference shown to the model": ("referência mostrada ao modelo", "referencia mostrada al modelo",
                                     "referència mostrada al model"),
    "references shown to the model": ("referências mostradas ao modelo", "referencias mostradas al modelo",
                                      "referències mostrades al model"),
    "Pix code": ("código Pix", "código Pix", "codi Pix"), "Pix codes": ("códigos Pix", "códigos Pix", "codis Pix"),
    "delivery": ("entrega", "entrega", "lliurament"), "deliveries": ("entregas", "entregas", "lliuraments"),
    "delivery status": ("situação da entrega", "estado de la entrega", "estat del lliurament"),
    "delivery statuses": ("situações das entregas", "estados de las entregas", "estats dels lliuraments"),
    "customer's WhatsApp number": ("número de WhatsApp do cliente", "número de WhatsApp del cliente",
                                   "número de WhatsApp del client"),
    "customers' WhatsApp numbers": ("números de WhatsApp dos clientes", "números de WhatsApp de los clientes",
                                    "números de WhatsApp dels clients"),
    "WhatsApp": ("WhatsApp", "WhatsApp", "WhatsApp"), "Platform": ("Plataforma", "Plataforma", "Plataforma"),
    "Conversation with %(customer)s": ("Conversa com %(customer)s", "Conversación con %(customer)s",
                                       "Conversa amb %(customer)s"),
    "WhatsApp id (digits)": ("Id no WhatsApp (só dígitos)", "Id de WhatsApp (solo dígitos)",
                             "Id de WhatsApp (només xifres)"),
    "Digits only, as a WhatsApp id (e.g. 5511999990099).": (
        "Só dígitos, como um id do WhatsApp (por exemplo 5511999990099).",
        "Solo dígitos, como un id de WhatsApp (por ejemplo 5511999990099).",
        "Només xifres, com un id de WhatsApp (per exemple 5511999990099)."),
    "This id is already a sandbox customer.": ("Este id já é de um cliente de teste.",
                                               "Este id ya es de un cliente de prueba.",
                                               "Aquest id ja és d'un client de prova."),
    "This id is a real customer's: a sandbox customer needs an id of its own.": (
        "Este id é de um cliente real: um cliente de teste precisa de um id próprio.",
        "Este id es de un cliente real: un cliente de prueba necesita un id propio.",
        "Aquest id és d'un client real: un client de prova necessita un id propi."),
    "system (created)": ("sistema (criação)", "sistema (creación)", "sistema (creació)"),
    # columns and hints of the tables
    "app secret": ("segredo do app", "secreto de la app", "secret de l'app"),
    "webhook verify token": ("token de verificação do webhook", "token de verificación del webhook",
                             "testimoni de verificació del webhook"),
    "access token": ("token de acesso", "token de acceso", "testimoni d'accés"),
    "nickname (for search)": ("apelido (para busca)", "apodo (para búsqueda)", "sobrenom (per a la cerca)"),
    "search text": ("texto de busca", "texto de búsqueda", "text de cerca"),
    "brand (for search)": ("marca (para busca)", "marca (para búsqueda)", "marca (per a la cerca)"),
    "model (for search)": ("modelo (para busca)", "modelo (para búsqueda)", "model (per a la cerca)"),
    "Languages customers are answered in, besides the organisation's own.": (
        "Idiomas em que os clientes são atendidos, além do da organização.",
        "Idiomas en que se atiende a los clientes, además del de la organización.",
        "Idiomes en què s'atén els clients, a més del de l'organització."),
    "Admins must enter a code of an authenticator app after their password.": (
        "Os administradores devem informar um código de um app autenticador depois da senha.",
        "Los administradores deben introducir un código de una app de autenticación después de la contraseña.",
        "Els administradors han d'introduir un codi d'una app d'autenticació després de la contrasenya."),
    "The largest amount one request may carry (a Pix, a price ceiling), in cents; anything above is refused before "
    "it reaches an approval or an engine.": (
        "O maior valor que um pedido pode ter (um Pix, um teto de preço), em centavos; acima disso é recusado antes "
        "de chegar a uma aprovação ou ao sistema.",
        "El mayor importe que puede llevar un pedido (un Pix, un tope de precio), en centavos; lo que lo supere se "
        "rechaza antes de llegar a una aprobación o al sistema.",
        "L'import més gran que pot dur una petició (un Pix, un límit de preu), en cèntims; el que el superi es "
        "rebutja abans d'arribar a una aprovació o al sistema."),
    "Name used when the organisation's language has none.": (
        "Nome usado quando não há um no idioma da organização.",
        "Nombre usado cuando no hay uno en el idioma de la organización.",
        "Nom que s'usa quan no n'hi ha cap en l'idioma de l'organització."),
    "Price per person, in cents of `currency`.": ("Preço por pessoa, em centavos da moeda.",
                                                  "Precio por persona, en centavos de la moneda.",
                                                  "Preu per persona, en cèntims de la moneda."),
    'e.g. "iPhone 13"; blank for generic accessories': ('por exemplo "iPhone 13"; vazio para acessórios genéricos',
                                                        'por ejemplo "iPhone 13"; vacío para accesorios genéricos',
                                                        'per exemple "iPhone 13"; buit per a accessoris genèrics'),
    "storage; empty for accessories": ("armazenamento; vazio para acessórios",
                                       "almacenamiento; vacío para accesorios",
                                       "emmagatzematge; buit per a accessoris"),
    "in minor units (cents) of `currency`": ("em centavos da moeda", "en centavos de la moneda",
                                             "en cèntims de la moneda"),
    "empty = no warranty data on record; 0 = explicitly no warranty": (
        "vazio = sem dados de garantia; 0 = sem garantia", "vacío = sin datos de garantía; 0 = sin garantía",
        "buit = sense dades de garantia; 0 = sense garantia"),
    "flagged by staff even if stock remains (e.g. reserved)": (
        "marcado pela equipe mesmo com estoque (por exemplo, reservado)",
        "marcado por el equipo aunque quede stock (por ejemplo, reservado)",
        "marcat per l'equip encara que en quedi estoc (per exemple, reservat)"),
    "as the customer named it": ("como o cliente o chamou", "como lo llamó el cliente", "com l'anomenà el client"),
    "share of the base price paid for this battery": ("parte do preço base paga por esta bateria",
                                                      "parte del precio base pagada por esta batería",
                                                      "part del preu base pagada per aquesta bateria"),
    "quantity": ("quantidade", "cantidad", "quantitat"),
    # Django's words that its Catalan catalogue lacks (the es and pt-BR words are Django's own)
    "Password-based authentication": ("Autenticação baseada em senha", "Autenticación basada en contraseña",
                                      "Autenticació amb contrasenya"),
    "Enabled": ("Habilitado", "Habilitado", "Activada"), "Disabled": ("Desabilitado", "Deshabilitado", "Desactivada"),
    "Whether the user will be able to authenticate using a password or not. If disabled, they may still be able to "
    "authenticate using other backends, such as Single Sign-On or LDAP.": (
        "Se este usuário conseguirá autenticar usando uma senha ou não. Se desabilitado ainda será possível "
        "autenticar utilizando outros métodos, como Login Único ou LDAP.",
        "Si el usuario podrá autenticarse con una contraseña o no. Si se deshabilita, aún podrá autenticarse con "
        "otros métodos, como el inicio de sesión único o LDAP.",
        "Si l'usuari es podrà autenticar amb una contrasenya o no. Si es desactiva, encara es podrà autenticar amb "
        "altres mètodes, com l'inici de sessió únic o LDAP."),
}
