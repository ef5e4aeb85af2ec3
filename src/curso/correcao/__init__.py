"""Correção pelo professor: ``curso corrigir`` corrige uma turma inteira com o nbgrader.

Um módulo por tarefa:

- ``ambiente`` — o ambiente dos processos do nbgrader e a configuração do curso;
- ``configuracao`` — a linha de montagem do nbgrader (a mesma no ``nbgrader_config.py``);
- ``caixa`` — a caixa de areia (bubblewrap) onde corre o kernel de cada submissão, e
  ``interior`` — o lançador que, lá dentro, põe os limites de memória e de processos;
- ``blindagem`` — o kernel que repõe a maquinaria do IPython antes de cada célula;
- ``adulteracao`` — os sinais de adulteração nas células do aluno, para revisão à mão;
- ``guardas`` — as verificações que recusam começar quando todos teriam zero;
- ``recuperacao`` — a execução que sobrevive a kernels mortos e ciclos que não param;
- ``trabalhador`` — o processo que corrige submissões numa pasta e base de dados próprias;
- ``lote`` — os trabalhadores em paralelo, e ``registo`` — a escrita única na base de dados
  (SQLite ou PostgreSQL);
- ``distribuida`` — ``curso corrigir --cluster``: o coordenador, a tarefa e o resultado num
  cluster Dask (docs/cluster.md);
- ``diagnostico`` — os problemas de cada submissão (no trabalhador);
- ``relatorio`` — o resumo alunos × capítulos e o CSV (no principal);
- ``resultados`` — os ficheiros ``resultados/ALUNO/CAP.json`` (a nota, os problemas, o motivo
  de uma falha), e ``turma`` — o subcomando ``curso turma``, o relatório da turma;
- ``notas`` — as notas do ``gradebook.db`` (as do ``nbgrader export``), a fonte dos números do
  relatório da turma e das exportações;
- ``retorno`` — o que o aluno vê no retorno (sem o código dos testes escondidos);
- ``cli`` — o subcomando ``curso corrigir``;
- ``exportar`` — o subcomando ``curso exportar``: as notas num CSV para o Moodle ou o Canvas;
- ``formgrader`` — a extensão do servidor Jupyter que põe o formgrader em português (modo do
  professor).
"""
