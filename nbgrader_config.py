"""Configuração do nbgrader para este curso.

``solutions/`` é a fonte (cadernos do professor, com soluções e testes escondidos) e
``exercises/`` é a versão dos alunos, gerada com ``nbgrader generate_assignment``.
"""

import os

from nbgrader import preprocessors as pp

import curso.correcao
from curso.correcao.configuracao import aplicar
from curso.nbgrader_extra import LimparSolucoes
from curso.raiz import path_com_este_interpretador

c = get_config()  # noqa: F821 — o nbgrader define get_config

# o nbgrader chama o «alembic» pelo PATH ao criar o gradebook.db: com «.venv/bin/python -m nbgrader»
# sem o ambiente ativado, falharia à primeira; as ferramentas deste interpretador vão à frente
os.environ["PATH"] = path_com_este_interpretador(os.environ.get("PATH"))

c.CourseDirectory.source_directory = "solutions"
c.CourseDirectory.release_directory = "exercises"
c.CourseDirectory.submitted_directory = "submitted"
c.CourseDirectory.autograded_directory = "autograded"
c.CourseDirectory.feedback_directory = "feedback"
# a base de notas fica sempre na raiz do curso, venha o nbgrader de onde vier: o Formgrader de um
# JupyterHub arranca na pasta pessoal do professor e, com um caminho relativo, criaria lá uma
# base vazia em vez de ler as notas do «curso corrigir» (ver docs/jupyterhub.md)
c.CourseDirectory.db_url = "sqlite:///" + os.path.join(os.path.dirname(os.path.abspath(__file__)), "gradebook.db")
c.CourseDirectory.ignore = [".ipynb_checkpoints", "*.pyc", "__pycache__", ".hypothesis"]

# a lista do nbgrader 0.9, com ClearSolutions trocado por LimparSolucoes
c.GenerateAssignment.preprocessors = [
    pp.IncludeHeaderFooter, pp.InstantiateTests, pp.LockCells, LimparSolucoes, pp.ClearOutput,
    pp.CheckCellMetadata, pp.ComputeChecksums, pp.SaveCells, pp.ClearHiddenTests,
    pp.ClearMarkScheme, pp.ComputeChecksums, pp.CheckCellMetadata,
]

# esboços em português, e «NOME = ...» para respostas ao nível do módulo (ver curso.nbgrader_extra)
c.ClearSolutions.code_stub = {"python": "# O TEU CÓDIGO AQUI\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "ESCREVE AQUI A TUA RESPOSTA"
c.ClearSolutions.begin_solution_delimeter = "BEGIN SOLUTION"
c.ClearSolutions.end_solution_delimeter = "END SOLUTION"
c.ClearSolutions.enforce_metadata = True

# geração estável byte a byte: sem saídas, sem contagens nem metadados de execução
c.ClearOutput.remove_metadata_fields = {"collapsed", "scrolled", "execution", "ExecuteTime"}

# correção (também com o nbgrader «simples» e o formgrader): a mesma linha de montagem do
# «curso corrigir» — kernels que morrem reiniciados, células apagadas repostas, retorno sem os
# testes escondidos (ver src/curso/correcao/configuracao.py)
aplicar(c)

# o retorno ao aluno e a correção manual no formgrader em português: os modelos «feedback» e
# «formgrade» traduzidos no curso (src/curso/correcao/modelos_nbgrader/LEIAME.md) no lugar dos do
# nbgrader; sem «template_name», cada um escolhe o seu (o generate_feedback e o formgrader)
c.HTMLExporter.extra_template_basedirs = [
    os.path.join(os.path.dirname(curso.correcao.__file__), "modelos_nbgrader")]

# correção: limite por célula (um ciclo infinito não para a turma) e o mesmo kernel do curso
c.ExecutePreprocessor.timeout = 60
c.ExecutePreprocessor.kernel_name = "python3"
c.Execute.timeout = 60
