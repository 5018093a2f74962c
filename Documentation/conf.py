# SPDX-License-Identifier: GPL-2.0
# Sphinx configuration for `make docs` (HTML in build/docs/html).
import os

project = "simdcrypt"
author = "The simdcrypt authors"
copyright = "The simdcrypt authors, GPL-2.0"
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "VERSION")) as f:
    release = version = f.read().strip()
master_doc = "index"
exclude_patterns = []
highlight_language = "none"
html_theme = "alabaster"
