"""Testes de mutação das soluções: o cosmic-ray muda o código, as verificações têm de dar por isso.

Para cada exercício, o código da célula de solução (``grade_id`` ``exN_M``) é mutado pelos
operadores do cosmic-ray, só nas linhas entre ``### BEGIN SOLUTION`` e ``### END SOLUTION`` (o que
o aluno escreve). Cada mutante é julgado como o código de um aluno: corre por cima do caderno de
soluções carregado pelo mesmo caminho que o fixture ``nb`` usa, e passa (a) pelas verificações
públicas e (b) pelas públicas mais as escondidas da célula de verificação.

Cada mutante corre num processo filho (``fork``) do processo que já carregou o caderno e as
verificações: arrancar é barato, e um ciclo sem fim, um ``os._exit`` ou uma conta gigante só
matam o filho. Ferramenta de quem mantém o curso (precisa do extra ``testes`` e de ``fork``).
"""

from __future__ import annotations

import json
import os
import random
import re
import select
import signal
import time
import tomllib
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from curso import verificacao
from curso.caderno import Caderno, carregar, correr_escondidos
from curso.oraculo import do_lado_de_confianca
from curso.raiz import ErroDoCurso, caderno_de_exercicios, raiz_do_curso

INICIO, FIM = "### BEGIN SOLUTION", "### END SOLUTION"
INICIO_ESCONDIDOS, FIM_ESCONDIDOS = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
LIMITE_POR_VERIFICACAO = 3.0  # segundos: um mutante em ciclo infinito falha depressa…
LIMITE_PARA_CONFIRMAR = 15.0  # …e só conta como apanhado se também passar deste (máquina ocupada)
LIMITE_POR_MUTANTE = 40.0  # segundos: o filho é morto (e o mutante conta como apanhado)
# medido (issue 26): todos os exercícios a 100 % só com as públicas; 99 % obriga a explicar cada
# sobrevivente (uma verificação nova ou um equivalente com motivo) em quase todos os exercícios
OBJETIVO_TUDO, OBJETIVO_PUBLICAS = 0.99, 0.99
EQUIVALENTES = Path("tests") / "mutacao" / "equivalentes.toml"

MORTO_PUBLICAS, MORTO_ESCONDIDAS, SOBREVIVEU, INCOMPETENTE = (
    "morto pelas públicas", "morto pelas escondidas", "sobreviveu", "incompetente")


@dataclass
class Exercicio:
    ident: str
    codigo: str  # a célula de solução inteira
    escondidos: str  # o código entre os marcadores de testes escondidos ("" se não houver)


@dataclass
class Mutante:
    exercicio: str
    operador: str
    ocorrencia: int
    linha: int  # 1-based, na célula
    antes: str
    depois: str
    codigo: str = field(repr=False)

    @property
    def ident(self) -> str:
        return f"{self.exercicio} {self.operador} #{self.ocorrencia}"


@dataclass
class Julgamento:
    mutante: Mutante
    estado: str
    pormenor: str = ""


# ---------------------------------------------------------------------------------------------
# o que se muta


def exercicios_do_caderno(caminho: Path) -> dict[str, Exercicio]:
    """As células de solução (``exN_M``) e os testes escondidos (``exN_M_verificacao``)."""
    celulas = json.loads(Path(caminho).read_text(encoding="utf-8"))["cells"]
    codigo, escondidos = {}, {}
    for celula in celulas:
        grade_id = celula.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
        m = re.fullmatch(r"ex(\d+)_(\d+)(_verificacao)?", grade_id)
        if not m or celula.get("cell_type") != "code":
            continue
        ident, fonte = f"{int(m.group(1))}.{int(m.group(2))}", "".join(celula["source"])
        if m.group(3):
            dentro = re.search(re.escape(INICIO_ESCONDIDOS) + r"(.*?)" + re.escape(FIM_ESCONDIDOS), fonte, re.S)
            escondidos[ident] = dentro.group(1) if dentro else ""
        else:
            codigo[ident] = fonte
    return {i: Exercicio(i, c, escondidos.get(i, "")) for i, c in codigo.items()}


