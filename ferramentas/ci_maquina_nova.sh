#!/usr/bin/env bash
# O teste no browser como numa máquina nova e lenta: sem caches e com o processador ocupado.
#
# Numa máquina onde o Chromium acabou de ser instalado, o browser arranca sem perfil, sem cache de
# tipos de letra (fontconfig) e sem caches do curso (vocabulário do tokenizador, hypothesis); se a
# máquina estiver ocupada, o kernel e o browser ficam lentos e as corridas entre threads aparecem.
# Este script reproduz isso em cada corrida:
#   - HOME e XDG_* apontam para pastas novas e vazias (o Chromium, o fontconfig, o Jupyter e o
#     curso não reaproveitam nada; as caches de quem corre o script ficam intactas);
#   - N_CARGA processos em ciclo ocupado (por omissão, um por núcleo) disputam o processador;
#   - corre o teste no browser até N vezes e para na primeira falha.
#
# Uso: bash ferramentas/ci_maquina_nova.sh [N=10]
#      N_CARGA=4 bash ferramentas/ci_maquina_nova.sh 3
# Sai com 0 só se as N corridas seguidas passarem.
set -euo pipefail
cd "$(dirname "$0")/.."

corridas="${1:-10}"
carga="${N_CARGA:-$(nproc)}"
python=".venv/bin/python"
[ -x "$python" ] || { echo "Falta o ambiente: corre «python3 iniciar.py preparar» primeiro." >&2; exit 2; }
[ -x /usr/bin/chromium ] || { echo "Falta o Chromium do Debian em /usr/bin/chromium." >&2; exit 2; }

source ferramentas/_carga.sh
iniciar_carga curso-maquina-nova "$carga" "$python"

for i in $(seq "$corridas"); do
    casa="$trabalho/casa-$i"
    mkdir -p "$casa"
    inicio=$(date +%s)
    if env HOME="$casa" XDG_CACHE_HOME="$casa/.cache" XDG_CONFIG_HOME="$casa/.config" \
        XDG_DATA_HOME="$casa/.local/share" HYPOTHESIS_STORAGE_DIRECTORY="$casa/hypothesis" \
        "$python" -m pytest tests/navegador/test_jupyterlab.py -q -p no:cacheprovider -x \
        >"$trabalho/corrida-$i.log" 2>&1; then
        echo "corrida $i/$corridas: verde ($(( $(date +%s) - inicio )) s)"
    else
        guardado="${TMPDIR:-/tmp}/curso-maquina-nova-corrida-$i.log"
        cp "$trabalho/corrida-$i.log" "$guardado"
        echo "corrida $i/$corridas: FALHOU ($(( $(date +%s) - inicio )) s); registo em $guardado. O fim:"
        tail -n 60 "$guardado"
        exit 1
    fi
    rm -rf "$casa"
done
echo "$corridas corridas seguidas verdes, com carga e sem caches."
