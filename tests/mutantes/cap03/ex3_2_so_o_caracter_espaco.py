"""Procura só o carácter espaço (" " in email), não qualquer espaço em branco: um tab ou uma mudança
de linha no meio do e-mail passam a validação.

Requisito: r3
"""


def extrair_validar_resumir(documento, chamar_modelo):
    email = chamar_modelo("Extrai o e-mail do cliente desta fatura.\n\n" + documento).strip()
    local, _, dominio = email.partition("@")
    if email.count("@") != 1 or not local or "." not in dominio.strip(".") or " " in email:
        return {"ok": False, "etapa": "validacao", "erro": f"e-mail inválido: {email!r}"}
    return {"ok": True, "campo": email, "resumo": chamar_modelo("Resume esta fatura.\n\n" + documento)}
