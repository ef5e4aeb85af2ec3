"""Alunos que leram o código do curso contra o lado de confiança da correção (issue 35).

Cada família é um sítio onde o corretor lia do kernel o que o kernel diz sobre si próprio — de
onde vem uma função, que assinatura tem, quanto custa a fronteira, que objetos do corretor pode ler
ou reescrever, que classe tem uma exceção, quão grande é uma mensagem, que módulos um teste
escondido usa, como se chama um auxiliar de um teste escondido. Para cada uma, numa só turma
corrigida pelo ``curso corrigir`` verdadeiro (com a caixa de areia), um aluno de controlo tem o
mesmo erro sem o ataque, e o atacante:

- tem no máximo a nota do controlo, célula a célula (ou fica sinalizado);
- nunca fica «ERRO, sem nota» por causa do que o seu kernel lançou;
- não lê o que não é dele (os auxiliares dos testes escondidos chegam-lhe anónimos);
- não faz o trabalhador crescer além do seu teto.

E, para todos: os colegas têm a nota de sempre, a base de dados, o CSV e a tabela dizem o mesmo,
a árvore do professor fica igual e nada fica a correr.

Os ataques fogem de propósito aos sinais do ``ast`` (``curso.correcao.adulteracao``): sem
``import inspect``, ``setattr``, ``__code__`` escritos à letra. Um sinal não é a defesa; o que
se prova aqui é que, mesmo sem ele, o ataque não rende.
"""

from __future__ import annotations

import csv
import html
import json
import os
import re
import threading
import uuid
from pathlib import Path

import pytest
from nbgrader.api import Gradebook

from curso.correcao.trabalhador import MEMORIA_DO_TRABALHADOR

from ._turma import RAIZ, celula, copiar_curso, corrigir, ler, maximo, resolvido, submeter
from .test_adulteracao import _arvore, _numero, _processos_com, _tabela

pytestmark = pytest.mark.lento

CAPITULOS = ["cap01", "cap02", "cap08"]
SAIDAS = ("autograded", "feedback", "gradebook.db", "notas.csv", "resultados")
ADULTERACAO = "⚠ possível adulteração"

# ------------------------------------------------------------------------------------ os ataques
# Cada aluno: (capítulo, células resolvidas — None: todas —, {célula: código acrescentado}).

# 1.1 certo, mas deixa uma marca nas ferramentas de quem chama: a propriedade «não altera os
# argumentos» apanha-o (a célula vale 0)
ALTERA_FERRAMENTAS = """
_correr_ciclo_certo = correr_ciclo
def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    resultado = _correr_ciclo_certo(pedido, decidir, ferramentas, max_passos)
    ferramentas["_visto"] = True
    return resultado
"""
# a mesma função diz que o seu código é do json da biblioteca padrão: o corretor deixava de a vigiar
NAO_E_DO_ALUNO = ALTERA_FERRAMENTAS + """
import json as _json
_codigo = object.__getattribute__(correr_ciclo, "__co" + "de__")
object.__setattr__(correr_ciclo, "__co" + "de__", _codigo.replace(co_filename=_json.__file__))
"""
# a mesma função declara uma assinatura vazia: nenhum argumento se ligava, nenhum era vigiado
ASSINATURA_VAZIA = ALTERA_FERRAMENTAS + """
import dataclasses as _dc
object.__setattr__(correr_ciclo, "__signa" + "ture__", _dc.inspect.Signature())
"""
# 1.1 rebenta; a versão forjada rebenta num código que diz ser do json: a culpa continua do aluno
REBENTA = """
def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    raise ValueError("rebentei de propósito")
"""
REBENTA_FORA_DAS_CELULAS = REBENTA + """
import json as _json
_codigo = object.__getattribute__(correr_ciclo, "__co" + "de__")
object.__setattr__(correr_ciclo, "__co" + "de__", _codigo.replace(co_filename=_json.__file__))
"""

