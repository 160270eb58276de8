"""`python -m tools.eval.conversations --split heldout|heldout2|tuning`: see the package docstring."""

import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.test")  # tasks inline, as in the chat tests

import django  # noqa: E402

django.setup()

from tools.eval.conversations.run import main  # noqa: E402

sys.exit(main())
