"""Every generated module imports: a generator bug that writes code Python cannot load (as 0.29.1
does for a body given in several content types of one type) fails here, not in a user's program."""

import importlib
import pkgutil
import unittest

import trustline.identity
import trustline.partner


class GeneratedTest(unittest.TestCase):
    def test_every_module_imports(self):
        for package in (trustline.identity, trustline.partner):
            for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
                with self.subTest(module.name):
                    importlib.import_module(module.name)


if __name__ == "__main__":
    unittest.main()
