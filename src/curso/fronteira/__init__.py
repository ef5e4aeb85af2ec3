"""A fronteira entre o corretor de confiança e o kernel do aluno.

Na correção (``curso corrigir``) o código do aluno corre no kernel isolado; as verificações e os
testes escondidos correm no processo do corretor e chegam às funções do aluno através de
``CadernoRemoto`` — só passam dados (``dados``), nunca código de teste. O lado do kernel está em
``kernel``; o de confiança, em ``confianca``. Ver ``docs/arquitetura.md``.
"""
