"""Pede ao modelo que confirme o e-mail antes do resumo: três chamadas quando devia haver duas.

Requisito: r7
"""


def extrair_validar_resumir(documento, chamar_modelo):
    email = chamar_modelo(
        "Extrai o e-mail do cliente desta fatura. Responde só com o e-mail.\n\n" + documento
    ).strip()
    local, arroba, dominio = email.partition("@")
    valido = (email.count("@") == 1 and local and "." in dominio.strip(".")
              and not any(c.isspace() for c in email))
    if not valido:
        return {"ok": False, "etapa": "validacao", "erro": f"e-mail inválido: {email!r}"}
    chamar_modelo(f"Confirma que {email} é o e-mail do cliente desta fatura.\n\n" + documento)
    resumo = chamar_modelo("Resume esta fatura numa frase.\n\n" + documento)
    return {"ok": True, "campo": email, "resumo": resumo}
