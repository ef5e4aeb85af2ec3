#!/usr/bin/env bash
# Os certificados do cluster de correção: uma autoridade tua (ca.pem) e um certificado para o
# scheduler, um para os trabalhadores e um para o professor (o coordenador), todos assinados
# por ela. O Dask verifica a autoridade nos dois sentidos (TLS mútuo): quem não tem um
# certificado dela não fala com o scheduler — nem para lhe mandar código.
#
#   bash certificados.sh /etc/curso-cluster correcao.escola.pt
#
# Guarda ca.key fora dos servidores (só serve para assinar certificados novos). Copia para cada
# máquina só o que ela precisa: ca.pem e o par (.pem, .key) do seu papel, com modo 600.
set -euo pipefail
pasta=${1:?a pasta dos certificados}
nome=${2:?o nome do servidor do scheduler}
mkdir -p "$pasta" && cd "$pasta"
umask 077
openssl req -x509 -newkey rsa:3072 -nodes -days 825 -subj "/CN=curso-cluster-ca" \
    -keyout ca.key -out ca.pem
for papel in scheduler trabalhador professor; do
    openssl req -newkey rsa:3072 -nodes -subj "/CN=$papel" -keyout "$papel.key" -out "$papel.csr"
    printf 'subjectAltName=DNS:%s\n' "$nome" > "$papel.ext"
    openssl x509 -req -in "$papel.csr" -CA ca.pem -CAkey ca.key -CAcreateserial -days 825 \
        -extfile "$papel.ext" -out "$papel.pem"
    rm "$papel.csr" "$papel.ext"
done
echo "Feito: ca.pem; scheduler, trabalhador e professor (.pem e .key) em $pasta"