def _linhas_da_solucao(codigo: str) -> range:
    linhas = codigo.splitlines()
    inicio = next((i for i, t in enumerate(linhas, 1) if t.strip() == INICIO), 0)
    fim = next((i for i, t in enumerate(linhas, 1) if t.strip() == FIM), len(linhas) + 1)
    return range(inicio + 1, fim)


def _dentro_de_funcao(no) -> bool:
    # fora de funções, apagar «resposta = ...» deixaria o valor da solução no caderno: não se julga
    while no is not None:
        if no.type == "funcdef":
            return True
        no = no.parent
    return False


def _apagar_instrucao():
    """Um operador a mais, no formato dos do cosmic-ray: troca uma instrução simples por ``pass``.

    É a mutação clássica «apagar a instrução» (o mutmut e o PIT também a fazem) e o cosmic-ray não
    a traz: sem ela, um ``log.append(...)`` ou um ``return`` esquecidos nunca seriam experimentados.
    """
    import parso
    from cosmic_ray.operators.operator import Example, Operator

    class ApagarInstrucao(Operator):
        TIPOS = {"expr_stmt", "atom_expr", "power", "return_stmt"}

        def mutation_positions(self, node):
            if node.type in self.TIPOS and node.parent is not None and node.parent.type == "simple_stmt" \
                    and _dentro_de_funcao(node):
                yield (node.start_pos, node.end_pos)

        def mutate(self, node, index):
            return parso.parse(node.get_first_leaf().prefix + "pass")

        @classmethod
        def examples(cls):
            return (Example("x = 1", "pass"), Example("log.append(x)", "pass"))

    return ApagarInstrucao()


def _operadores():
    from cosmic_ray import plugins

    for nome in plugins.operator_names():
        classe = plugins.get_operator(nome)
        if not classe.arguments():  # os parametrizáveis precisam de configuração própria
            yield nome, classe()
    yield "curso/ApagarInstrucao", _apagar_instrucao()


def gerar_mutantes(exercicio: Exercicio) -> list[Mutante]:
    """Todos os mutantes que o cosmic-ray faz nas linhas escritas pelo aluno."""
    from cosmic_ray.ast import ast_nodes, get_ast
    from cosmic_ray.mutating import mutate_code

    dentro = _linhas_da_solucao(exercicio.codigo)
    original = exercicio.codigo.splitlines()
    arvore = get_ast(exercicio.codigo)
    mutantes = []
    for nome, operador in _operadores():
        posicoes = [p for no in ast_nodes(arvore) for p in operador.mutation_positions(no)]
        for ocorrencia, (inicio, _fim) in enumerate(posicoes):
            if inicio[0] not in dentro:
                continue
            codigo = mutate_code(exercicio.codigo, operador, ocorrencia)
            if codigo is None or codigo == exercicio.codigo:
                continue
            mudadas = codigo.splitlines()
            linha = inicio[0]
            depois = mudadas[linha - 1] if linha <= len(mudadas) else ""
            mutantes.append(Mutante(exercicio.ident, nome.removeprefix("core/").replace("curso/", ""), ocorrencia, linha,
                                    original[linha - 1].strip(), depois.strip(), codigo))
    return mutantes


# ---------------------------------------------------------------------------------------------
# julgar


