"""O 1.º prompt pede o e-mail sem mandar o documento: o modelo tem de o inventar.

Requisito: r1
"""


def extrair_validar_resumir(documento, chamar_modelo):
    email = chamar_modelo(
        "Extrai o e-mail do cliente da fatura. Responde só com o e-mail."
    ).strip()
    local, arroba, dominio = email.partition("@")
    valido = (email.count("@") == 1 and local and "." in dominio.strip(".")
              and not any(c.isspace() for c in email))
    if not valido:
        return {"ok": False, "etapa": "validacao", "erro": f"e-mail inválido: {email!r}"}
    resumo = chamar_modelo("Resume esta fatura numa frase.\n\n" + documento)
    return {"ok": True, "campo": email, "resumo": resumo}
