"""Passa ao decisor uma cópia do histórico, guarda uma cópia dos argumentos e dá à ferramenta
outra cópia: o decisor e as ferramentas veem o mesmo, e nada do que façam mexe no histórico."""

import copy


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    historico = []
    voltas = 0
    while voltas < max_passos:
        voltas += 1
        decisao = decidir(pedido, list(historico))
        nome, argumentos = decisao["ferramenta"], dict(decisao["argumentos"])
        if nome == "responder_final":
            return {"concluido": True, "resposta": argumentos["texto"], "historico": historico}
        resultado = ferramentas[nome](**copy.deepcopy(argumentos))
        historico.append({"ferramenta": nome, "argumentos": argumentos, "resultado": resultado})
    return {"concluido": False, "motivo": "max_steps atingido", "historico": historico}