def _julgar_aqui(base: Caderno, exercicio: Exercicio, mutante: Mutante) -> tuple[str, str]:
    """Corre no processo filho: o estado do mutante e um pormenor."""
    verificacao.LIMITE_POR_VERIFICACAO = LIMITE_POR_VERIFICACAO
    try:
        nb = base.com(mutante.codigo, f"<mutante {mutante.ident}>")
    except BaseException as erro:  # noqa: BLE001 — o mutante pode rebentar ao definir-se
        return INCOMPETENTE, f"não carrega: {type(erro).__name__}: {erro}"
    for ident, classe in verificacao.selecionar(exercicio.ident).items():
        for metodo in verificacao.metodos_de(classe):  # basta um ✘: para na primeira falha
            r = verificacao.correr_verificacao(ident, classe, metodo, nb)
            if r.mensagem.startswith(verificacao.DICA_TEMPO):  # lento ou sem fim? confirma com folga
                verificacao.LIMITE_POR_VERIFICACAO = LIMITE_PARA_CONFIRMAR
                r = verificacao.correr_verificacao(ident, classe, metodo, nb)
                verificacao.LIMITE_POR_VERIFICACAO = LIMITE_POR_VERIFICACAO
            if r.estado != verificacao.PASSOU:
                return MORTO_PUBLICAS, r.verificacao
    if not exercicio.escondidos.strip():
        return SOBREVIVEU, ""
    try:
        with verificacao._Alarme(LIMITE_POR_VERIFICACAO * 3), do_lado_de_confianca(nb):
            correr_escondidos(exercicio.escondidos, nb)
    except BaseException as erro:  # noqa: BLE001 — no nbgrader qualquer exceção dá zero
        return MORTO_ESCONDIDAS, f"{type(erro).__name__}: {str(erro)[:80]}"
    return SOBREVIVEU, ""


def _confirmar_solucao(base: Caderno, exercicio: Exercicio) -> None:
    """A solução sem mutações passa em tudo (senão nada se pode concluir dos mutantes).

    Corre no processo pai: de caminho carrega o que as verificações importam só quando correm
    (o SDK da openai, o vocabulário), e cada filho já nasce com isso em memória.
    """
    falhas = [r for r in verificacao.correr_verificacoes(exercicio.ident, base) if r.estado != verificacao.PASSOU]
    if falhas:
        raise ErroDoCurso(f"a solução de {exercicio.ident} não passa em «{falhas[0].verificacao}»: "
                          f"{falhas[0].mensagem}")
    with do_lado_de_confianca(base):
        correr_escondidos(exercicio.escondidos, base, f"<testes escondidos de {exercicio.ident}>")


def _filho(base, exercicio, mutante, escrita):
    nulo = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nulo, 1)
    os.dup2(nulo, 2)
    try:
        estado, pormenor = _julgar_aqui(base, exercicio, mutante)
        os.write(escrita, json.dumps([estado, pormenor]).encode())
    finally:
        os._exit(0)


def julgar(base: Caderno, exercicio: Exercicio, mutantes: list[Mutante], processos: int = 1,
           limite: float = LIMITE_POR_MUTANTE) -> list[Julgamento]:
    """Julga cada mutante num filho; até ``processos`` filhos ao mesmo tempo."""
    pendentes, ativos, julgados = list(mutantes), {}, {}
    while pendentes or ativos:
        while pendentes and len(ativos) < processos:
            mutante = pendentes.pop(0)
            try:  # um mutante que nem compila (p. ex. **d num dicionário trocado por +d) não precisa de filho
                with warnings.catch_warnings():  # «is» com um literal é um mutante, não um aviso para nós
                    warnings.simplefilter("ignore", SyntaxWarning)
                    compile(mutante.codigo, "<mutante>", "exec")
            except SyntaxError as erro:
                julgados[mutante.ident] = Julgamento(mutante, INCOMPETENTE, f"não compila: {erro.msg}")
                continue
            leitura, escrita = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(leitura)
                _filho(base, exercicio, mutante, escrita)
            os.close(escrita)
            ativos[leitura] = (pid, mutante, time.monotonic(), bytearray())
        prontos, _, _ = select.select(list(ativos), [], [], 0.2)
        for fd in list(ativos):
            pid, mutante, inicio, dados = ativos[fd]
            if fd in prontos:
                bloco = os.read(fd, 65536)
                if bloco:
                    dados.extend(bloco)
                    continue
            elif time.monotonic() - inicio <= limite:
                continue
            else:
                os.kill(pid, signal.SIGKILL)
            os.close(fd)
            os.waitpid(pid, 0)
            del ativos[fd]
            try:
                estado, pormenor = json.loads(dados.decode())
            except ValueError:  # morreu sem responder: tempo esgotado, memória, sinal
                estado, pormenor = MORTO_PUBLICAS, f"o processo morreu ou passou de {limite:g} s"
            julgados[mutante.ident] = Julgamento(mutante, estado, pormenor)
    return [julgados[m.ident] for m in mutantes]


