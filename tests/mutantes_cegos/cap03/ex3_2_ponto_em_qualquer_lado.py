"""Procura o ponto no e-mail inteiro, não no domínio: "ana.silva@exemplo" passa a validação.

Requisito: r3
"""


def _parece_email(texto):
    return texto.count("@") == 1 and "." in texto and not texto.startswith("@") and not any(c.isspace() for c in texto)


def extrair_validar_resumir(documento, chamar_modelo):
    resposta = chamar_modelo("Extrai o e-mail do cliente desta fatura.\n\n" + documento).strip()
    if _parece_email(resposta):
        return {"ok": True, "campo": resposta,
                "resumo": chamar_modelo("Resume esta fatura numa frase.\n\n" + documento)}
    return {"ok": False, "etapa": "validacao", "erro": f"e-mail inválido: {resposta!r}"}
