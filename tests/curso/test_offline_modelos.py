"""``GET /v1/models`` e ``GET /v1/models/{id}`` no modelo offline, e os modelos retirados.

A forma é a da API verdadeira: ``{"object": "list", "data": [...]}``, cada modelo com ``id``,
``object``, ``created`` e ``owned_by``, e ``shutdown_date`` só quando há data. Um modelo retirado
não aparece na lista e responde 404 com o corpo de erro da API (``code: "model_not_found"``).
"""

import json
import subprocess
import sys
import urllib.error
import urllib.request

import openai
import pytest

from curso import modelo
from curso.offline import servir
from curso.offline.modelos import Catalogo, Modelo
from curso.offline.transporte import cliente_offline, cliente_offline_assincrono

PERGUNTA = [{"role": "user", "content": "Olá"}]
CAMPOS = {"id", "object", "created", "owned_by"}


def _ler(url):
    """(estado, corpo JSON) de um GET, também quando a resposta é um erro."""
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as erro:
        return erro.code, json.loads(erro.read())


def test_por_omissao_o_catalogo_e_aberto_e_lista_os_modelos_ja_pedidos():
    c = cliente_offline(lambda m, f: "ok")
    assert c.models.list().data == []
    assert c.models.retrieve("qualquer-nome").id == "qualquer-nome"
    for nome in (modelo(), "outro", modelo()):
        c.chat.completions.create(model=nome, messages=PERGUNTA)
    modelos = c.models.list().data
    assert [m.id for m in modelos] == [modelo(), "outro"]
    assert modelos[0].object == "model" and isinstance(modelos[0].created, int)


def test_a_lista_por_http_tem_a_forma_da_api_e_shutdown_date_so_quando_ha():
    catalogo = ["novo", {"id": "antigo", "shutdown_date": "2027-01-14", "owned_by": "system"}]
    with servir(lambda m, f: "ok", modelos=catalogo) as url:
        estado, corpo = _ler(f"{url}/models")
        assert estado == 200 and corpo["object"] == "list"
        novo, antigo = corpo["data"]
        assert set(novo) == CAMPOS and novo["id"] == "novo" and novo["object"] == "model"
        assert set(antigo) == CAMPOS | {"shutdown_date"}
        assert antigo["shutdown_date"] == "2027-01-14" and antigo["owned_by"] == "system"
        estado, um = _ler(f"{url}/models/antigo")
        assert estado == 200 and um == antigo


def test_um_modelo_retirado_responde_404_model_not_found_com_o_corpo_da_api():
    with servir(lambda m, f: "ok", modelos=["novo", "velho"], retirados=["velho"]) as url:
        estado, corpo = _ler(f"{url}/models")
        assert [m["id"] for m in corpo["data"]] == ["novo"]
        estado, corpo = _ler(f"{url}/models/velho")
        assert estado == 404
        assert corpo == {"error": {
            "message": "The model `velho` does not exist or you do not have access to it.",
            "type": "invalid_request_error", "param": None, "code": "model_not_found"}}
        c = openai.OpenAI(base_url=url, api_key="qualquer", max_retries=0)
        with pytest.raises(openai.NotFoundError) as erro:
            c.chat.completions.create(model="velho", messages=PERGUNTA)
        assert erro.value.code == "model_not_found" and erro.value.param is None
        with pytest.raises(openai.NotFoundError):
            c.responses.create(model="velho", input="Olá")
        # os outros nomes continuam aceites, como sempre no modelo offline
        assert c.chat.completions.create(model="novo", messages=PERGUNTA).choices[0].message.content == "ok"
        assert c.models.retrieve("novo").id == "novo"


def test_um_modelo_desconhecido_em_get_models_id_e_404():
    c = cliente_offline(lambda m, f: "ok", modelos=["a"])
    with pytest.raises(openai.NotFoundError) as erro:
        c.models.retrieve("nao-existe")
    assert erro.value.code == "model_not_found"
    # num catálogo fechado, um nome pedido não passa a aparecer na lista
    c.chat.completions.create(model="nao-existe", messages=PERGUNTA)
    assert [m.id for m in c.models.list()] == ["a"]


def test_o_cliente_assincrono_tambem_finge_o_retirado():
    import asyncio

    c = cliente_offline_assincrono(lambda m, f: "ok", retirados=["velho"])

    async def pedir():
        return await c.chat.completions.create(model="velho", messages=PERGUNTA)

    with pytest.raises(openai.NotFoundError):
        asyncio.run(pedir())


def test_o_catalogo_recusa_o_que_nao_e_um_modelo():
    with pytest.raises(ValueError, match="AAAA-MM-DD"):
        Modelo("x", shutdown_date="14/01/2027")
    with pytest.raises(TypeError, match="listas"):
        Catalogo("um-nome-so")
    with pytest.raises(ValueError, match="texto não vazio"):
        Catalogo([""])


def test_curso_servidor_aceita_retirado():
    r = subprocess.run([sys.executable, "-m", "curso", "servidor", "--help"],
                       capture_output=True, text=True, timeout=60)
    assert "--retirado" in r.stdout and "model_not_found" in r.stdout