# ---------------------------------------------------------------------------------------------
# equivalentes e contas


@dataclass
class Equivalente:
    motivo: str
    linha: str  # a linha depois da mutação: se a solução mudar, a entrada deixa de corresponder
    antes: str = ""  # a linha antes da mutação (obrigatória quando a de depois é só «pass»)

    def corresponde(self, mutante: Mutante) -> bool:
        return self.linha == mutante.depois and (not self.antes or self.antes == mutante.antes)


def ler_equivalentes(caminho: Path | None = None) -> dict[str, Equivalente]:
    """``{ident: Equivalente}``; recusa um equivalente sem motivo ou sem a linha mutada."""
    caminho = caminho or raiz_do_curso() / EQUIVALENTES
    if not caminho.is_file():
        return {}
    dados = tomllib.loads(caminho.read_text(encoding="utf-8"))
    equivalentes = {}
    for ident, entrada in dados.items():
        entrada = entrada if isinstance(entrada, dict) else {}
        motivo, linha = str(entrada.get("motivo", "")).strip(), str(entrada.get("linha", "")).strip()
        if not motivo:
            raise ErroDoCurso(f"{caminho.name}: o mutante equivalente {ident!r} não diz porquê "
                              "(falta motivo = \"...\"): sem motivo não é equivalente, é um sobrevivente.")
        if not linha:
            raise ErroDoCurso(f"{caminho.name}: falta a linha mutada do equivalente {ident!r} (linha = \"...\").")
        antes = str(entrada.get("antes", "")).strip()
        if linha == "pass" and not antes:
            # todas as instruções apagadas dão «pass»: sem a linha de antes, o número da ocorrência
            # sozinho podia passar a apontar para outra instrução quando a célula muda
            raise ErroDoCurso(f"{caminho.name}: o equivalente {ident!r} apaga uma instrução: diz qual "
                              "(antes = \"...\", a linha antes da mutação).")
        equivalentes[ident] = Equivalente(motivo, linha, antes)
    return equivalentes


@dataclass
class Contagem:
    exercicio: str
    geradas: int = 0
    equivalentes: int = 0
    incompetentes: int = 0
    mortos_publicas: int = 0
    mortos_tudo: int = 0
    sobreviventes: list[Mutante] = field(default_factory=list)
    so_escondidas: list[Mutante] = field(default_factory=list)
    equivalentes_usados: set[str] = field(default_factory=set)
    equivalentes_mortos: list[Mutante] = field(default_factory=list)  # «equivalentes» que as públicas apanham

    @property
    def contam(self) -> int:
        return self.geradas - self.equivalentes - self.incompetentes

    def taxa(self, mortos: int) -> float | None:
        return mortos / self.contam if self.contam else None

    @property
    def cumpre(self) -> bool:
        if not self.contam:
            return True
        return self.taxa(self.mortos_tudo) >= OBJETIVO_TUDO and self.taxa(self.mortos_publicas) >= OBJETIVO_PUBLICAS


def contar(ident: str, julgamentos: list[Julgamento], equivalentes: dict[str, Equivalente]) -> Contagem:
    c = Contagem(ident, geradas=len(julgamentos))
    for j in julgamentos:
        equivalente = equivalentes.get(j.mutante.ident)
        if equivalente is not None and equivalente.corresponde(j.mutante):
            c.equivalentes += 1
            c.equivalentes_usados.add(j.mutante.ident)
            if j.estado == MORTO_PUBLICAS:  # então não é equivalente, ou a verificação pede o que o enunciado não diz
                c.equivalentes_mortos.append(j.mutante)
        elif j.estado == INCOMPETENTE:
            c.incompetentes += 1
        elif j.estado == MORTO_PUBLICAS:
            c.mortos_publicas += 1
            c.mortos_tudo += 1
        elif j.estado == MORTO_ESCONDIDAS:
            c.mortos_tudo += 1
            c.so_escondidas.append(j.mutante)
        else:
            c.sobreviventes.append(j.mutante)
    return c


