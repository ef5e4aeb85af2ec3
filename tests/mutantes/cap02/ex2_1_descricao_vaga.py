"""Uma descrição vaga («consulta dados») que não diz ao modelo o que a ferramenta faz nem quando.

Requisito: r4, r5
"""

FERRAMENTA_CATALOGO = {
    "type": "function",
    "function": {
        "name": "consultar_catalogo",
        "description": "Consulta dados.",
        "parameters": {
            "type": "object",
            "properties": {"nome_produto": {"type": "string"}},
            "required": ["nome_produto"],
        },
    },
}