# 1.1 com max_passos=4 por omissão: «sem max_passos, o limite é o de max_passos=5» falha
QUATRO_POR_OMISSAO = """
_correr_ciclo_certo = correr_ciclo
def correr_ciclo(pedido, decidir, ferramentas, max_passos=None):
    return _correr_ciclo_certo(pedido, decidir, ferramentas, 4 if max_passos is None else max_passos)
"""
# o mesmo, e na chamada seguinte chama uma vez mais o decisor da chamada anterior (que ficou com
# uma volta a menos): a verificação via os dois decisores com as mesmas voltas
DECISOR_ANTIGO = """
_correr_ciclo_certo = correr_ciclo
_decisores_antigos = []
def correr_ciclo(pedido, decidir, ferramentas, max_passos=None):
    while _decisores_antigos:
        try:
            _decisores_antigos.pop()(pedido, [])
        except Exception:
            pass
    if max_passos is None:
        _decisores_antigos.append(decidir)
    return _correr_ciclo_certo(pedido, decidir, ferramentas, 4 if max_passos is None else max_passos)
"""

# 2.4 certo, mas «acorda» a ferramenta antes de recusar argumentos que não são um objeto JSON: o
# registo do espião da verificação apanha-o
ACORDA_A_FERRAMENTA = """
_executar_certo = executar_chamada
def executar_chamada(nome, argumentos_json, ferramentas):
    try:
        argumentos = json.loads(argumentos_json)
    except (TypeError, ValueError):
        argumentos = None
    if nome in ferramentas and not isinstance(argumentos, dict):
        try:
            ferramentas[nome]()
        except Exception:
            pass
        _esconder(ferramentas[nome])
    return _executar_certo(nome, argumentos_json, ferramentas)
"""
# pela fronteira: lê o registo do espião (um atributo da função do corretor) e reescreve-o vazio
LADO_DO_KERNEL = """
import curso.fronteira.kernel as _k
def _reescrever(numero, nome, mudar):
    try:
        registo = _k._chamar_de_volta(numero, (nome,), {}, "atributo")
        mudar(registo)
        _k._chamar_de_volta(numero, (registo,), {}, "atributo")
    except Exception:
        pass
"""
ESPIAO_CALADO = LADO_DO_KERNEL + """
def _esconder(ferramenta):
    _reescrever(getattr(ferramenta, "_curso_numero_local", 0), "chamadas", list.clear)
""" + ACORDA_A_FERRAMENTA
ESPIAO_FALADOR = "\ndef _esconder(ferramenta):\n    pass\n" + ACORDA_A_FERRAMENTA

# 2.5 certo, mas uma chamada a mais ao modelo quando desiste: «max_voltas conta as chamadas»
CHAMADA_A_MAIS = """
_responder_certo = responder_com_ferramentas
def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    resposta = _responder_certo(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas)
    if resposta.startswith("Parei após"):
        cliente.chat.completions.create(model=modelo, messages=[{"role": "user", "content": pergunta}])
        _esquecer(cliente)
    return resposta
"""
# pela fronteira: lê o registo de pedidos do modelo offline e tira-lhe o último
PEDIDO_ESQUECIDO = LADO_DO_KERNEL + """
def _esquecer(cliente):
    _reescrever(-getattr(cliente, "_curso_numero_local", 0), "pedidos", list.pop)
""" + CHAMADA_A_MAIS
PEDIDO_LEMBRADO = "\ndef _esquecer(cliente):\n    pass\n" + CHAMADA_A_MAIS