def medir(capitulo: int, exercicios: list[str] | None = None, amostra: int | None = None,
          semente: int = 14, processos: int = 1, equivalentes: dict[str, Equivalente] | None = None,
          pasta: Path | None = None) -> list[Contagem]:
    """Gera, julga e conta os mutantes dos exercícios de um capítulo (todos, ou os pedidos)."""
    equivalentes = ler_equivalentes() if equivalentes is None else equivalentes
    caminho = caderno_de_exercicios(capitulo, pasta or raiz_do_curso() / "solutions")
    base = carregar(caminho)
    if base.erros:
        raise ErroDoCurso(f"o caderno de soluções {caminho} tem células com erro: {base.erros}")
    contagens = []
    for ident, exercicio in exercicios_do_caderno(caminho).items():
        if exercicios is not None and ident not in exercicios:
            continue
        _confirmar_solucao(base, exercicio)
        mutantes = gerar_mutantes(exercicio)
        if amostra is not None and len(mutantes) > amostra:
            mutantes = random.Random(f"{semente}-{ident}").sample(mutantes, amostra)
        contagens.append(contar(ident, julgar(base, exercicio, mutantes, processos), equivalentes))
    return contagens


# ---------------------------------------------------------------------------------------------
# os mutantes escritos à mão (tests/mutantes/, e os cegos): quem os apanha


@dataclass
class Escrito:
    """Um mutante escrito à mão e quem o apanha."""

    caminho: Path
    rejeitado_por: list[str]  # as verificações públicas (test_* e propriedade_*) que dão ✘
    so_com_exemplos_fixos: list[str]  # as que ainda dão ✘ sem as entradas geradas (só os @example)
    escondidos: bool  # os testes escondidos (com a solução como oráculo) rejeitam-no

    @property
    def so_propriedades(self) -> bool:
        """Só as entradas geradas o apanham: com os exemplos fixos, passaria (issue 38)."""
        return bool(self.rejeitado_por) and not self.so_com_exemplos_fixos


def julgar_escritos(base: Caderno, exercicio: Exercicio, caminhos: list[Path]) -> list[Escrito]:
    """Corre cada mutante escrito à mão por cima da solução ``base``: as verificações públicas e
    depois os testes escondidos, com a solução como oráculo (como na correção)."""
    from curso.verificacao.dominios import so_exemplos_fixos

    classe = verificacao.selecionar(exercicio.ident)[exercicio.ident]
    # uma propriedade sem @example não tem exemplos fixos: sem as entradas geradas, não verifica nada
    sem_exemplos = {m for m in verificacao.metodos_de(classe)
                    if getattr(getattr(classe, m), "is_hypothesis_test", False)
                    and not getattr(getattr(classe, m), "hypothesis_explicit_examples", None)}

    def rejeicoes(nb) -> list[str]:
        return [r.metodo for r in verificacao.correr_verificacoes(exercicio.ident, nb)
                if r.estado == verificacao.FALHOU and not r.mensagem.startswith(verificacao.DICA_NOME_EM_FALTA)]

    julgados = []
    for caminho in caminhos:
        try:
            nb = base.com(caminho.read_text(encoding="utf-8"), caminho.name)
        except Exception:  # noqa: BLE001 — um mutante que nem carrega não é apanhado por ninguém
            julgados.append(Escrito(caminho, [], [], False))
            continue
        rejeitado = rejeicoes(nb)
        with so_exemplos_fixos(classe):
            fixos = [m for m in rejeicoes(nb) if m not in sem_exemplos] if rejeitado else []
        try:
            with verificacao._Alarme(LIMITE_POR_VERIFICACAO * 3), do_lado_de_confianca(nb):
                correr_escondidos(exercicio.escondidos, nb)
            escondidos = False
        except BaseException as erro:  # no nbgrader qualquer exceção dá zero (menos um Ctrl+C)
            if isinstance(erro, KeyboardInterrupt):
                raise
            escondidos = True
        julgados.append(Escrito(caminho, rejeitado, fixos, escondidos))
    return julgados
