"""A linha de montagem do nbgrader para corrigir este curso, num só sítio.

Usam-na o ``nbgrader_config.py`` (o nbgrader «simples» e o formgrader) e os trabalhadores do
``curso corrigir``, para que corrigir de uma forma ou de outra dê a mesma nota e o mesmo retorno.
"""

from __future__ import annotations

AVISO_CELULA_REPOSTA = "Esta célula ({cell_id}) faltava na submissão e foi reposta pelo nbgrader.\n"


def silenciar_avisos_do_nbgrader() -> None:
    """O nbgrader 0.9 mexe em objetos fora da sessão do SQLAlchemy ao criar cada submissão: três
    ``SAWarning`` por aluno, sem consequência, que só assustam quem corrige."""
    import warnings

    from sqlalchemy.exc import SAWarning

    warnings.filterwarnings("ignore", category=SAWarning, module=r"nbgrader\.api")


def aplicar(c) -> None:
    """Põe em ``c`` (a configuração do nbgrader) o que a correção do curso usa."""
    from nbconvert.preprocessors import ClearMetadataPreprocessor, CSSHTMLHeaderPreprocessor
    from nbgrader import preprocessors as pp

    from curso.correcao.fronteira import ExecutarComFronteira
    from curso.correcao.retorno import OcultarTestesEscondidos

    silenciar_avisos_do_nbgrader()

    # um kernel que morre (os._exit) é reiniciado e a correção continua nas células seguintes;
    # as células de verificação correm fora do kernel, do lado de confiança (curso.fronteira)
    c.Autograde.autograde_preprocessors = [
        ExecutarComFronteira, pp.IgnorePattern, ClearMetadataPreprocessor, pp.LimitOutput,
        pp.SaveAutoGrades, pp.AssignLatePenalties, pp.CheckCellMetadata,
    ]
    # uma célula de verificação apagada volta do gradebook (senão ficaria sem nota: um zero mudo)
    c.OverwriteCells.add_missing_cells = True
    c.OverwriteCells.missing_cell_notification = AVISO_CELULA_REPOSTA
    # o «nbgrader collect» da troca (JupyterHub) não segue ligações simbólicas em inbound/
    c.ExchangeFactory.collect = "curso.correcao.recolha.RecolhaSegura"
    # o retorno aos alunos não mostra o código dos testes escondidos (ver docs/professor.md)
    c.GenerateFeedback.preprocessors = [pp.GetGrades, CSSHTMLHeaderPreprocessor, OcultarTestesEscondidos]
