"""O JSON do modelo offline (``formatos.py``, com o ``orjson``) diz o mesmo que o ``json`` da
biblioteca padrão, e o que o ``orjson`` recusa continua a funcionar como antes."""

import json
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from curso.offline.formatos import copia_json, json_canonico, json_compacto, ler_json

_ESCALARES = st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text()
_JSON_SEM_DECIMAIS = st.recursive(
    _ESCALARES, lambda filhos: st.lists(filhos, max_size=4) | st.dictionaries(st.text(), filhos, max_size=4),
    max_leaves=20)
_JSON = st.recursive(
    _ESCALARES | st.floats(allow_nan=False, allow_infinity=False),
    lambda filhos: st.lists(filhos, max_size=4) | st.dictionaries(st.text(), filhos, max_size=4),
    max_leaves=20)


@settings(max_examples=200, deadline=None)
@given(_JSON_SEM_DECIMAIS)
def test_o_texto_e_o_do_json_da_biblioteca_padrao(valor):
    assert json_compacto(valor) == json.dumps(valor, ensure_ascii=False, separators=(",", ":")).encode()
    assert json_canonico(valor) == json.dumps(valor, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


@settings(max_examples=200, deadline=None)
@given(_JSON)
def test_lido_de_volta_da_o_mesmo_valor_e_a_copia_e_outra(valor):
    assert json.loads(json_compacto(valor)) == valor
    assert json.loads(json_canonico(valor)) == valor
    assert ler_json(json.dumps(valor)) == valor
    copia = copia_json(valor)
    assert copia == valor
    if isinstance(valor, (dict, list)) and valor:
        assert copia is not valor


def test_a_copia_e_funda():
    original = {"mensagens": [{"role": "user", "content": "olá"}]}
    copia = copia_json(original)
    copia["mensagens"][0]["content"] = "mudado"
    assert original["mensagens"][0]["content"] == "olá"


def test_o_que_o_orjson_recusa_segue_pelo_json():
    assert json_compacto({1: "um"}) == b'{"1":"um"}'  # chave que não é texto
    assert json_canonico({"b": 2**70, "a": 1}) == '{"a":1,"b":%d}' % 2**70  # inteiro enorme
    # ao ler, um inteiro com mais de 64 bits vira decimal (o orjson não os guarda): documentado
    assert ler_json(b'{"n": 12345678901234567890123}') == {"n": 1.2345678901234568e22}
    assert math.isnan(ler_json(b'{"x": NaN}')["x"])  # o json aceita NaN; o orjson não


def test_json_invalido_continua_a_ser_um_valueerror():
    for corpo in (b"{nao e json", b"\xff\xfe", b""):
        try:
            ler_json(corpo)
        except ValueError:
            continue
        raise AssertionError(f"{corpo!r} devia ser recusado")
