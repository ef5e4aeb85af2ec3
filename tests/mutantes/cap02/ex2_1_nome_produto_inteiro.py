"""Declara nome_produto como "integer" (um número de produto) em vez de texto.

Requisito: r2
"""

FERRAMENTA_CATALOGO = {
    "type": "function",
    "function": {
        "name": "consultar_catalogo",
        "description": (
            "Consulta o preço (em euros) e o stock de um produto do catálogo da loja. Usa-a sempre "
            "que o utilizador perguntar quanto custa um produto ou se há unidades disponíveis."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "nome_produto": {
                    "type": "integer",
                    "description": "Nome do produto em minúsculas, tal como no catálogo, ex.: 'rato sem fios'.",
                },
            },
            "required": ["nome_produto"],
            "additionalProperties": False,
        },
    },
}
