"""A fronteira de confiança na correção: o que o kernel faz não chega à nota.

Corre-se ``ExecutarComFronteira`` (o executor que o ``curso corrigir`` usa) sobre o caderno de
soluções e sobre submissões hostis, com um kernel normal (a caixa de areia é provada noutros
testes), e lê-se a nota como o nbgrader a lê (``determine_grade``):

- a solução tem a nota toda, e nada de um teste escondido é alguma vez enviado ao kernel;
- um kernel que forja o que quer que seja (remenda o envio de mensagens do Jupyter, instala um
  *tracer*, um *audit hook*, uma *thread*, troca o lado do kernel da fronteira) recebe só os
  pontos que as suas funções ganham quando chamadas de fora;
- um kernel que responde lixo, mensagens enormes ou nunca responde faz falhar a sua célula,
  nunca o corretor.
"""

from __future__ import annotations

import codecs
import copy
import json
import time

import nbformat
import pytest
from jupyter_client.session import Session
from nbgrader.utils import determine_grade

from curso.caderno import e_celula_de_verificacao
from curso.correcao.fronteira import ExecutarComFronteira, partes

from ._turma import RAIZ, celula, exercicios, ler, notas_so, resolvido

pytestmark = pytest.mark.lento

CAP = "cap01"
(SOL_A, VER_A, PTS_A), (SOL_B, VER_B, PTS_B), (SOL_C, VER_C, PTS_C) = exercicios(CAP)[:3]


def _com_escondidos(aluno: dict) -> nbformat.NotebookNode:
    """O caderno do aluno com as células de verificação do professor (com os testes escondidos),
    como o nbgrader o deixa antes de executar (``OverwriteCells``)."""
    fonte = {c["metadata"]["nbgrader"]["grade_id"]: c for c in ler(RAIZ / "solutions" / CAP / f"{CAP}.ipynb")["cells"]
             if e_celula_de_verificacao(c)}
    nb = copy.deepcopy(aluno)
    for c in nb["cells"]:
        gid = c.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if gid in fonte:
            c["source"] = "".join(fonte[gid]["source"])
    return nbformat.reads(json.dumps(nb), as_version=4)  # as fontes como texto, como o nbgrader as lê


def _corrigir(nb, timeout: int = 30) -> tuple[nbformat.NotebookNode, dict[str, float]]:
    executor = ExecutarComFronteira(timeout=timeout, kernel_name="python3", max_reinicios=2)
    nb, _ = executor.preprocess(nb, {"metadata": {"path": str(RAIZ)}})
    notas = {}
    for c in nb.cells:
        if e_celula_de_verificacao(c):
            c.metadata.nbgrader.setdefault("points", c.metadata.nbgrader.get("points", 0))
            notas[c.metadata.nbgrader.grade_id] = determine_grade(c, None)[0]
    return nb, notas


def _linhas_escondidas() -> set[str]:
    linhas = set()
    for c in ler(RAIZ / "solutions" / CAP / f"{CAP}.ipynb")["cells"]:
        fonte = "".join(c["source"])
        if "BEGIN HIDDEN TESTS" in fonte:
            _, codigo = partes(fonte.split("BEGIN HIDDEN TESTS", 1)[1].split("END HIDDEN TESTS")[0])
            linhas |= {li.strip() for li in codigo.splitlines()[1:] if len(li.strip()) >= 12}
    return linhas


def test_solucao_tem_tudo_e_os_escondidos_nunca_saem(monkeypatch):
    enviado = []
    original = Session.send

    def espiar(self, stream, msg_or_type, content=None, *args, **kwargs):
        conteudo = content if content is not None else (msg_or_type.get("content") if isinstance(msg_or_type, dict) else None)
        enviado.append(json.dumps(conteudo, ensure_ascii=False, default=str))
        return original(self, stream, msg_or_type, content, *args, **kwargs)

    monkeypatch.setattr(Session, "send", espiar)
    _, notas = _corrigir(_com_escondidos(resolvido(CAP)))
    assert notas == notas_so(CAP, *(ver for _, ver, _ in exercicios(CAP)))
    escondidas = _linhas_escondidas()
    assert escondidas and enviado
    tudo = "\n".join(enviado)
    for linha in escondidas:
        assert linha not in tudo, f"uma linha de um teste escondido foi enviada ao kernel: {linha}"
    assert "verificar(" not in tudo  # nem a própria célula de verificação


