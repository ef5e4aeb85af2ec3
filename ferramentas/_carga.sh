# Partilhado pelos scripts de «máquina nova» (ci_maquina_nova.sh, ci_clone_novo.sh): uma pasta de
# trabalho temporária e N processos em ciclo ocupado, tudo limpo à saída (também com Ctrl+C ou kill).
#
# Uso: source ferramentas/_carga.sh; iniciar_carga PREFIXO N PYTHON   (define $trabalho)

iniciar_carga() {
    trabalho="$(mktemp -d -t "$1.XXXXXX")"
    # o mktemp cria-a só para o dono; o teste do JupyterHub precisa que os utilizadores que cria
    # atravessem as pastas até ao clone (como numa checkout normal)
    chmod 755 "$trabalho"
    ocupados=()
    trap terminar_carga EXIT INT TERM
    for _ in $(seq "$2"); do
        "$3" -c "while True: pass" &
        ocupados+=("$!")
    done
    echo "Carga: $2 processo(s) em ciclo ocupado em $(nproc) núcleo(s)."
}

terminar_carga() {
    for pid in "${ocupados[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$trabalho"
}
