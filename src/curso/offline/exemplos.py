"""A tarefa de demonstração com duas ferramentas: «Tenho 250 euros. Quanto é isso em libras?».

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
    ("EUR", "GBP"): 0.85,
    ("GBP", "EUR"): 1.18,
    ("EUR", "CHF"): 0.94,
    ("CHF", "EUR"): 1.06,
    ("EUR", "USD"): 1.08,
    ("USD", "EUR"): 0.93,
}

# palavras que nomeiam cada moeda numa pergunta, e o símbolo com que a resposta a escreve
_MOEDAS = {
    "EUR": ("euro", "euros", "eur", "€"),
    "GBP": ("libra", "libras", "gbp", "£"),
    "CHF": ("franco", "francos", "chf"),
    "USD": ("dólar", "dólares", "usd", "$"),
}
_SIMBOLOS = {"EUR": "€", "GBP": "£", "CHF": "CHF", "USD": "US$"}


def obter_taxa_cambio(origem: str, destino: str) -> float:
    """Quantas unidades de ``destino`` vale uma unidade de ``origem`` (códigos ISO: EUR, GBP, CHF, USD)."""
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
        {"origem": ("string", "moeda de origem, p. ex. EUR"), "destino": ("string", "moeda de destino, p. ex. GBP")},
    ),
    _esquema(
        "converter",
        "Multiplica um montante por uma taxa de câmbio.",
        {"valor": ("number", "o montante na moeda de origem"), "taxa": ("number", "a taxa de câmbio")},
    ),
]



def forma_plana(esquema: dict) -> dict:
    """O mesmo esquema na forma da API Responses (sem o nível ``"function"``)."""
    return {"type": "function", **esquema["function"]}


# as duas ferramentas na forma da API Responses: {"type": "function", "name": ..., "parameters": ...}
ESQUEMAS_PLANOS = [forma_plana(e) for e in ESQUEMAS]

PERGUNTA = "Tenho 250 euros. Quanto é isso em libras?"


def _texto(content) -> str:
    if isinstance(content, list):
        return " ".join(p.get("text", "") for p in content if isinstance(p, dict))
    return content if isinstance(content, str) else ""


def _moedas_no_texto(texto: str) -> list[str]:
    encontradas = []
    for palavra in re.findall(r"\$|€|£|[a-zà-ú]+", texto.lower()):
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


def formatar_montante(valor: float, moeda: str) -> str:
    """Um montante como se escreve em Portugal: ``formatar_montante(1375, "EUR")`` → «1 375,00 €»."""
    return f"{valor:,.2f}".replace(",", " ").replace(".", ",") + " " + _SIMBOLOS[moeda]


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
    return (
        f"{formatar_montante(montante, origem)} são {formatar_montante(convertido, destino)} "
        f"(taxa de {f'{taxa:g}'.replace('.', ',')})."
    )
