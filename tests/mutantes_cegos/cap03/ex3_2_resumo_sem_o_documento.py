"""A chamada 2 pede o resumo «da fatura do cliente <e-mail>» sem mandar o documento, como se o modelo se lembrasse dele.

Requisito: r6
"""
# ruff: noqa: F821

_certo = extrair_validar_resumir


def extrair_validar_resumir(documento, chamar_modelo):
    respostas = []

    def modelo(prompt):
        if respostas:  # a chamada 2
            prompt = f"Resume numa frase a fatura do cliente {respostas[0].strip()}."
        respostas.append(chamar_modelo(prompt))
        return respostas[-1]

    return _certo(documento, modelo)
