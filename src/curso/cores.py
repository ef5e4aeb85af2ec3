"""As cores do curso, num módulo sem dependências.

Servem os widgets (``curso.widgets``) e o relatório de ``verificar``, que não pode importar o
ipywidgets só para saber que verde usar (a primeira verificação tem de ser rápida).
"""

# Cores com contraste suficiente em fundo claro.
CORES = {
    "ok": "#1b7f3b",
    "ok_fundo": "#e8f5ec",
    "erro": "#b3261e",
    "erro_fundo": "#fdecea",
    "aviso": "#8a5a00",
    "aviso_fundo": "#fff4e0",
    "info": "#1f4e8c",
    "info_fundo": "#eaf1fb",
    "neutro": "#555555",
    "neutro_fundo": "#f5f5f5",
    "borda": "#d0d7de",
}
