"""Esquece a lista required: o modelo pode chamar a ferramenta sem o nome do produto.

Requisito: r3
"""

FERRAMENTA_CATALOGO = {
    "type": "function",
    "function": {
        "name": "consultar_catalogo",
        "description": "Consulta o preço em euros e o stock de um produto do catálogo; usa-a quando perguntam preços.",
        "parameters": {
            "type": "object",
            "properties": {"nome_produto": {"type": "string", "description": "Nome do produto, em minúsculas."}},
        },
    },
}
