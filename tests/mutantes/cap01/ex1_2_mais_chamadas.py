"""Confunde agente com «mais chamadas ao modelo»."""

resposta_1_2 = "a"