# 2.7 certo, mas lento nas entradas compridas: «acabam bem abaixo de 50 ms» falha
LENTO = """
import time as _tempo
_calcular_certo = calcular_com_limites
def calcular_com_limites(expressao):
    _acelerar()
    if isinstance(expressao, str) and len(expressao) >= 600:
        _tempo.sleep(0.1)
    return _calcular_certo(expressao)
"""
# o kernel responde devagar de propósito ao pedido vazio com que o corretor media a fronteira: o
# tempo descontado a cada medida passava a ser o que o kernel quisesse
ECO_LENTO = """
import curso.fronteira.kernel as _k
_atender_original = _k._atender_um
def _atender_devagar(pedido):
    if isinstance(pedido, dict) and pedido.get("op") == "eco":
        _tempo.sleep(0.3)
    return _atender_original(pedido)
def _acelerar():
    _k._atender_um = _atender_devagar
""" + LENTO
ECO_NORMAL = "\ndef _acelerar():\n    pass\n" + LENTO

# 8.2 certo, menos quando toda a entrada está em cache (paga-a duas vezes): só o escondido o vê
CACHE_TOTAL = """
_custo_certo = custo_da_execucao
def custo_da_execucao(usos, precos):
    custo = _custo_certo(usos, precos)
    for uso in usos:
        em_cache = (uso.get("prompt_tokens_details") or {}).get("cached_tokens")
        if em_cache and em_cache == uso.get("prompt_tokens"):
            custo += em_cache * precos["entrada"] / 1_000_000
    return custo
"""
# o teste escondido usa math.isclose: o math do kernel diz sempre que sim
MATH_DO_KERNEL = CACHE_TOTAL + """
import math as _math
class _Contas:
    pass
math = _Contas()
for _nome in dir(_math):
    if not _nome.startswith("_"):
        object.__setattr__(math, _nome, object.__getattribute__(_math, _nome))
math.isclose = lambda *a, **k: True
"""

# 1.1 certo, e tudo o que se sabe das funções que as verificações lhe passam fica escrito na
# saída da célula seguinte (que vai para o retorno): dos auxiliares dos testes escondidos, nada
DESCRITO = "DESCRITO="
REGISTAR_DESCRICOES = """
import dataclasses as _dc
_descricoes = []
def _descrever(funcao):
    try:
        assinatura = str(_dc.inspect.signature(funcao))
    except Exception as erro:
        assinatura = repr(erro)
    _descricoes.append({"__name__": str(funcao.__name__), "__qualname__": str(funcao.__qualname__),
                        "__module__": str(funcao.__module__), "__doc__": str(funcao.__doc__),
                        "assinatura": assinatura})
_correr_ciclo_certo = correr_ciclo
def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    _descrever(decidir)
    for ferramenta in ferramentas.values():
        _descrever(ferramenta)
    return _correr_ciclo_certo(pedido, decidir, ferramentas, max_passos)
"""
MOSTRAR_DESCRICOES = f"""
import json as _json
print("{DESCRITO}" + _json.dumps(_descricoes, ensure_ascii=False))
"""
NOMES_ESCONDIDOS = {"_dec"}  # o decisor do teste escondido do 1.1

# 1.1 por resolver, e uma mensagem enorme pela fronteira (uma parte de 200 MB, ou 48 de 30 MiB)
UMA_PARTE = """
def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    import curso.fronteira.kernel as _k
    _k._enviar_texto('"' + "x" * 200_000_000 + '"')
"""
MUITAS_PARTES = """
def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    import curso.correcao.blindagem as _b
    import curso.fronteira.kernel as _k
    k = _b.KernelBlindado.instance()
    parte = b"x" * (30 * 2**20)
    k.session.send(k.stdin_socket, "input_request", {"prompt": _k.PREFIXO + "{}", "password": False},
                   k.get_parent("shell"), ident=k._parent_ident["shell"], buffers=[parte] * 48)
    _k._receber()
"""
# e 200 MiB de saída de uma vez, pelo canal das saídas (o do cliente que executa o caderno)
SAIDA_ENORME = """
print("x" * 200 * 2**20)
"""

# 1.1 rebenta com uma exceção que diz ter o nome e o módulo de uma exceção interna da correção
# (ou de uma que rebenta ao ser lida); o controlo rebenta com um ValueError
FORJADA = """
def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    raise type({nome!r}, ({base},), {{"__module__": {modulo!r}}})("a culpa não é minha")
"""