# a nota do nbgrader vem das saídas da célula: reescrever cada erro como um «ok» no envio
SESSION_SEND = """
import jupyter_client.session as _s
_enviar = _s.Session.send
def _forjar(self, stream, msg_or_type, content=None, *a, **k):
    if msg_or_type in ("error", "stream") or (isinstance(content, dict) and content.get("status") == "error"):
        content = {"status": "ok", "execution_count": 1, "user_expressions": {}, "payload": []} if msg_or_type == "execute_reply" else {"name": "stdout", "text": "ok"}
        msg_or_type = "stream" if msg_or_type != "execute_reply" else msg_or_type
    return _enviar(self, stream, msg_or_type, content, *a, **k)
_s.Session.send = _forjar
"""
FORJAS = {
    "session_send": SESSION_SEND,
    # o mesmo, escrito em rot13 e corrido por um pseudónimo de exec
    "rot13_exec": f"""
import builtins, codecs
_x = getattr(builtins, "ex" + "ec")
_x(codecs.decode({codecs.encode(SESSION_SEND, "rot13")!r}, "rot13"), globals())
""",
    # um tracer que tenta fazer passar cada verificação que falhe por uma afirmação
    "settrace": """
import sys
def _tracer(frame, evento, arg):
    if evento == "exception" and arg[0] is AssertionError:
        frame.f_locals["estado"] = "passou"
    return _tracer
sys.settrace(_tracer)
""",
    # um audit hook que imprime o código de tudo o que se compila (os testes escondidos?)
    "audit_hook": """
import sys, base64
def _ouvir(evento, args):
    if evento == "compile" and args and isinstance(args[0], (str, bytes)):
        print(base64.b64encode(args[0] if isinstance(args[0], bytes) else args[0].encode()).decode())
sys.addaudithook(_ouvir)
""",
    # uma thread que responde por cima, sem parar, a cada pedido
    "thread": """
import threading, time
def _sempre():
    while True:
        time.sleep(0.001)
threading.Thread(target=_sempre, daemon=True).start()
""",
    # trocar o lado do kernel da fronteira: todas as respostas dizem «passou»
    "fronteira_trocada": """
import curso.fronteira.kernel as _k
_k._operar = lambda pedido: {"ok": True, "valor": {"concluido": True, "resposta": "Olá!", "historico": []}}
_k._chamar = lambda pedido: {"ok": True, "depois": pedido.get("raizes", []), "valor": True}
""",
}


@pytest.mark.parametrize("forja", sorted(FORJAS))
def test_forjar_no_kernel_nao_da_pontos(forja):
    """Só a parte B está resolvida, e a forja vem logo a seguir: B vale os seus pontos, mais nada."""
    aluno = resolvido(CAP, so={SOL_B})
    c = celula(aluno, SOL_B)
    c["source"] = "".join(c["source"]) + "\n\n" + FORJAS[forja].strip() + "\n"
    _, notas = _corrigir(_com_escondidos(aluno))
    if forja == "fronteira_trocada":  # estraga também o que estava certo: nunca mais do que B
        assert notas[VER_A] == notas[VER_C] == 0 and notas[VER_B] <= PTS_B, notas
    else:
        assert notas == notas_so(CAP, VER_B), notas


