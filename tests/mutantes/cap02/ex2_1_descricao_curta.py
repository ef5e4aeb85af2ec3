"""Uma descrição de quatro palavras («Consulta o catálogo da loja.»): diz pouco ao modelo sobre quando a usar.

Requisito: r4
"""

FERRAMENTA_CATALOGO = {
    "type": "function",
    "function": {
        "name": "consultar_catalogo",
        "description": "Consulta o catálogo da loja.",
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
