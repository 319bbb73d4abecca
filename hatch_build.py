"""The wheel's build hook: the referee's hot modules compiled with mypyc, or left pure Python when they cannot be.

A match spends its time in ``amalogs/referee/engine`` and ``amalogs/referee/games`` (the menus of legal actions and
carrying the decisions out). mypyc (mypy's compiler, https://mypyc.readthedocs.io) turns those typed modules into C
extensions that play the same matches (the same events, decision for decision) about twice as fast. The hook runs
when pip builds the wheel (``pip install .``): mypyc type-checks and translates the modules in a temporary copy of the
package, a C compiler builds them, and the extensions go into the wheel beside the ``.py`` files (Python imports an
extension before a source file of the same name).

Compiling is an optimisation, never a requirement: with no C compiler or no Python headers, or with
``AMALOGS_PURE=1`` in the environment, the wheel is pure Python and says so on the build's output; an editable install
(``pip install -e .``) is never compiled, so an edited file takes effect. ``amalogs --version`` says which referee runs.

A class in a module left pure cannot build on a compiled one (mypyc's rule): the meta-game's duels, matches of their
own, are compiled with the referee.

Not compiled: the modules with pydantic models (positions), which mypyc cannot compile, and those no match runs
(position building and dumping, determinisation for the search player, invariant checks).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PACKAGES = ("amalogs/referee/engine", "amalogs/referee/games")
ALSO = ("amalogs/meta/core.py",)  # the meta-game's duels: its matches are subclasses of the compiled Match
LEFT_PURE = ("__init__.py", "positions.py", "position_build.py", "position_dump.py", "position_steps.py",
             "determinize.py", "invariants.py")
MYPY_CONFIG = """\
[mypy]
python_version = 3.11
plugins = pydantic.mypy
ignore_missing_imports = True
"""
SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify

setup(name="amalogs-referee", ext_modules=mypycify(sys.argv.pop(1).split(","), opt_level="3",
                                                    group_name="amalogs_referee", multi_file=True))
"""


def compiled_modules(root: Path) -> list[str]:
    """The source files mypyc compiles, relative to the project's root."""
    return sorted([*(str(p.relative_to(root)) for package in PACKAGES for p in (root / package).glob("*.py")
                     if p.name not in LEFT_PURE), *ALSO])


class MypycHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable" or os.environ.get("AMALOGS_PURE"):
            return
        root = Path(self.root)
        work = Path(tempfile.mkdtemp(prefix="amalogs-mypyc-"))
        try:
            built = self._compile(root, work)
        except Exception as exc:  # noqa: BLE001  (any failure: a pure-Python wheel, which plays the same matches)
            shutil.rmtree(work, ignore_errors=True)
            self.app.display_warning(f"amalogs: the referee is not compiled ({_short(exc)}); installing the pure-Python "
                                     "referee, which plays the same matches more slowly")
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        build_data["force_include"].update(built)
        self._work = work  # removed in finalize, once the wheel holds the extensions

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)

    def _compile(self, root: Path, work: Path) -> dict[str, str]:
        """mypyc over a copy of the package (nothing is written into the source tree): the extensions built → their
        paths in the wheel."""
        import mypyc  # noqa: F401  (the build's requirement: mypy, which ships mypyc)

        shutil.copytree(root / "amalogs", work / "amalogs", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        (work / "mypy.ini").write_text(MYPY_CONFIG, encoding="utf-8")
        (work / "setup.py").write_text(SETUP, encoding="utf-8")
        modules = compiled_modules(root)
        self.app.display_info(f"amalogs: compiling {len(modules)} referee modules with mypyc (a minute or two; "
                              "AMALOGS_PURE=1 skips it)")
        jobs = str(max(1, min(os.cpu_count() or 1, 4)))
        result = subprocess.run(
            [sys.executable, "setup.py", ",".join(modules), "build_ext", "--build-lib", "lib", "--build-temp", "tmp",
             "--parallel", jobs],
            cwd=work, capture_output=True, text=True, env={**os.environ, "MYPY_FORCE_COLOR": "0"}, check=False)
        if result.returncode != 0:
            raise RuntimeError(result.stdout[-2000:] + result.stderr[-2000:])
        built = {str(p): str(p.relative_to(work / "lib")) for p in (work / "lib").rglob("*")
                 if p.suffix in (".so", ".pyd")}  # (.pyd: Windows)
        if len(built) <= len(modules):  # each module's extension and the group's shared library
            raise RuntimeError(f"mypyc built {len(built)} extensions for {len(modules)} modules")
        return built


def _short(exc: BaseException) -> str:
    """The build's own words for what went wrong: its last ``error:`` line (a compiler that failed, a type error
    mypyc refused), else the exception's last line."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    errors = [line for line in lines if "error:" in line.lower()]
    found = errors[-1] if errors else lines[-1] if lines else type(exc).__name__
    command = re.search(r"[Cc]ommand '\[?'?([^',\]]+)", found)
    if command:  # (setuptools names the whole command line: its program is what failed)
        return f"the C compiler ({command.group(1)}) failed or is missing"
    return found[:200]