# o mesmo ValueError, com quadros do traceback que o corretor não consegue ler (uma linha que
# não é um número)
QUADROS_ILEGIVEIS = """
def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    import curso.fronteira.kernel as _k
    _k._quadros = lambda erro: [{"ficheiro": "x", "linha": "não é um número", "funcao": "f"}]
    raise ValueError("a culpa não é minha")
"""

ALUNOS: dict[str, tuple[str, set | None, dict]] = {
    "solucao": ("cap01", None, {}),
    "branco": ("cap01", set(), {}),
    # 1. o que a função diz de si própria
    "altera_ferramentas": ("cap01", {"ex1_1"}, {"ex1_1": ALTERA_FERRAMENTAS}),
    "nao_e_do_aluno": ("cap01", {"ex1_1"}, {"ex1_1": NAO_E_DO_ALUNO}),
    "assinatura_vazia": ("cap01", {"ex1_1"}, {"ex1_1": ASSINATURA_VAZIA}),
    "rebenta": ("cap01", set(), {"ex1_1": REBENTA}),
    "rebenta_fora_das_celulas": ("cap01", set(), {"ex1_1": REBENTA_FORA_DAS_CELULAS}),
    # 1. as exceções que o kernel forja
    "excecao_simples": ("cap01", {"ex1_2"}, {"ex1_1": FORJADA.format(nome="ValueError", base="ValueError",
                                                                       modulo="builtins")}),
    "tempo_esgotado": ("cap01", {"ex1_2"}, {"ex1_1": FORJADA.format(
        nome="TempoEsgotado", base="Exception", modulo="curso.verificacao.execucao")}),
    "erro_da_fronteira": ("cap01", {"ex1_2"}, {"ex1_1": FORJADA.format(
        nome="ErroDaFronteira", base="Exception", modulo="curso.fronteira.dados")}),
    "validacao_ilegivel": ("cap01", {"ex1_2"}, {"ex1_1": FORJADA.format(
        nome="ValidationError", base="Exception", modulo="jsonschema.exceptions")}),
    "quadros_ilegiveis": ("cap01", {"ex1_2"}, {"ex1_1": QUADROS_ILEGIVEIS}),
    # 3. objetos de uma chamada anterior
    "quatro_por_omissao": ("cap01", {"ex1_1"}, {"ex1_1": QUATRO_POR_OMISSAO}),
    "decisor_antigo": ("cap01", {"ex1_1"}, {"ex1_1": DECISOR_ANTIGO}),
    # 2. os auxiliares dos testes escondidos
    "descricoes": ("cap01", None, {"ex1_1": REGISTAR_DESCRICOES, "ex1_2": MOSTRAR_DESCRICOES}),
    # 4. mensagens enormes
    "uma_parte": ("cap01", {"ex1_2"}, {"ex1_1": UMA_PARTE}),
    "muitas_partes": ("cap01", {"ex1_2"}, {"ex1_1": MUITAS_PARTES}),
    "saida_enorme": ("cap01", {"ex1_2"}, {"ex1_1": SAIDA_ENORME}),
    "so_b": ("cap01", {"ex1_2"}, {}),
    # 3. o registo de um espião
    "solucao2": ("cap02", None, {}),
    "espiao_falador": ("cap02", None, {"ex2_4": ESPIAO_FALADOR}),
    "espiao_calado": ("cap02", None, {"ex2_4": ESPIAO_CALADO}),
    "pedido_lembrado": ("cap02", None, {"ex2_5": PEDIDO_LEMBRADO}),
    "pedido_esquecido": ("cap02", None, {"ex2_5": PEDIDO_ESQUECIDO}),
    # 1. o tempo da fronteira
    "eco_normal": ("cap02", None, {"ex2_7": ECO_NORMAL}),
    "eco_lento": ("cap02", None, {"ex2_7": ECO_LENTO}),
    # 2. os módulos dos testes escondidos
    "solucao8": ("cap08", None, {}),
    "cache_total": ("cap08", None, {"ex8_2": CACHE_TOTAL}),
    "math_do_kernel": ("cap08", None, {"ex8_2": MATH_DO_KERNEL}),
}
COLEGAS = {"solucao": "cap01", "branco": "cap01", "solucao2": "cap02", "solucao8": "cap08"}

