"""Um só conjunto de verificações, dois modos, o mesmo veredicto.

As verificações de ``tests/exercicios`` correm no processo (``verificar`` no caderno do aluno,
as provas do repositório) ou no corretor de confiança, contra o kernel do aluno através da
fronteira (``curso corrigir``). Aqui prova-se que dão o mesmo resultado, verificação a
verificação, na solução, em cada mutante, em cada alternativa e no exercício em branco — e que os
testes escondidos corridos do lado de confiança aceitam as soluções e as alternativas.
"""

from __future__ import annotations

import re

import pytest
from jupyter_client import KernelManager

from curso.caderno import carregar, ler_celulas
from curso.fronteira.sessao import abrir, correr_escondidos
from curso.mutacao import exercicios_do_caderno
from curso.oraculo import do_lado_de_confianca
from curso.verificacao import FALHOU, correr_verificacoes, estado_do_exercicio, exercicios_do_capitulo
from repositorio._cadernos import CAPITULOS, RAIZ, caderno_de_solucoes, exercicio, solucao

pytestmark = pytest.mark.lento


GUARDAR = "import builtins as _b; _b._curso_espaco = dict(get_ipython().user_ns)"
REPOR = ("(lambda e, c: (e.clear(), e.update(c)))(get_ipython().user_ns, "
         "__import__('builtins')._curso_espaco)")


def _ficheiros(pasta: str, capitulo: int):
    return sorted((RAIZ / "tests" / pasta / f"cap{capitulo:02d}").glob("ex*.py"))


def _ident(caminho) -> str:
    m = re.fullmatch(r"ex(\d+)_(\d+)_\w+", caminho.stem)
    return f"{int(m.group(1))}.{int(m.group(2))}"


class _Kernel:
    def __init__(self, caderno):
        self.km = KernelManager(kernel_name="python3")
        self.km.start_kernel(extra_arguments=["--HistoryManager.enabled=False"])
        self.kc = self.km.client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=120)
        for fonte in ler_celulas(caderno):
            self.correr(fonte)

    def correr(self, codigo: str) -> None:
        self.kc.execute_interactive(codigo, timeout=120, output_hook=lambda _m: None)

    def fronteira(self):
        return abrir(self.km.get_connection_info(), self.km.interrupt_kernel)

    def fechar(self):
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)


def _veredicto(resultados):
    return [(r.verificacao, r.estado) for r in resultados]


def _rejeitam_os_dois(ident, local, remoto, quem):
    """Um mutante: os dois modos rejeitam o exercício. (Verificação a verificação podem diferir
    sem que o modo importe: as propriedades da hypothesis sorteiam exemplos, e um mutante que
    compara textos com ``is`` passa no processo onde os literais são partilhados por acaso.)"""
    dentro = estado_do_exercicio(correr_verificacoes(ident, local))
    fora = estado_do_exercicio(correr_verificacoes(ident, remoto))
    assert dentro == fora == FALHOU, f"{quem}: no processo {dentro}, na fronteira {fora}"


def _comparar(ident, local, remoto, quem, tentativas: int = 3):
    """Verificação a verificação. As que medem tempo («depressa», em ms) dependem da carga da
    máquina nos dois modos: uma discordância só conta se se repetir nas três medições."""
    for _ in range(tentativas - 1):
        dentro, fora = correr_verificacoes(ident, local), correr_verificacoes(ident, remoto)
        if _veredicto(fora) == _veredicto(dentro):
            return
    dentro, fora = correr_verificacoes(ident, local), correr_verificacoes(ident, remoto)
    diferentes = [f"  {a.verificacao}: no processo {a.estado} ({a.mensagem[:300]!r}), na fronteira "
                  f"{b.estado} ({b.mensagem[:300]!r})"
                  for a, b in zip(dentro, fora) if (a.verificacao, a.estado) != (b.verificacao, b.estado)]
    assert _veredicto(fora) == _veredicto(dentro), (
        f"{quem}: os dois modos discordam em {ident}:\n" + "\n".join(diferentes))


@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_solucao_mutantes_e_alternativas(capitulo):
    kernel = _Kernel(solucao(capitulo))
    try:
        base = caderno_de_solucoes(capitulo)
        escondidos = {i: e.escondidos for i, e in exercicios_do_caderno(solucao(capitulo)).items()}
        with kernel.fronteira() as remoto:
            for ident in exercicios_do_capitulo(capitulo):
                _comparar(ident, base, remoto, "solução")
                with do_lado_de_confianca(remoto):  # a solução como oráculo, como na correção
                    correr_escondidos(escondidos.get(ident, ""), remoto, f"<escondidos {ident}>")
        casos = [(p, False) for p in _ficheiros("mutantes", capitulo)]
        casos += [(p, True) for p in _ficheiros("alternativas", capitulo)]
        for caminho, alternativa in casos:
            codigo = caminho.read_text(encoding="utf-8")
            kernel.correr(GUARDAR)
            kernel.correr(codigo)
            local = base.com(codigo, caminho.name)
            # uma fronteira por caso, como na correção (uma por célula): enquanto está aberta o
            # kernel só a atende, e o caso seguinte tem de correr código nele
            with kernel.fronteira() as remoto:
                if alternativa:
                    _comparar(_ident(caminho), local, remoto, caminho.name)
                    with do_lado_de_confianca(remoto):
                        correr_escondidos(escondidos.get(_ident(caminho), ""), remoto, caminho.name)
                else:
                    _rejeitam_os_dois(_ident(caminho), local, remoto, caminho.name)
            kernel.correr(REPOR)
    finally:
        kernel.fechar()


@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_exercicio_em_branco(capitulo):
    kernel = _Kernel(exercicio(capitulo))
    try:
        with kernel.fronteira() as remoto:
            local = carregar(exercicio(capitulo))
            for ident in exercicios_do_capitulo(capitulo):
                _comparar(ident, local, remoto, "em branco")
    finally:
        kernel.fechar()
