"""``tool_choice`` e ``parallel_tool_calls`` cumpridos, nas duas APIs.

O decisor vê as ferramentas que o modelo poderia usar (nenhuma com ``"none"``, só a escolhida com
uma função nomeada); se mesmo assim responder o que o pedido proíbe, o pedido falha com uma
mensagem que nomeia o decisor e o pedido — nunca uma resposta silenciosamente errada.

``parallel_tool_calls=false`` é diferente: é uma escolha válida de quem pede, e a API real cumpre-a
devolvendo no máximo uma chamada por resposta. Um decisor escrito sem pensar nela (que devolve
várias chamadas) não a faz rebentar: a resposta leva só a primeira (:func:`cumprir`).
"""

from __future__ import annotations

from dataclasses import dataclass


class DecisorIncumpridor(RuntimeError):
    """O decisor respondeu algo que ``tool_choice``/``parallel_tool_calls`` não permitem."""


@dataclass(frozen=True)
class Escolha:
    modo: str = "auto"  # "auto", "none", "required" ou "funcao"
    nome: str | None = None  # a função obrigatória, quando modo == "funcao"
    paralelas: bool = True

    def descrever(self) -> str:
        partes = []
        if self.modo == "funcao":
            partes.append(f"tool_choice a função {self.nome!r}")
        elif self.modo != "auto":
            partes.append(f"tool_choice={self.modo!r}")
        if not self.paralelas:
            partes.append("parallel_tool_calls=false")
        return " e ".join(partes)


def ler_escolha(pedido: dict) -> Escolha:
    """Lê ``tool_choice`` nas duas formas (Chat Completions e Responses) e ``parallel_tool_calls``."""
    valor = pedido.get("tool_choice")
    paralelas = pedido.get("parallel_tool_calls") is not False
    if valor in ("none", "required"):
        return Escolha(valor, None, paralelas)
    if isinstance(valor, dict) and valor.get("type") == "function":
        funcao = valor.get("function")
        nome = funcao.get("name") if isinstance(funcao, dict) else valor.get("name")
        if isinstance(nome, str):
            return Escolha("funcao", nome, paralelas)
    return Escolha("auto", None, paralelas)


def _nome(ferramenta: dict) -> str | None:
    funcao = ferramenta.get("function")
    return funcao.get("name") if isinstance(funcao, dict) else ferramenta.get("name")


def ferramentas_permitidas(ferramentas: list, escolha: Escolha) -> list:
    """As ferramentas que o decisor vê: as que o modelo pode chamar com esta escolha."""
    if escolha.modo == "none":
        return []
    if escolha.modo == "funcao":
        return [f for f in ferramentas if isinstance(f, dict) and _nome(f) == escolha.nome]
    return ferramentas


def funcao_em_falta(ferramentas: list, escolha: Escolha) -> str | None:
    """A mensagem de erro quando ``tool_choice`` nomeia uma função que não está em ``tools``."""
    if escolha.modo == "funcao" and not ferramentas_permitidas(ferramentas, escolha):
        return (
            f"tool_choice nomeia a função {escolha.nome!r}, que não está em tools: nenhum modelo "
            "pode cumprir este pedido. (A API real também o recusa com um 400; a redação dela pode "
            "ser outra.)"
        )
    return None


def nome_do_decisor(decisor) -> str:
    nome = getattr(decisor, "__qualname__", None) or getattr(decisor, "__name__", None)
    modulo = getattr(decisor, "__module__", None)
    if nome and modulo:
        return f"{modulo}.{nome}"
    return repr(decisor)


def cumprir(chamadas: list, escolha: Escolha) -> list:
    """As chamadas que a resposta leva: com ``parallel_tool_calls=false``, só a primeira."""
    return chamadas if escolha.paralelas else chamadas[:1]


def confirmar(texto, chamadas: list, escolha: Escolha, decisor) -> None:
    """Lança :class:`DecisorIncumpridor` se a resposta do decisor violar a escolha do pedido."""
    problema = None
    nomes = [nome for nome, _ in chamadas]
    if escolha.modo == "none" and chamadas:
        problema = f"devolveu {len(chamadas)} chamada(s) ({', '.join(nomes)})"
    elif escolha.modo == "required" and not chamadas:
        problema = "devolveu um texto em vez de uma chamada"
    elif escolha.modo == "funcao" and (not chamadas or any(n != escolha.nome for n in nomes)):
        problema = f"devolveu {', '.join(nomes) or 'um texto'} em vez de chamar {escolha.nome!r}"
    if problema:
        raise DecisorIncumpridor(
            f"O decisor {nome_do_decisor(decisor)} {problema}, mas o pedido tem "
            f"{escolha.descrever()}. Um modelo real não o faria: ajusta o decisor (ou o Roteiro) "
            "para respeitar o pedido."
        )