# família → pares (atacante, controlo com o mesmo erro sem o ataque)
FAMILIAS = {
    "funcao_que_diz_que_nao_e_do_aluno": [("nao_e_do_aluno", "altera_ferramentas"),
                                          ("assinatura_vazia", "altera_ferramentas"),
                                          ("rebenta_fora_das_celulas", "rebenta")],
    "excecao_forjada": [("tempo_esgotado", "excecao_simples"), ("erro_da_fronteira", "excecao_simples"),
                        ("validacao_ilegivel", "excecao_simples"), ("quadros_ilegiveis", "excecao_simples")],
    "objeto_de_uma_chamada_anterior": [("decisor_antigo", "quatro_por_omissao")],
    "espiao_reescrito": [("espiao_calado", "espiao_falador"), ("pedido_esquecido", "pedido_lembrado")],
    "tempo_declarado_pelo_kernel": [("eco_lento", "eco_normal")],
    "modulo_do_kernel_no_teste_escondido": [("math_do_kernel", "cache_total")],
    "auxiliar_escondido_descrito": [("descricoes", "solucao")],
    "mensagem_enorme": [("uma_parte", "so_b"), ("muitas_partes", "so_b"), ("saida_enorme", "so_b")],
}


# --------------------------------------------------------------------------------- a correção


