"""Acha que só os agentes podem usar ferramentas."""

resposta_1_2 = "d"
