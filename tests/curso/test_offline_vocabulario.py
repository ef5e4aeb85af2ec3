"""A cópia do vocabulário em cache: igual ao original, e um ficheiro estragado não engana ninguém."""

from curso.offline import tokens


def test_cache_igual_ao_original_e_recuperavel(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    original = tokens.ler_vocabulario()
    assert tokens.vocabulario_em_cache() == original  # cria a cópia
    cache = tokens._ficheiro_em_cache()
    assert cache.is_file() and cache.parent == tmp_path / "curso"
    assert tokens.vocabulario_em_cache() == original  # lê a cópia
    cache.write_bytes(b"lixo que nao e marshal")
    assert tokens.vocabulario_em_cache() == original  # estragada: volta ao original e reescreve
    assert tokens.vocabulario_em_cache() == original


def test_sem_pasta_de_cache_le_o_original(tmp_path, monkeypatch):
    bloqueio = tmp_path / "ficheiro"
    bloqueio.write_text("não é uma pasta")
    monkeypatch.setenv("XDG_CACHE_HOME", str(bloqueio))
    assert len(tokens.vocabulario_em_cache()) == 199_998
