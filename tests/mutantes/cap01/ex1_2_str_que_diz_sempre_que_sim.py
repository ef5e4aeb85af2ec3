"""Uma str cujo __eq__ diz sempre que sim (e str/strip/lower que não a deixam ser outra): sem a
comparação estrita, passaria em todas as verificações do quiz qualquer que fosse a letra.

Requisito: r2
"""


class Letra(str):
    def __eq__(self, outra):
        return True

    __hash__ = str.__hash__

    def __str__(self):
        return Letra("c")

    def strip(self):
        return self

    def lower(self):
        return self


resposta_1_2 = Letra("a")
