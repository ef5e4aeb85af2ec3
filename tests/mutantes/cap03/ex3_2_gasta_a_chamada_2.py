"""Pede o resumo logo a seguir à extração e só depois olha para a validação: gasta a 2.ª chamada à toa.

Requisito: r4
"""


def extrair_validar_resumir(documento, chamar_modelo):
    email = chamar_modelo(
        "Extrai o e-mail do cliente desta fatura. Responde só com o e-mail.\n\n" + documento
    ).strip()
    local, arroba, dominio = email.partition("@")
    valido = (email.count("@") == 1 and local and "." in dominio.strip(".")
              and not any(c.isspace() for c in email))
    resumo = chamar_modelo("Resume esta fatura numa frase.\n\n" + documento)
    if not valido:
        return {"ok": False, "etapa": "validacao", "erro": f"e-mail inválido: {email!r}"}
    return {"ok": True, "campo": email, "resumo": resumo}
