"""Um while com o número de iterações como estado e o feedback guardado num dicionário."""


def refinar(gerar, avaliar, max_iteracoes=3):
    estado = {"feedback": None, "ultimo": None}
    n = 0
    while n < max_iteracoes:
        n += 1
        estado["ultimo"] = gerar(estado["feedback"])
        ok, estado["feedback"] = avaliar(estado["ultimo"])
        if ok:
            return {"estado": "concluido", "resultado": estado["ultimo"], "iteracoes": n}
    return {"estado": "incompleto", "resultado": estado["ultimo"], "iteracoes": n}
