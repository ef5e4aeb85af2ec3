"""Dá à ferramenta outro nome («catalogo»): o modelo chama uma ferramenta que o código não conhece.

Requisito: r6
"""

FERRAMENTA_CATALOGO = {
    "type": "function",
    "function": {
        "name": "catalogo",
        "description": (
            "Consulta o preço (em euros) e o stock de um produto do catálogo da loja. Usa-a sempre "
            "que o utilizador perguntar quanto custa um produto ou se há unidades disponíveis."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "nome_produto": {
                    "type": "string",
                    "description": "Nome do produto em minúsculas, tal como no catálogo, ex.: 'rato sem fios'.",
                },
            },
            "required": ["nome_produto"],
            "additionalProperties": False,
        },
    },
}
