import sys

from card_companion.cli import main

sys.exit(main())
