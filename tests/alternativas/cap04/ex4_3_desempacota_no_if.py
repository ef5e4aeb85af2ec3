"""Constrói o resultado a partir de um dicionário vazio e mensagem própria na abstenção."""


def agente_simples(pedido, decidir=None):
    if decidir is None:  # o esboço do caderno já traz estas duas linhas
        decidir = decidir_ferramenta_e_argumentos
    saida = dict.fromkeys(["ferramenta", "argumentos", "resultado", "mensagem"])
    escolha = decidir(pedido)
    if not escolha:
        saida["mensagem"] = "Não sei que ferramenta usar para isto."
        return saida
    saida["ferramenta"], saida["argumentos"] = escolha
    saida["resultado"] = executar_ferramenta(*escolha)
    return saida
