"""Fixa o decisor por omissão quando o def corre: uma correção posterior ao 4.1 não chega ao agente."""


def agente_simples(pedido, decidir=decidir_ferramenta_e_argumentos):
    decisao = decidir(pedido)
    if decisao is None:
        return {"ferramenta": None, "argumentos": None, "resultado": None,
                "mensagem": "Nenhuma ferramenta serve para este pedido."}
    nome, argumentos = decisao
    return {"ferramenta": nome, "argumentos": argumentos,
            "resultado": executar_ferramenta(nome, argumentos), "mensagem": None}
