"""As guardas: recusar começar quando a correção daria zero a toda a gente.

Cada guarda lança ``Recusa`` com uma mensagem que diz o que está mal e como se resolve:

- ``nbgrader_config.py`` em falta, ilegível ou com um erro (o nbgrader ignorá-lo-ia e passaria
  a procurar ``source/`` e ``release/``), ou a apontar para pastas que não existem;
- capítulos pedidos que não existem, ou cadernos dos alunos (``exercises/``) em falta;
- o kernel de correção não arranca ou não consegue importar ``curso`` (todas as células de
  verificação dariam ``ModuleNotFoundError``);
- as soluções não têm nota máxima quando corrigidas exatamente como as submissões (essa guarda
  corre no lote, ver ``cli``).
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

from curso.correcao.ambiente import Recusa

PADRAO_CAPITULO = re.compile(r"cap\d\d")


def pastas(raiz: Path, cfg) -> tuple[Path, Path]:
    """As pastas de fonte e de publicação que o nbgrader vai usar, que têm de existir."""
    cd = cfg.CourseDirectory
    if "source_directory" not in cd or "release_directory" not in cd:
        raise Recusa(
            "nbgrader_config.py não define c.CourseDirectory.source_directory e "
            "release_directory: o nbgrader usaria source/ e release/ e não encontraria nada. "
            "Este curso usa source_directory = 'solutions' e release_directory = 'exercises'."
        )
    fonte, publicado = raiz / cd.source_directory, raiz / cd.release_directory
    for nome, pasta in (("source_directory", fonte), ("release_directory", publicado)):
        if not pasta.is_dir():
            raise Recusa(
                f"nbgrader_config.py diz {nome} = {getattr(cd, nome)!r}, mas a pasta {pasta} "
                "não existe. Corre «curso corrigir» na raiz do curso ou corrige a configuração."
            )
    return fonte, publicado


def capitulos(fonte: Path, publicado: Path, pedidos: list[str] | None) -> list[str]:
    """Os capítulos a corrigir (os pedidos, ou todos os que há em ``fonte``), com os cadernos
    dos alunos todos no sítio."""
    existentes = sorted(p.name for p in fonte.iterdir()
                        if p.is_dir() and PADRAO_CAPITULO.fullmatch(p.name) and any(p.glob("*.ipynb")))
    if not existentes:
        raise Recusa(f"Não há capítulos em {fonte} (pastas capNN com cadernos).")
    escolhidos = existentes
    if pedidos:
        normalizados = []
        for pedido in pedidos:
            texto = pedido.strip().lower()
            nome = f"cap{int(texto.removeprefix('cap')):02d}" if texto.removeprefix("cap").isdigit() else texto
            if nome not in existentes:
                raise Recusa(f"Não conheço o capítulo {pedido!r}. Há: {', '.join(existentes)}.")
            if nome not in normalizados:
                normalizados.append(nome)
        escolhidos = normalizados
    faltam = []
    for cap in escolhidos:
        for caderno in sorted((fonte / cap).glob("*.ipynb")):
            if not (publicado / cap / caderno.name).is_file():
                faltam.append(f"{publicado.name}/{cap}/{caderno.name}")
    if faltam:
        raise Recusa(
            "Faltam cadernos dos alunos (a versão publicada): " + ", ".join(faltam) + ". "
            "Sem eles não se sabe o que os alunos receberam. Gera-os com "
            "«python -m nbgrader generate_assignment capNN --force»."
        )
    return escolhidos


def nome_do_kernel(cfg, caderno: Path) -> str:
    """O kernel com que o nbgrader vai correr as submissões."""
    for classe in ("Execute", "ExecutePreprocessor"):
        if classe in cfg and cfg[classe].get("kernel_name"):
            return cfg[classe].kernel_name
    try:
        return json.loads(caderno.read_text(encoding="utf-8"))["metadata"]["kernelspec"]["name"]
    except (OSError, ValueError, KeyError):
        return "python3"


# ``verificar`` traz o executor inteiro (a fachada de curso.verificacao sozinha não importaria nada)
SONDA = "from curso.verificacao import verificar\nimport curso.raiz\nprint(curso.raiz.raiz_do_curso())"


def kernel_importa_curso(nome: str, raiz: Path, env: dict, limite: float = 60,
                         pasta: Path | None = None) -> None:
    """Arranca o kernel de correção, como o nbgrader, e confirma que importa ``curso``.

    ``pasta`` é a pasta de trabalho do kernel (por omissão ``raiz``); o kernel isolado copia-a
    para a sua caixa, por isso a correção dá-lhe uma pasta vazia."""
    if pasta is not None:
        pasta.mkdir(parents=True, exist_ok=True)
    from jupyter_client.kernelspec import NoSuchKernel
    from jupyter_client.manager import start_new_kernel

    registo = tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace")  # noqa: SIM115
    try:
        km, kc = start_new_kernel(kernel_name=nome, cwd=str(pasta or raiz), env=env,
                                  startup_timeout=limite, stderr=registo)
    except NoSuchKernel:
        raise Recusa(
            f"O kernel de correção «{nome}» não existe (ver «jupyter kernelspec list»). "
            "Aponta c.ExecutePreprocessor.kernel_name no nbgrader_config.py a um kernel do "
            "ambiente do curso."
        ) from None
    except Exception as erro:  # noqa: BLE001 — um kernel que não arranca é uma recusa
        registo.seek(0)
        linhas = [li for li in registo.read().splitlines() if li.strip()][-3:]
        raise Recusa(f"O kernel de correção «{nome}» não arranca: {type(erro).__name__}: {erro}"
                     + (" — o kernel escreveu: " + " | ".join(linhas) if linhas else "")) from None
    finally:
        registo.close()
    erros, saida = [], []

    def guardar(msg):
        if msg["msg_type"] == "error":
            erros.append(f"{msg['content']['ename']}: {msg['content']['evalue']}")
        elif msg["msg_type"] == "stream":
            saida.append(msg["content"]["text"])

    try:
        kc.execute_interactive(SONDA, timeout=limite, output_hook=guardar)
    except Exception as erro:  # noqa: BLE001
        erros.append(f"{type(erro).__name__}: {erro}")
    finally:
        executavel = (km.kernel_spec.argv or ["?"])[0] if km.kernel_spec else "?"
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    if erros:
        raise Recusa(
            f"O kernel de correção «{nome}» ({executavel}) não consegue importar o curso: "
            f"{erros[0]}. Todas as verificações dariam erro e todos teriam zero. Instala o curso "
            "nesse Python («python -m pip install -e .») ou aponta "
            "c.ExecutePreprocessor.kernel_name a um kernel do ambiente do curso."
        )


def registar_capitulos(raiz: Path, cfg, escolhidos: list[str], pasta_tmp: Path,
                       publicado: Path) -> list[str]:
    """Garante que o nbgrader conhece cada capítulo (assignment, cadernos e células na base de
    dados), gerando a versão dos alunos numa pasta temporária. Devolve avisos de dessincronia."""
    import copy

    from nbgrader.converters import GenerateAssignment
    from nbgrader.coursedir import CourseDirectory
    from nbgrader.utils import capture_log

    cfg = copy.deepcopy(cfg)
    cfg.CourseDirectory.root = str(raiz)
    cfg.CourseDirectory.release_directory = str(pasta_tmp)
    avisos = []
    for cap in escolhidos:
        cd = CourseDirectory(config=cfg)
        cd.assignment_id = cap
        app = GenerateAssignment(coursedir=cd, config=cfg)
        app.force = True
        r = capture_log(app)
        if not r["success"]:
            linhas = (r.get("error") or r.get("log") or "").strip().splitlines()[-3:]
            raise Recusa(f"O nbgrader não conseguiu registar {cap} na base de dados: " + " | ".join(linhas))
        for gerado in sorted((pasta_tmp / cap).glob("*.ipynb")):
            if _celulas(gerado) != _celulas(publicado / cap / gerado.name):
                avisos.append(
                    f"{publicado.name}/{cap}/{gerado.name} não corresponde a solutions/: os alunos "
                    "podem ter recebido outra versão (as células bloqueadas são repostas a partir "
                    "das soluções)."
                )
    return avisos


def _celulas(caminho: Path) -> list:
    try:
        nb = json.loads(caminho.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [("".join(c["source"]) if isinstance(c["source"], list) else c["source"]).strip()
            for c in nb.get("cells", [])]
