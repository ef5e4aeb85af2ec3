"""A tarefa de demonstração com duas ferramentas: «Tenho 250 dólares. Quanto é isso em reais?».

Traz as duas ferramentas (funções Python e os seus esquemas para ``tools=``) e um decisor que
as usa como um modelo faria: primeiro ``obter_taxa_cambio``, depois ``converter``, depois a
resposta final. Serve para experimentar um agente de ponta a ponta sem rede, por exemplo com
``curso servidor --decisor curso.offline.exemplos:decisor_cambio``.
"""

from __future__ import annotations

import json
import re

# Taxas fixas (fictícias, para a demonstração ser determinística).
TAXAS = {
    ("USD", "BRL"): 5.5,
    ("EUR", "BRL"): 6.0,
    ("USD", "EUR"): 0.9,
    ("EUR", "USD"): 1.1,
    ("BRL", "EUR"): 0.16,
    ("BRL", "USD"): 0.18,
}

_MOEDAS = {
    "USD": ("dólar", "dólares", "usd", "$"),
    "EUR": ("euro", "euros", "eur", "€"),
    "BRL": ("real", "reais", "brl", "r$"),
}


def obter_taxa_cambio(origem: str, destino: str) -> float:
    """Quantas unidades de ``destino`` vale uma unidade de ``origem`` (códigos ISO: USD, EUR, BRL)."""
    chave = (origem.upper(), destino.upper())
    if chave not in TAXAS:
        raise ValueError(f"Não conheço a taxa {chave[0]}→{chave[1]}.")
    return TAXAS[chave]


def converter(valor: float, taxa: float) -> float:
    """``valor`` multiplicado pela ``taxa``, arredondado aos cêntimos."""
    return round(float(valor) * float(taxa), 2)


FERRAMENTAS = {"obter_taxa_cambio": obter_taxa_cambio, "converter": converter}

def _esquema(nome: str, descricao: str, propriedades: dict[str, tuple[str, str]]) -> dict:
    """O esquema ``tools=`` de uma função cujos parâmetros são todos obrigatórios."""
    return {
        "type": "function",
        "function": {
            "name": nome,
            "description": descricao,
            "parameters": {
                "type": "object",
                "properties": {
                    chave: {"type": tipo, "description": texto}
                    for chave, (tipo, texto) in propriedades.items()
                },
                "required": list(propriedades),
                "additionalProperties": False,
            },
        },
    }


ESQUEMAS = [
    _esquema(
        "obter_taxa_cambio",
        "Devolve a taxa de câmbio entre duas moedas (códigos ISO 4217).",
        {"origem": ("string", "moeda de origem, p. ex. USD"), "destino": ("string", "moeda de destino, p. ex. BRL")},
    ),
    _esquema(
        "converter",
        "Multiplica um montante por uma taxa de câmbio.",
        {"valor": ("number", "o montante na moeda de origem"), "taxa": ("number", "a taxa de câmbio")},
    ),
]

PERGUNTA = "Tenho 250 dólares. Quanto é isso em reais?"


def _texto(content) -> str:
    if isinstance(content, list):
        return " ".join(p.get("text", "") for p in content if isinstance(p, dict))
    return content if isinstance(content, str) else ""


def _moedas_no_texto(texto: str) -> list[str]:
    encontradas = []
    for palavra in re.findall(r"r\$|\$|€|[a-zà-ú]+", texto.lower()):
        for codigo, nomes in _MOEDAS.items():
            if palavra in nomes and codigo not in encontradas:
                encontradas.append(codigo)
    return encontradas


def _numero(texto) -> float | None:
    try:
        valor = json.loads(texto) if isinstance(texto, str) else texto
    except ValueError:
        valor = None
    if isinstance(valor, dict):
        valor = next((v for v in valor.values() if isinstance(v, (int, float))), None)
    if isinstance(valor, (int, float)) and not isinstance(valor, bool):
        return float(valor)
    achado = re.search(r"-?\d+(?:[.,]\d+)?", texto if isinstance(texto, str) else "")
    return float(achado.group().replace(",", ".")) if achado else None


def _formatar(valor: float) -> str:
    return f"{valor:,.2f}".replace(",", " ").replace(".", ",")


def decisor_cambio(mensagens: list[dict], ferramentas: list[dict]):
    """Resolve «Tenho N <moeda>. Quanto é isso em <moeda>?» com duas chamadas de ferramentas."""
    nomes = {f.get("function", {}).get("name") for f in ferramentas if isinstance(f, dict)}
    if not {"obter_taxa_cambio", "converter"} <= nomes:
        return (
            "Para converter moedas preciso das ferramentas obter_taxa_cambio e converter "
            "(ver curso.offline.exemplos.ESQUEMAS)."
        )
    ultimo_utilizador = max(
        (i for i, m in enumerate(mensagens) if m.get("role") == "user"), default=None
    )
    if ultimo_utilizador is None:
        return "Diz-me que montante queres converter."
    pergunta = _texto(mensagens[ultimo_utilizador].get("content"))
    moedas = _moedas_no_texto(pergunta)
    montante = _numero(pergunta)
    if montante is None or len(moedas) < 2:
        return "Não percebi o montante e as duas moedas. Experimenta: «" + PERGUNTA + "»"
    origem, destino = moedas[0], moedas[1]
    # o que já aconteceu depois da pergunta: nome da chamada -> resultado
    chamadas, resultados = {}, {}
    for m in mensagens[ultimo_utilizador + 1 :]:
        for c in m.get("tool_calls") or ():
            chamadas[c["id"]] = c["function"]["name"]
        if m.get("role") == "tool" and m.get("tool_call_id") in chamadas:
            resultados[chamadas[m["tool_call_id"]]] = _texto(m.get("content"))
    if "obter_taxa_cambio" not in resultados:
        return [{"nome": "obter_taxa_cambio", "argumentos": {"origem": origem, "destino": destino}}]
    taxa = _numero(resultados["obter_taxa_cambio"])
    if taxa is None:
        return f"A ferramenta obter_taxa_cambio não devolveu uma taxa: {resultados['obter_taxa_cambio']}"
    if "converter" not in resultados:
        return [{"nome": "converter", "argumentos": {"valor": montante, "taxa": taxa}}]
    convertido = _numero(resultados["converter"])
    if convertido is None:
        return f"A ferramenta converter não devolveu um número: {resultados['converter']}"
    nomes_moedas = {"USD": "dólares", "EUR": "euros", "BRL": "reais"}
    return (
        f"{_formatar(montante)} {nomes_moedas[origem]} são {_formatar(convertido)} "
        f"{nomes_moedas[destino]} (taxa de {taxa:g})."
    )