RESPOSTAS_MAS = {
    # nunca responde: o corretor espera o seu limite, interrompe, e segue
    "nunca_responde": "_k.servir = lambda *a: __import__('time').sleep(3600)",
    "lixo": "_k._enviar = lambda m: get_ipython().kernel.raw_input(_k.PREFIXO + '{{{ lixo')",
    "enorme": "_k._enviar = lambda m: get_ipython().kernel.raw_input(_k.PREFIXO + '\"' + 'x' * (40 * 2**20) + '\"')",
    "marca_desconhecida": ("_k._operar = lambda p: {'ok': True, 'valor': {'$pickle': 'gASV'}}"),
    "aninhado": "_k._operar = lambda p: {'ok': True, 'valor': eval('[' * 900 + ']' * 900)}",
}


@pytest.mark.parametrize("caso", sorted(RESPOSTAS_MAS))
def test_respostas_mas_falham_so_a_celula(caso):
    aluno = resolvido(CAP)
    c = celula(aluno, SOL_A)  # logo na primeira resposta: todas as verificações vêm depois
    c["source"] = "".join(c["source"]) + "\n\nimport curso.fronteira.kernel as _k\n" + RESPOSTAS_MAS[caso] + "\n"
    inicio = time.monotonic()
    nb, notas = _corrigir(_com_escondidos(aluno), timeout=5)
    assert time.monotonic() - inicio < 120
    assert set(notas.values()) == {0}, notas  # todas as verificações passam pelo kernel trocado
    saidas = [o for c in nb.cells if e_celula_de_verificacao(c) for o in c.outputs]
    assert saidas and saidas[0].output_type == "error"


@pytest.mark.parametrize("como", ["pseudonimo", "lado_do_kernel_forjado"])
def test_o_kernel_nao_escolhe_funcoes_do_corretor_pelo_nome(monkeypatch, como):
    """O caderno diz ``resumir_e_traduzir = eval`` (ou o lado do kernel forjado manda
    ``{"$global": "builtins.eval"}``): a chamada tem de ir ao kernel, onde o eval é o do aluno, ou
    ser recusada — nunca correr o ``eval`` do corretor com os argumentos da verificação."""
    import builtins

    chamadas, original = [], builtins.eval

    def espiao(*args, **kwargs):
        if len(args) == 2 and callable(args[1]):  # (texto, chamar_modelo): a chamada da verificação
            chamadas.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(builtins, "eval", espiao)
    aluno = resolvido(CAP, so={SOL_B})
    c = celula(aluno, SOL_C)
    ataque = {"pseudonimo": "resumir_e_traduzir = eval",
              "lado_do_kernel_forjado": ("import curso.fronteira.kernel as _k\n"
                                         "_k._valor_de_topo = lambda v: {'$global': 'builtins.eval'}")}
    c["source"] = "".join(c["source"]) + "\n\n" + ataque[como] + "\n"
    _, notas = _corrigir(_com_escondidos(aluno))
    assert notas == notas_so(CAP, VER_B), notas
    assert chamadas == [], f"o corretor correu o seu próprio eval com {chamadas[:2]}"


def test_os_testes_escondidos_so_tiram_do_kernel_as_respostas():
    """Os módulos e os auxiliares que as células bloqueadas do curso importam ligam-se do lado de
    confiança; só o resto (as respostas) se pede ao caderno."""
    import math

    from curso.fronteira.sessao import correr_escondidos, ligacoes_de_confianca, ligados_deste_lado
    from curso.offline import cliente_offline

    codigo = "assert math.isclose(resposta, 0.3) and cliente_offline is not None"
    confianca = ligacoes_de_confianca(["import json\nfrom curso.offline import cliente_offline\n"])
    assert ligados_deste_lado(codigo, confianca) == {"math": math, "cliente_offline": cliente_offline}

    class Caderno:  # o kernel de um aluno que redefiniu math: só a resposta lhe é pedida
        pedidos: list = []

        def __getattr__(self, nome):
            self.pedidos.append(nome)
            return {"resposta": 0.1 + 0.2, "math": None, "cliente_offline": None}[nome]

    nb = Caderno()
    correr_escondidos(codigo, nb, confianca=confianca)
    assert nb.pedidos == ["resposta"]
