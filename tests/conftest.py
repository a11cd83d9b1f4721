import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))

# the page's message catalogs, compiled from locale/*.po as `make site` does (the tests read
# the .mo files the browser reads)
from tools.catalogs import compile_all

compile_all()
