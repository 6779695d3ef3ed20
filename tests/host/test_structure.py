"""The firmware's shape (issue 29): small files, editions composed rather than derived, public
names across modules. Read from the source with ast: nothing is imported."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
FIRMWARE = ROOT / "firmware"
MAX_LINES = 600


def sources():
    return sorted(FIRMWARE.rglob("*.py"))


def tree(path: pathlib.Path) -> ast.Module:
    return ast.parse(path.read_text(), str(path))


def test_no_firmware_file_is_over_600_lines():
    long = {}
    for path in sources():
        lines = len(path.read_text().splitlines())
        if lines > MAX_LINES:
            long[str(path.relative_to(ROOT))] = lines
    assert long == {}


def test_every_firmware_file_says_its_purpose_on_its_first_line():
    missing = [
        str(path.relative_to(ROOT))
        for path in sources()
        if not path.read_text().startswith("# ") and path.name != "__init__.py"
    ]
    assert missing == []


def edition_classes() -> dict:
    """Class name -> (module, base names) of every class in an edition's edition.py."""
    found = {}
    for path in sorted((FIRMWARE / "editions").glob("*/edition.py")):
        for node in tree(path).body:
            if isinstance(node, ast.ClassDef):
                found[node.name] = (path.parent.name, [ast.unparse(b) for b in node.bases])
    return found


def test_no_edition_class_subclasses_another_edition():
    classes = edition_classes()
    assert {"ElectronicBanking", "Revolution", "Classic", "StockExchange"} <= set(classes)
    derived = {
        name: bases
        for name, (_, bases) in classes.items()
        if any(base.split(".")[-1] in classes for base in bases)
    }
    assert derived == {}


def test_edition_classes_on_the_core_override_no_method_but_init():
    """A card edition configures rules.card_bank.CardBank: class attributes and __init__."""
    overriding = {}
    for path in sorted((FIRMWARE / "editions").glob("*/edition.py")):
        for node in tree(path).body:
            if isinstance(node, ast.ClassDef) and any(
                ast.unparse(b) == "CardBank" for b in node.bases
            ):
                methods = [
                    item.name
                    for item in node.body
                    if isinstance(item, ast.FunctionDef) and item.name != "__init__"
                ]
                if methods:
                    overriding[node.name] = methods
    assert overriding == {}


def test_no_module_reaches_into_another_objects_underscored_names():
    """`x._name` only on self or cls; no `from m import _name` (dunders aside)."""
    reaching = []
    for path in sources():
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.Attribute):
                name, owner = node.attr, node.value
                private = name.startswith("_") and not name.startswith("__")
                own = isinstance(owner, ast.Name) and owner.id in ("self", "cls")
                if private and not own:
                    reaching.append("%s:%d %s" % (path.name, node.lineno, ast.unparse(node)))
            elif isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        reaching.append("%s:%d import %s" % (path.name, node.lineno, alias.name))
    assert reaching == []


def test_no_super_call_reaches_an_underscored_hook():
    calls = []
    for path in sources():
        for node in ast.walk(tree(path)):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Call)
                and ast.unparse(node.value.func) == "super"
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                calls.append("%s:%d super().%s" % (path.name, node.lineno, node.attr))
    assert calls == []


def test_every_registered_edition_is_a_package_with_its_about_and_edition():
    from app.editions import EDITIONS

    for name in EDITIONS:
        package = FIRMWARE / "editions" / name
        assert (package / "about.py").is_file(), name
        assert (package / "edition.py").is_file(), name
        assert (package / "hints.py").is_file(), name
