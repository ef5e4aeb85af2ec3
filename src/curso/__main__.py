"""Permite ``python -m curso …`` (o mesmo que o comando ``curso``)."""

import sys

from curso.cli import main

sys.exit(main())
