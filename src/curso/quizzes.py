"""As perguntas dos quizzes das lições: o texto, as opções com a explicação de cada uma, a certa.

Vivem num ficheiro de dados do pacote, ``curso/dados/quizzes.toml``, e não nas células das
lições: a célula mostra só o quiz (``Quiz.da_licao("id")``, em ``curso.widgets``), e quem lê o
caderno não vê a resposta nem as explicações antes de escolher.

Uma pergunta com ``exercicio = "N.M"`` é também um quiz com nota no caderno de exercícios do
capítulo (``resposta_N_M = "x"``). Aí cada peça tem o seu sítio:

- a verificação pública (``TestExN_M``) confirma só que a resposta é uma das letras
  (``letra_do_quiz``): uma verificação que dissesse se é a certa dava a resposta a quem
  experimentasse as letras uma a uma;
- a letra certa está nos testes escondidos, que chamam ``corrigir``. Uma resposta errada lança
  ``RespostaErrada`` com a explicação de cada opção: não é um ``AssertionError``, por isso o
  retorno da correção (``curso.correcao.retorno``) mostra a mensagem ao aluno, que fica a saber
  porque errou.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from curso.verificacao.vocabulario import explica

FICHEIRO = Path(__file__).resolve().parent / "dados" / "quizzes.toml"
_EXERCICIO = re.compile(r"\d+\.\d+")


class RespostaErrada(Exception):
    """A resposta de um quiz com nota não é a certa; a mensagem explica cada opção."""


@dataclass(frozen=True)
class Opcao:
    letra: str
    texto: str
    explicacao: str


@dataclass(frozen=True)
class Pergunta:
    """Uma pergunta de escolha múltipla, com a explicação de cada opção (certa ou errada)."""

    id: str
    licao: str                 # o caderno onde aparece, sem «.ipynb»: «01_o_que_e_um_agente»
    pergunta: str
    opcoes: tuple[Opcao, ...]
    correta: str
    exercicio: str | None = None   # «N.M» quando também é um quiz com nota

    @property
    def letras(self) -> str:
        return "".join(o.letra for o in self.opcoes)

    @property
    def variavel(self) -> str | None:
        """A variável da resposta no caderno de exercícios (``resposta_N_M``), se tiver nota."""
        return f"resposta_{self.exercicio.replace('.', '_')}" if self.exercicio else None

    def explicacoes(self, escolhida: str | None) -> str:
        """Cada opção com a sua explicação, a escolhida primeiro (o texto do retorno)."""
        ordem = sorted(self.opcoes, key=lambda o: o.letra != escolhida)
        linhas = []
        for o in ordem:
            marca = "✔" if o.letra == self.correta else "✘"
            quem = " (a tua escolha)" if o.letra == escolhida else ""
            linhas.append(f"{marca} {o.letra}){quem} {o.texto} — {o.explicacao}")
        return "\n".join(linhas)


def _ler(bruto: dict) -> Pergunta:
    opcoes = tuple(Opcao(letra, str(o["texto"]), str(o["explicacao"]))
                   for letra, o in zip("abcdefgh", bruto["opcoes"]))
    return Pergunta(id=str(bruto["id"]), licao=str(bruto["licao"]), pergunta=str(bruto["pergunta"]),
                    opcoes=opcoes, correta=str(bruto["correta"]), exercicio=bruto.get("exercicio"))


def problemas_da_pergunta(p: Pergunta) -> list[str]:
    """O que está mal numa pergunta, numa frase cada (vazio quando está bem)."""
    erros = []
    if len(p.opcoes) < 2:
        erros.append(f"{p.id}: um quiz precisa de pelo menos duas opções")
    if any(not o.texto.strip() or not o.explicacao.strip() for o in p.opcoes):
        erros.append(f"{p.id}: cada opção precisa de texto e de explicação (mesmo as erradas)")
    if p.correta not in p.letras:
        erros.append(f"{p.id}: a certa, {p.correta!r}, não é uma das letras {p.letras}")
    if p.exercicio is not None and not _EXERCICIO.fullmatch(str(p.exercicio)):
        erros.append(f"{p.id}: exercicio = {p.exercicio!r} não é um id «N.M»")
    return erros


@functools.cache
def perguntas(caminho: Path = FICHEIRO) -> dict[str, Pergunta]:
    """Todas as perguntas, por id, pela ordem do ficheiro; ``ValueError`` se alguma estiver mal."""
    lidas = [_ler(bruto) for bruto in tomllib.loads(caminho.read_text(encoding="utf-8"))["quiz"]]
    erros = [erro for p in lidas for erro in problemas_da_pergunta(p)]
    ids = [p.id for p in lidas]
    erros += [f"o id {i!r} aparece mais de uma vez" for i in sorted({i for i in ids if ids.count(i) > 1})]
    if erros:
        raise ValueError(f"{caminho.name}: " + "; ".join(erros))
    return {p.id: p for p in lidas}


def pergunta(ident: str) -> Pergunta:
    """A pergunta ``ident`` (um id do ficheiro, ou o id ``N.M`` de um quiz com nota)."""
    todas = perguntas()
    if ident in todas:
        return todas[ident]
    por_exercicio = {p.exercicio: p for p in todas.values() if p.exercicio}
    if ident in por_exercicio:
        return por_exercicio[ident]
    raise KeyError(f"Não há nenhum quiz {ident!r}. Os que há: {', '.join(todas)}.")


def letra_do_quiz(valor: object, variavel: str, letras: str) -> str:
    """A letra escolhida, sem espaços e em minúscula, para a verificação pública de um quiz.

    Lança ``AssertionError`` (a dica primeiro) quando ``valor`` não é uma das ``letras``; nunca
    diz se é a certa. Só um ``str`` a sério passa: uma subclasse com um ``__eq__`` que diz
    sempre que sim é recusada.
    """
    lista = ", ".join(letras[:-1]) + " ou " + letras[-1]
    dica = f'Escreve só a letra da opção ({lista}), entre aspas, por exemplo {variavel} = "{letras[0]}".'
    if type(valor) is not str:
        raise AssertionError(explica(dica, f"{variavel} é do tipo {type(valor).__name__}"))
    letra = valor.strip().lower()
    if letra not in tuple(letras):
        raise AssertionError(explica(dica, f"{variavel} = {valor!r}"))
    return letra


def corrigir(exercicio: str, valor: object, certa: str) -> None:
    """Para os testes escondidos de um quiz com nota: passa com a letra ``certa``; senão lança
    ``RespostaErrada`` com a explicação de cada opção, a escolhida primeiro."""
    p = pergunta(exercicio)
    letra = valor.strip().lower() if type(valor) is str else None
    if letra == certa:
        return
    if valor is Ellipsis:  # o valor de partida do caderno em branco: ainda ninguém escolheu
        inicio = "ficou por responder (ainda tem as reticências do caderno em branco)"
    elif letra in tuple(p.letras):
        inicio = f"a tua resposta foi {letra})"
    else:
        inicio = f"a tua resposta foi {valor!r}, que não é uma das opções"
    raise RespostaErrada(f"Quiz {exercicio}: {inicio}. Relê a explicação de cada "
                         f"opção:\n{p.explicacoes(letra)}")