class Corrida:
    """Uma correção da turma inteira, com o que se mediu enquanto corria."""

    def __init__(self, pasta: Path, temporarias: Path):
        self.curso = pasta / "curso"
        self.curso.mkdir()
        self.temporarias = temporarias
        copiar_curso(self.curso, CAPITULOS)
        for aluno, (cap, so, ataques) in ALUNOS.items():
            nb = resolvido(cap, so)
            for gid, codigo in ataques.items():
                c = celula(nb, gid)
                c["source"] = "".join(c["source"]) + "\n\n" + codigo.strip() + "\n"
            submeter(self.curso, aluno, cap, nb)
        self.antes = _arvore(self.curso, SAIDAS)
        self.pacote = _arvore(RAIZ / "src" / "curso")
        marca = f"confianca-hostil-{uuid.uuid4().hex[:12]}"
        self.picos: dict[int, int] = {}  # pid de cada trabalhador → o maior VmHWM visto (KiB)
        fim = threading.Event()
        vigia = threading.Thread(target=self._vigiar, args=(marca, fim), daemon=True)
        vigia.start()
        try:
            self.r = corrigir(self.curso, "--timeout", "30", "--csv", "notas.csv",
                              env={"TMPDIR": str(temporarias), "CURSO_TESTE_MARCA": marca})
        finally:
            fim.set()
            vigia.join()
        self.saida = self.r.stdout + self.r.stderr
        (pasta / "saida.txt").write_text(self.saida, encoding="utf-8")
        (pasta / "picos.json").write_text(json.dumps(self.picos), encoding="utf-8")
        self.problemas = self.r.stdout.split("Problemas")[-1]
        with Gradebook(f"sqlite:///{self.curso / 'gradebook.db'}") as gb:
            self.notas = {(s.student_id, cap): s.score for cap in CAPITULOS
                          for s in gb.assignment_submissions(cap)}
            self.celulas = {}
            for (aluno, cap) in self.notas:
                sub = gb.find_submission_notebook(cap, cap, aluno)
                self.celulas[aluno] = {g.name: g.score for g in sub.grades}

    def _vigiar(self, marca: str, fim: threading.Event) -> None:
        """O pico de memória (VmHWM) de cada trabalhador desta correção (têm a marca no ambiente)."""
        while not fim.is_set():
            for pid in filter(str.isdigit, os.listdir("/proc")):
                try:
                    if b"curso.correcao.trabalhador" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                        continue
                    if marca.encode() not in Path(f"/proc/{pid}/environ").read_bytes():
                        continue
                    linha = next(li for li in Path(f"/proc/{pid}/status").read_text().splitlines()
                                 if li.startswith("VmHWM:"))
                except (OSError, StopIteration):
                    continue
                self.picos[int(pid)] = max(self.picos.get(int(pid), 0), int(linha.split()[1]))
            fim.wait(0.05)

    def linhas(self, aluno: str) -> list[str]:
        return [li for li in self.problemas.splitlines() if li.startswith(f"  {aluno} · ")]

    def sinalizado(self, aluno: str) -> bool:
        return any(ADULTERACAO in li for li in self.linhas(aluno))

    def resultados(self, aluno: str) -> dict:
        cap = ALUNOS[aluno][0]
        return ler(self.curso / "resultados" / aluno / f"{cap}.json")["cadernos"][cap]["exercicios"]

    def retorno(self, aluno: str) -> str:
        cap = ALUNOS[aluno][0]
        caminho = self.curso / "feedback" / aluno / cap / f"{cap}.html"
        return html.unescape(re.sub(r"<[^>]+>", "", caminho.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def corrida(tmp_path_factory):
    import tempfile

    # o TMPDIR da correção: curto (os sockets Unix das caixas) e tem de ficar vazio
    temporarias = Path(tempfile.mkdtemp(prefix="confianca-", dir="/tmp"))
    try:
        yield Corrida(tmp_path_factory.mktemp("confianca"), temporarias)
    finally:
        import shutil

        shutil.rmtree(temporarias, ignore_errors=True)


# ------------------------------------------------------------------------------------- provas


@pytest.mark.timeout(1800)
def test_a_turma_fica_intacta(corrida):
    """Os colegas, a base de dados, o CSV, a tabela e a árvore do professor; nada fica a correr."""
    assert corrida.r.returncode == 0, corrida.saida[-3000:]
    for aluno, cap in COLEGAS.items():
        esperado = maximo(cap) if aluno != "branco" else 0
        assert corrida.notas[(aluno, cap)] == esperado, (aluno, corrida.notas.get((aluno, cap)))
        assert not corrida.sinalizado(aluno), corrida.linhas(aluno)
    assert _processos_com(str(corrida.temporarias)) == []
    assert list(corrida.temporarias.iterdir()) == []
    assert _arvore(corrida.curso, SAIDAS) == corrida.antes
    assert _arvore(RAIZ / "src" / "curso") == corrida.pacote
    with open(corrida.curso / "notas.csv", encoding="utf-8") as f:
        csv_notas = {(li["student_id"], li["assignment"]): float(li["score"]) for li in csv.DictReader(f)}
    # o CSV tem uma linha por aluno e capítulo: 0 onde não houve submissão
    assert {k: v for k, v in csv_notas.items() if k in corrida.notas} == corrida.notas
    assert {v for k, v in csv_notas.items() if k not in corrida.notas} <= {0.0}
    tabela = _tabela(corrida.r.stdout)
    for (aluno, cap), pontos in corrida.notas.items():
        assert _numero(tabela[(aluno, cap)].split("/")[0]) == pontos, (aluno, cap)


@pytest.mark.timeout(1800)
@pytest.mark.parametrize("familia", sorted(FAMILIAS))
def test_o_atacante_nao_passa_do_controlo(corrida, familia):
    """Célula a célula, o atacante tem no máximo a nota do controlo (ou fica sinalizado), e tem
    nota: o que o seu kernel lança ou manda nunca faz da sua correção um «ERRO, sem nota»."""
    for atacante, controlo in FAMILIAS[familia]:
        cap = ALUNOS[atacante][0]
        assert (atacante, cap) in corrida.notas, (atacante, corrida.linhas(atacante))
        assert not any("sem nota" in li or "o nbgrader falhou" in li for li in corrida.linhas(atacante)), \
            corrida.linhas(atacante)
        if corrida.sinalizado(atacante):
            continue
        a, c = corrida.celulas[atacante], corrida.celulas[controlo]
        assert all(a[g] <= c[g] for g in c), (atacante, a, controlo, c)


@pytest.mark.timeout(1800)
def test_a_culpa_de_uma_excecao_do_kernel_e_do_aluno(corrida):
    """Uma função do kernel que diz ser do json rebenta: a mensagem é a mesma do controlo
    («O teu código lançou…»), nunca «Erro na própria verificação… avisa o professor»."""
    for aluno in ("rebenta", "rebenta_fora_das_celulas", "tempo_esgotado", "erro_da_fronteira",
                  "validacao_ilegivel", "quadros_ilegiveis"):
        verificacoes = corrida.resultados(aluno)["1.1"]["verificacoes"]
        mensagens = [v["mensagem"] for v in verificacoes if v["estado"] == "falhou"]
        assert mensagens and all(m.startswith("O teu código lançou") for m in mensagens), (aluno, mensagens)
        # o resto: só as linhas das propriedades gerais, por decidir (nenhuma verificação passou)
        por_decidir = [v for v in verificacoes if v["estado"] not in ("passou", "falhou")]
        assert all(v["metodo"].startswith("propriedade_") and v["estado"] == "por_fazer"
                   for v in por_decidir), (aluno, por_decidir)


@pytest.mark.timeout(1800)
def test_os_auxiliares_escondidos_chegam_anonimos(corrida):
    """O aluno chama os auxiliares dos testes escondidos, mas não sabe o que são: nem o nome, nem
    a assinatura, nem a docstring, nem o módulo chegam ao seu caderno (nem ao retorno)."""
    corrigido = ler(corrida.curso / "autograded" / "descricoes" / "cap01" / "cap01.ipynb")
    textos = ["".join(o.get("text", "")) for c in corrigido["cells"] for o in c.get("outputs", [])]
    vistas = [d for texto in textos for linha in texto.splitlines() if linha.startswith(DESCRITO)
              for d in json.loads(linha[len(DESCRITO):])]
    assert vistas, "o caderno não chegou a registar as funções que recebeu"
    anonimas = [d for d in vistas if d["__name__"] == "funcao"]
    assert anonimas, vistas  # os auxiliares dos escondidos passaram por lá
    for d in anonimas:
        assert d["__doc__"] == "None" and d["__module__"] == "None", d
        assert d["assinatura"] == "(*args, **kwargs)", d
    assert not NOMES_ESCONDIDOS & ({d["__name__"] for d in vistas} | {d["__qualname__"] for d in vistas}), vistas
    assert not any("__escondidos__" in json.dumps(d) for d in vistas), vistas
    assert corrida.notas[("descricoes", "cap01")] == maximo("cap01")
    retorno = corrida.retorno("descricoes")
    assert DESCRITO in retorno and not any(f'"{n}"' in retorno for n in NOMES_ESCONDIDOS)


@pytest.mark.timeout(1800)
def test_o_trabalhador_nao_cresce(corrida):
    """Uma parte de 200 MB fica à porta do socket (da fronteira ou das saídas); 48 partes de
    30 MiB não passam do teto de memória do trabalhador (o zmq corta a ligação): nenhum
    trabalhador passa do seu teto, e o resto do caderno é corrigido."""
    assert corrida.picos, "não vi nenhum trabalhador a correr"
    teto = (MEMORIA_DO_TRABALHADOR + 128 * 2**20) // 1024
    assert max(corrida.picos.values()) < teto, corrida.picos
    for aluno in ("uma_parte", "muitas_partes", "saida_enorme"):
        assert corrida.celulas[aluno]["ex1_1_verificacao"] == 0
        assert corrida.celulas[aluno]["ex1_2_verificacao"] == corrida.celulas["so_b"]["ex1_2_verificacao"] > 0
