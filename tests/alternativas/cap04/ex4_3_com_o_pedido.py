"""Devolve também o pedido no resultado (uma chave a mais) e guarda a decisão numa variável só."""


def agente_simples(pedido, decidir=None):
    if decidir is None:  # o esboço do caderno já traz estas duas linhas
        decidir = decidir_ferramenta_e_argumentos
    decisao = decidir(pedido)
    resultado = {"pedido": pedido, "ferramenta": None, "argumentos": None, "resultado": None,
                 "mensagem": "Nenhuma das ferramentas serve para isto."}
    if decisao is not None:
        nome, argumentos = decisao
        resultado.update(ferramenta=nome, argumentos=argumentos, mensagem=None,
                         resultado=executar_ferramenta(nome, argumentos))
    return resultado
