"""Os metadados do topo dos cadernos do curso: os mesmos que o kernel e o JupyterLab lá escrevem.

Ao abrir um caderno, o JupyterLab escreve no modelo o ``kernelspec`` do kernel e o
``language_info`` que o kernel lhe devolve; se o que está gravado for diferente, o caderno fica
com alterações por gravar e o *autosave* reescreve-o. Bastava abrir uma lição para o ``git
status`` deixar de estar limpo e o ``curso atualizar`` guardar cópias de lições só lidas. Por
isso os cadernos guardam exatamente esses metadados (``esperados``; quem os escreve é
``ferramentas/metadados_dos_cadernos.py``, e a prova é ``tests/repositorio/test_metadados.py``).

Só a versão do Python (``language_info.version``) muda de máquina para máquina. O JupyterLab de
``iniciar.py`` grava-a como está no ficheiro (``manter_versao_gravada``, um ``pre_save_hook`` do
servidor): um caderno aberto com outro Python também fica igual, byte a byte.
"""

from __future__ import annotations

import json
from pathlib import Path

# o kernel dos cadernos do curso (o do ipykernel, instalado com o ambiente)
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def language_info(versao: str | None = None) -> dict:
    """O ``language_info`` que o kernel do curso devolve (com ``versao``, se for dada)."""
    from ipykernel.ipkernel import IPythonKernel

    info = json.loads(json.dumps(IPythonKernel.language_info))  # uma cópia só de dados JSON
    if versao is not None:
        info["version"] = versao
    return info


def esperados(versao: str | None = None) -> dict:
    """Os metadados do topo de um caderno do curso: os que o kernel e o JupyterLab escreveriam."""
    return {"kernelspec": dict(KERNELSPEC), "language_info": language_info(versao)}


def _sem_versao(info: object) -> object:
    return {k: v for k, v in info.items() if k != "version"} if isinstance(info, dict) else info


def manter_versao_gravada(model: dict, path: str, contents_manager, **_) -> None:
    """``pre_save_hook`` do servidor Jupyter: um caderno que só difere do ficheiro na versão do
    Python do kernel grava-se com a versão que o ficheiro já tinha."""
    conteudo = model.get("content") if model.get("type") == "notebook" else None
    metadados = conteudo.get("metadata") if isinstance(conteudo, dict) else None
    novo = metadados.get("language_info") if isinstance(metadados, dict) else None
    if not isinstance(novo, dict) or "version" not in novo:
        return
    ficheiro = Path(getattr(contents_manager, "root_dir", "") or ".", *str(path).strip("/").split("/"))
    try:
        gravado = json.loads(ficheiro.read_text(encoding="utf-8"))["metadata"]["language_info"]
    except (OSError, ValueError, KeyError, TypeError):
        return  # um caderno novo, ou um ficheiro que não é um caderno: nada a manter
    if isinstance(gravado, dict) and isinstance(gravado.get("version"), str) \
            and _sem_versao(gravado) == _sem_versao(novo):
        novo["version"] = gravado["version"]
