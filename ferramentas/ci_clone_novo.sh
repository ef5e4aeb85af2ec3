#!/usr/bin/env bash
# A CI inteira como numa máquina nova, N vezes seguidas, com o processador ocupado.
#
# Em cada corrida:
#   - um clone novo do ramo main (sem .venv, sem node_modules, sem nada de corridas anteriores);
#   - como root: o Chromium do Debian é desinstalado antes, para ser o próprio .ci/run a
#     instalá-lo (como numa máquina nova); sem root, fica o que está e di-lo;
#   - caches vazias: XDG_CACHE_HOME, XDG_CONFIG_HOME e XDG_DATA_HOME (perfil do browser, tipos de
#     letra do fontconfig, vocabulário do tokenizador), a base da hypothesis e a cache do pip
#     apontam para pastas novas;
#   - N_CARGA processos em ciclo ocupado (por omissão, um por núcleo) disputam o processador;
#   - corre «CI=true bash .ci/run», que chama o comando de testes do README.
# Para na primeira corrida vermelha e mostra o fim do registo.
#
# Uso: bash ferramentas/ci_clone_novo.sh [N=3] [REPOSITORIO=este]
#      N_CARGA=4 bash ferramentas/ci_clone_novo.sh 3 /caminho/do/repositorio
# Sai com 0 só se as N corridas seguidas passarem.
set -euo pipefail
cd "$(dirname "$0")/.."

corridas="${1:-3}"
repositorio="$(cd "${2:-.}" && pwd)"
carga="${N_CARGA:-$(nproc)}"

source ferramentas/_carga.sh
iniciar_carga curso-ci-clone "$carga" python3
echo "Repositório: $repositorio (main)."

for i in $(seq "$corridas"); do
    clone="$trabalho/clone-$i"
    casa="$trabalho/caches-$i"
    mkdir -p "$casa"
    git clone --quiet --branch main "$repositorio" "$clone"
    if [ "$(id -u)" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq chromium chromium-common chromium-driver \
            chromium-sandbox >/dev/null 2>&1 || true
        echo "corrida $i/$corridas: Chromium desinstalado; o .ci/run volta a instalá-lo"
    else
        echo "corrida $i/$corridas: sem root, o Chromium fica como está (caches novas na mesma)"
    fi
    inicio=$(date +%s)
    if (cd "$clone" && env CI=true XDG_CACHE_HOME="$casa/cache" XDG_CONFIG_HOME="$casa/config" \
        XDG_DATA_HOME="$casa/data" HYPOTHESIS_STORAGE_DIRECTORY="$casa/hypothesis" \
        PIP_CACHE_DIR="$casa/pip" bash .ci/run) >"$trabalho/corrida-$i.log" 2>&1; then
        echo "corrida $i/$corridas: verde em $(( $(date +%s) - inicio )) s ($(uptime | sed 's/.*load average/carga média/'))"
        grep -E "^[0-9]+ passed|passed in" "$trabalho/corrida-$i.log" | tail -n 1 || true
    else
        guardado="${TMPDIR:-/tmp}/curso-ci-clone-corrida-$i.log"
        cp "$trabalho/corrida-$i.log" "$guardado"
        echo "corrida $i/$corridas: FALHOU ($(( $(date +%s) - inicio )) s); registo em $guardado. O fim:"
        tail -n 80 "$guardado"
        exit 1
    fi
    rm -rf "$clone" "$casa"
done
echo "$corridas corridas seguidas verdes, cada uma num clone novo, com o Chromium acabado de instalar, caches vazias e carga."
