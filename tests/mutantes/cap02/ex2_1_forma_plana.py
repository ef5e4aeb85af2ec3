"""Escreve a definição na forma plana (sem a chave "function"), que a API recusa.

Requisito: r1
"""

FERRAMENTA_CATALOGO = {
    "type": "function",
    "name": "consultar_catalogo",
    "description": "Consulta o preço em euros e o stock de um produto do catálogo; usa-a quando perguntam preços.",
    "parameters": {
        "type": "object",
        "properties": {"nome_produto": {"type": "string", "description": "Nome do produto, em minúsculas."}},
        "required": ["nome_produto"],
    },
}
