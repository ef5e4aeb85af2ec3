"""Descreve bem a ferramenta mas deixa o argumento nome_produto sem description.

Requisito: r5
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
                    "type": "string",
                },
            },
            "required": ["nome_produto"],
            "additionalProperties": False,
        },
    },
}
