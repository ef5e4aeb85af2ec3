"""Os estados de uma verificação e de um exercício: passou, falhou, por fazer.

Um ``StrEnum``: cada estado é também o texto que sempre foi (``Estado.PASSOU == "passou"``), por
isso o JSON de ``curso verificar --json`` e ``curso progresso --json`` não muda, e quem lê esse
JSON compara com os mesmos textos. Dentro do pacote usa-se o nome, nunca o texto.
"""

from __future__ import annotations

from enum import StrEnum


class Estado(StrEnum):
    PASSOU = "passou"
    FALHOU = "falhou"
    POR_FAZER = "por_fazer"

    @property
    def simbolo(self) -> str:
        """O sinal que aparece à frente da verificação ou do exercício no terminal."""
        return {"passou": "✔", "falhou": "✘", "por_fazer": "…"}[self.value]

    @property
    def rotulo(self) -> str:
        """Como se diz o estado de um exercício a quem estuda."""
        return {"passou": "feito", "falhou": "a falhar", "por_fazer": "por começar"}[self.value]
