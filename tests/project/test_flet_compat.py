"""What the app relies on of Flet beyond its public API holds on the Flet installed here, and
it is relied on from the two compat modules only (views/flet_compat.py, server/flet_compat.py).
Each check names, when it fails, what changed in Flet and which part of the app rests on it:
after a Flet upgrade, a failure here is the list of what to look at."""

from __future__ import annotations

import ast
import asyncio
import contextvars
import hashlib
import importlib
import inspect
import re
import threading
import typing
from pathlib import Path
from types import ModuleType

import flet as ft
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_companion.server import flet_compat as server_compat

PACKAGE = Path(__file__).resolve().parents[2] / "card_companion"
COMPAT = {PACKAGE / "views" / "flet_compat.py", PACKAGE / "server" / "flet_compat.py"}


def changed(what: str, rests: str) -> str:
    """The sentence a failed check says."""
    return (f"Flet {ft.__version__} (flet-web {flet_web_version()}) changed since {server_compat.FLET_SEEN}: "
            f"{what}; {rests} rests on it (see its comment there, and docs/architecture.md on Flet's internals)")


def flet_module(name: str, rests: str) -> ModuleType:
    """One of Flet's modules, or the test fails saying it cannot be imported (the views' compat module
    itself is imported after its own module is found: else its ImportError would be all)."""
    try:
        return importlib.import_module(name)
    except ImportError as e:
        pytest.fail(changed(f"its module {name} cannot be imported ({e})", rests))


def flet_web_version() -> str:
    try:
        from flet_web.version import version
    except ImportError:
        return "none"
    return str(version)


# --- the views' (views/flet_compat.py) ---

def test_mutable_ref_is_the_type_use_ref_returns():
    module = flet_module("flet.components.hooks.use_ref", "views/flet_compat.py's MutableRef")
    assert hasattr(module, "MutableRef"), changed(
        "flet/components/hooks/use_ref.py has no MutableRef", "views/flet_compat.py's MutableRef (every view's import)")
    from card_companion.views import flet_compat as views_compat

    assert views_compat.MutableRef is module.MutableRef
    returns = typing.get_type_hints(ft.use_ref).get("return")
    assert typing.get_origin(returns) is views_compat.MutableRef, changed(
        f"ft.use_ref returns {returns!r}, not a MutableRef", "views/flet_compat.py's MutableRef (the views' refs)")


def test_bind_page_binds_the_page_flet_reads():
    rests = "views/flet_compat.py's bind_page (services.on_page_loop)"
    context, page, base_control = (flet_module(f"flet.controls.{name}", rests)
                                   for name in ("context", "page", "base_control"))
    var = getattr(context, "_context_page", None)
    assert isinstance(var, contextvars.ContextVar), changed(
        "flet/controls/context.py has no ContextVar _context_page", "views/flet_compat.py's bind_page")
    for module, who in ((page, "Page.run_task"), (base_control, "BaseControl._trigger_event")):
        assert getattr(module, "_context_page", None) is var, changed(
            f"{who} ({module.__name__}) no longer binds its page through _context_page", rests)
    from card_companion.views import flet_compat as views_compat

    stand_in = object()

    def bound() -> object:
        views_compat.bind_page(stand_in)
        return ft.context.page

    assert contextvars.copy_context().run(bound) is stand_in, changed(
        "ft.context.page does not read the page _context_page holds", "views/flet_compat.py's bind_page")


def test_after_the_updates_runs_once_the_pending_updates_are_done():
    """On a real Flet session: a function asked for after a component's state was set runs
    after that component's update (it sees the new drawing), once, and an update it asks for
    comes in an update of its own (the drawn marker's order)."""
    rests = "views/flet_compat.py's after_the_updates (the frame's DrawnMarker)"
    session_module = flet_module("flet.messaging.session", rests)
    assert hasattr(session_module.Session, "schedule_effect"), changed(
        "flet/messaging/session.py's Session has no schedule_effect", rests)
    from card_companion.views import flet_compat as views_compat
    from tests.support.phones import open_phone, run, settle

    seen: list[str] = []
    poke: list = []

    @ft.component
    def Probe() -> list[ft.View]:
        n, set_n = ft.use_state(0)
        after, set_after = ft.use_state(0)
        seen.append(f"drawn {n} {after}")
        poke[:] = [set_n, set_after]
        return [ft.View(route="/", controls=[ft.Text(f"{n} {after}")])]

    async def scenario() -> None:
        phone = await open_phone(lambda page: page.render_views(Probe), "/", None)
        page = phone.session.page
        seen.clear()
        set_n, set_after = poke

        def then() -> None:
            seen.append("after")
            set_after(1)

        views_compat.after_the_updates(page, then)
        set_n(1)  # (asked after: its update still comes first)
        await settle()

    run(scenario)
    assert seen == ["drawn 1 0", "after", "drawn 1 1"], changed(
        f"an effect hook scheduled with Session.schedule_effect ran out of the order expected: {seen}", rests)


def test_component_body_is_the_function_a_component_runs():
    """A wrapper that selects a panel's data runs the panel's own function in its component
    (hooks.drawn_inside): the function ``ft.component`` wraps, memoized or not; None for a
    plain function (the wrapper then calls it as it is)."""
    rests = "views/flet_compat.py's component_body (hooks.drawn_inside: Show, Kept, Follows)"
    from card_companion.views import flet_compat as views_compat

    def Panel(n: int) -> ft.Control:
        return ft.Text(str(n))

    made = ft.component(Panel)
    assert views_compat.component_body(made) is Panel, changed(
        "ft.component's wrapper no longer keeps the function as __component_impl__", rests)
    assert views_compat.component_body(ft.memo(made)) is Panel, changed(
        "ft.memo's wrapper no longer holds the component it wraps as its closure's one cell", rests)
    assert views_compat.component_body(Panel) is None
    assert views_compat.component_body(ft.memo(Panel)) is None  # (memoized, not a component)


def test_drawn_with_hooks_tells_a_body_that_called_a_hook():
    """A kept panel's body is handed back as it was drawn only if it called none of its
    component's hooks (kept_panels.Kept): one that called a hook must run at every drawing."""
    rests = "views/flet_compat.py's drawn_with_hooks (kept_panels.Kept: a panel only shown or hidden)"
    from flet.components.component import Renderer

    from card_companion.views import flet_compat as views_compat

    seen: dict[str, bool] = {}

    def hooked() -> ft.Control:
        ft.use_ref(None)
        return ft.Text("b")

    def Outer() -> ft.Control:
        seen["plain"] = views_compat.drawn_with_hooks(lambda: ft.Text("a"))[1]
        seen["hooked"] = views_compat.drawn_with_hooks(hooked)[1]
        return ft.Text("x")

    with Renderer().with_context():
        outer = ft.component(Outer)()
    outer.before_update()  # (Flet's render of the component)
    assert seen == {"plain": False, "hooked": True}, changed(
        f"a component's _state.hook_cursor no longer counts the hooks its render called: {seen}", rests)
    assert views_compat.drawn_with_hooks(lambda: 1) == (1, True), "outside a render: never handed back"


def test_the_diff_walks_replaced_are_the_ones_read():
    rests = "views/flet_compat.py's walk_set_fields (every page's diff)"
    from card_companion.views import flet_compat as views_compat

    object_patch = flet_module("flet.controls.object_patch", rests)
    assert views_compat.walk_set_fields(), changed(f"its version is not {views_compat.FLET_SEEN}", rests)
    builder = object_patch.DiffBuilder
    assert builder._configure_dataclass is views_compat._configure_dataclass
    flets = views_compat._FLETS
    source = inspect.getsource(flets["configure"]) + inspect.getsource(flets["removed"])
    read = hashlib.sha256(source.encode()).hexdigest()[:8]
    assert read == views_compat.WALKS_READ, changed(
        f"DiffBuilder._configure_dataclass or _removed_controls is not the source read (sha256 {read}, "
        f"read {views_compat.WALKS_READ})", rests)


def flets_own_builder() -> type:
    """Flet's DiffBuilder with Flet's own walks (its methods call themselves through ``self``)."""
    from flet.controls.object_patch import DiffBuilder

    from card_companion.views import flet_compat as views_compat

    views_compat.walk_set_fields()
    return type("FletsOwn", (DiffBuilder,), {"_configure_dataclass": views_compat._FLETS["configure"],
                                             "_removed_controls": views_compat._FLETS["removed"]})


def _tree(spec):
    """A control tree from a spec (hypothesis draws the specs; each is built twice, alike)."""
    kind, args = spec[0], spec[1:]
    if kind == "text":
        value, coloured, spans = args
        return ft.Text(value, color="red" if coloured else None, size=None if coloured else 12,
                       spans=[ft.TextSpan(s, style=ft.TextStyle(weight=ft.FontWeight.BOLD)) for s in spans] or None)
    if kind == "box":
        child, bordered, back_to_default = args
        box = ft.Container(_tree(child) if child else None, padding=4 if bordered else None,
                           border=ft.Border.all(1, "blue") if bordered else None, tooltip="t" if bordered else None)
        if back_to_default:  # set, then back to the default: out of the sparse props again
            box.bgcolor = "green"
            box.bgcolor = None
        return box
    if kind == "gesture":
        return ft.GestureDetector(content=_tree(args[0]), on_tap=lambda e: None)
    if kind == "tile":  # three fields that hold controls: the order they are walked in shows
        leading, title, trailing = args
        return ft.ListTile(leading=_tree(leading), title=_tree(title), trailing=_tree(trailing) if trailing else None)
    row = {"row": ft.Row, "column": ft.Column, "stack": ft.Stack}[kind]
    return row([_tree(c) for c in args[0]], data={"kept": [1, 2]} if len(args[0]) == 2 else None)


_LEAF_SPEC = st.one_of(st.tuples(st.just("text"), st.text("ab", max_size=2), st.booleans(),
                                 st.lists(st.text("xy", max_size=1), max_size=2)))
TREES = st.recursive(_LEAF_SPEC, lambda inner: st.one_of(
    st.tuples(st.just("box"), st.one_of(st.none(), inner), st.booleans(), st.booleans()),
    st.tuples(st.just("gesture"), inner),
    st.tuples(st.just("tile"), inner, inner, st.one_of(st.none(), inner)),
    st.tuples(st.sampled_from(["row", "column", "stack"]), st.lists(inner, max_size=3))), max_leaves=12)


def _diffed(builder_cls, src, dst, frozen):
    """What one diff from ``src`` to ``dst`` gives: its operations (controls as their rank in the
    tree, ids being fresh at each build), the controls added and removed, and the state the walk
    left on every control of ``dst``."""
    from flet.controls.base_control import BaseControl

    builder = builder_cls(src, dst, control_cls=BaseControl)
    builder._compare_values(None, [], None, src, dst, frozen)
    ops = list(builder.execute())
    added, removed = list(builder.get_added_controls()), list(builder.get_removed_controls())
    builder.teardown()
    ids = sorted({c._i for c in added + removed})

    def plain(v):
        if isinstance(v, BaseControl):
            return (type(v).__name__, ids.index(v._i) if v._i in ids else "kept")
        return [plain(x) for x in v] if isinstance(v, list) else v

    def state(c):
        parent = getattr(c, "_parent", None)
        return (type(c).__name__, getattr(c, "_frozen", None), hasattr(c, "_initialized"), dict(c._dirty),
                type(parent()).__name__ if parent else None)

    return ([{k: plain(v) for k, v in op.items()} for op in ops], [plain(c) for c in added],
            [plain(c) for c in removed], [state(c) for c in added])


@given(TREES, TREES, st.booleans())
@settings(max_examples=150, deadline=None)
def test_the_diff_walks_give_what_flets_own_give(src, dst, frozen):
    """Flet's walks and the ones that pass over defaults, on twin trees: the same operations, the
    same controls added and removed in the same order, the same state left on them."""
    from flet.controls.object_patch import DiffBuilder

    flets_own = flets_own_builder()
    results = []
    for builder_cls in (flets_own, DiffBuilder):
        old, new = ft.Column([_tree(src)]), ft.Column([_tree(dst)])
        first = _diffed(builder_cls, None, old, frozen)
        results.append((first, _diffed(builder_cls, old, new, frozen)))
    assert results[0] == results[1]


def constructions() -> list[tuple[type, typing.Any, typing.Any]]:
    """Each control class given a construction of its own: (class, Flet's, the one given)."""
    from card_companion.views import flet_compat as views_compat

    views_compat.construct_set_fields()
    return sorted(((cls, own, cls.__init__) for cls, own in views_compat._OWN_INITS.items()),
                  key=lambda c: c[0].__qualname__)


def test_the_constructions_replaced_are_the_dataclasses_own():
    rests = "views/flet_compat.py's construct_set_fields (every control a step builds)"
    from card_companion.views import flet_compat as views_compat

    made = constructions()
    assert views_compat.construct_set_fields() == len(made), changed(
        f"its version is not {views_compat.FLET_SEEN}", rests)
    names = {cls.__name__ for cls, _, _ in made}
    assert set(views_compat._BUILT_AT_STEPS) <= names, changed(
        f"these control classes keep Flet's construction: {sorted(set(views_compat._BUILT_AT_STEPS) - names)}", rests)
    for cls, own, ours in made:
        assert not own.__code__.co_filename.endswith(".py"), f"{cls.__name__}: its own __init__ is not the dataclass's"

        def shape(fn):
            return [(p.name, p.kind, p.default) for p in inspect.signature(fn).parameters.values()]
        assert shape(own) == shape(ours), f"{cls.__name__}: another signature"
        if cls.__name__ == "Text":
            text = ft.Text("a", size=12, color=None)
            assert list(text._values.items()) == [("value", "a"), ("size", 12)] and text._dirty == {}


_ANY = st.sampled_from([None, 0, 1, 2.5, "x", "", True, False, (), "red", ft.TextAlign.CENTER, ft.Padding.all(2),
                        "default"])


def _built(init, cls, args, kwargs):
    """What one construction leaves: the instance's attributes in the order set (its fresh ids,
    ``_i`` and a service's ``uid``, as there; a lock, equal only to itself, by its type), its
    sparse props in order; or the exception, as raised."""
    item = cls.__new__(cls)
    try:
        init(item, *args, **kwargs)
    except Exception as e:
        return type(e).__name__, str(e)

    def plain(k, v):
        if k == "_internals" and "uid" in v:
            return {**v, "uid": "fresh"}
        return type(v).__name__ if type(v).__eq__ is object.__eq__ else v
    state = [(k, plain(k, v)) for k, v in vars(item).items() if k != "_i"]
    return state, list(item._values.items()), list(item._dirty.items()), type(item._i).__name__


@given(st.data())
@settings(max_examples=300, deadline=None)
def test_the_constructions_given_do_what_flets_own_do(data):
    """Flet's construction and the one that stores only the fields given, of each class, on the
    same arguments (any of its own, at its default or not, one it does not have, a positional
    one): the same attributes and sparse props in the same order, or the same exception."""
    cls, own, ours = data.draw(st.sampled_from(constructions()))
    params = list(inspect.signature(own).parameters.values())[1:]
    chosen = data.draw(st.lists(st.sampled_from(params), unique=True, max_size=8))
    kwargs = {}
    for p in chosen:
        value = data.draw(_ANY)
        kwargs[p.name] = p.default if value == "default" and p.default is not p.empty else value
    if data.draw(st.booleans()):
        kwargs["not_a_field"] = 1
    args = ()
    if params and params[0].kind is params[0].POSITIONAL_OR_KEYWORD and data.draw(st.booleans()):
        args = (kwargs.pop(params[0].name, "x"),)
    assert _built(own, cls, args, kwargs) == _built(ours, cls, args, kwargs)


# --- the server's (server/flet_compat.py) ---

@pytest.mark.parametrize("name", sorted(server_compat.BOOT_TEXT))
def test_the_boot_text_is_in_flets_client_once(name):
    from flet_web import get_package_web_dir

    old, new = server_compat.BOOT_TEXT[name]
    found = (Path(get_package_web_dir()) / name).read_bytes().count(old)
    assert found == 1, changed(
        f"its web client's {name} holds the boot text {old!r} {found} times, not once",
        "server/flet_compat.py's BOOT_TEXT (else Flet's \"Working...\" shows under the app's \"Reconnecting…\")")
    assert name.endswith(".js") or len(new) == len(old), "a blank in the compiled .wasm must keep its length"


def test_flets_log_line_of_a_bad_frame_is_the_one_shortened():
    flet_app = flet_module("flet_web.fastapi.flet_app", "server/flet_compat.py's RECEIVE_LOOP_ERROR")

    assert flet_app.logger.name == server_compat.FLET_LOGGER, changed(
        f"flet-web's flet_app.py logs to {flet_app.logger.name!r}", "server/flet_compat.py's FLET_LOGGER")
    assert f"{server_compat.RECEIVE_LOOP_ERROR}: " in inspect.getsource(flet_app), changed(
        f"flet-web's flet_app.py no longer logs {server_compat.RECEIVE_LOOP_ERROR!r}",
        "server/flet_compat.py's RECEIVE_LOOP_ERROR (serving.FletLogLines)")


def test_the_update_race_is_recognised_on_flets_session():
    Session = flet_module("flet.messaging.session", "server/flet_compat.py's is_update_race").Session

    scheduler = getattr(Session, "_Session__updates_scheduler", None)
    assert inspect.iscoroutinefunction(scheduler), changed(
        "flet/messaging/session.py's Session has no coroutine __updates_scheduler",
        "server/flet_compat.py's is_update_race (serving.flet_races)")
    assert callable(getattr(Session, "start_updates_scheduler", None)), changed(
        "Session has no start_updates_scheduler", "app.py's make_main (a page's updates after the race)")
    coro = scheduler(None)  # never run: its name is what the race's task shows
    try:
        race = AttributeError("'NoneType' object has no attribute 'put_nowait'")
        assert server_compat.is_update_race(race, coro), changed(
            f"the scheduler's task is named {coro.__qualname__!r}", "server/flet_compat.py's is_update_race")
        assert not server_compat.is_update_race(KeyError("put_nowait"), coro)
    finally:
        coro.close()


def test_flets_sessions_are_the_list_the_server_drops_from():
    from flet_web.fastapi import app_manager

    Session = flet_module("flet.messaging.session", "connection.drop_left_session").Session

    sessions = server_compat.flet_sessions()
    assert sessions is not None, changed(
        "flet-web's FletAppManager has no dict __sessions", "server/flet_compat.py's flet_sessions "
        "(connection.drop_left_session: a table's left session would wait for the timeout)")
    assert callable(getattr(app_manager, "delete_session", None)), changed(
        "flet_web.fastapi.app_manager has no delete_session", "connection.drop_left_session")
    assert all(isinstance(getattr(Session, name, None), property) for name in ("id", "expires_at")), changed(
        "Session's id or expires_at is no longer a property", "connection.drop_left_session")
    probe = object()
    # in a thread of its own: a test before this one on the same worker (a browser test's
    # Playwright) may leave this thread's event loop running, and asyncio.run refuses then
    adding = threading.Thread(target=asyncio.run, args=(app_manager.add_session("flet-compat-probe", probe),))
    adding.start()
    adding.join(10)
    try:
        assert sessions.get("flet-compat-probe") is probe, changed(
            "a session Flet adds is not in FletAppManager.__sessions", "server/flet_compat.py's flet_sessions")
    finally:
        sessions.pop("flet-compat-probe", None)


# --- and nowhere else ---

PRIVATE_NAME = re.compile(r"_[A-Z]\w*__\w+|_context_page")
"""a name-mangled private attribute (``_FletAppManager__sessions``) or Flet's page ContextVar"""
PUBLIC_MODULES = ("flet", "flet_web", "flet_web.fastapi", "flet_web.version")
"""the Flet modules the app may import anywhere: flet's top, flet-web's top, its FastAPI app and version"""


def reaches_into_flet(path: Path) -> list[str]:
    """What a module of the app imports of Flet's inner modules, or reads of its private names."""
    tree = ast.parse(path.read_text(), str(path))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        found += [f"line {node.lineno}: imports {n}" for n in names
                  if n.split(".")[0] in ("flet", "flet_web") and n not in PUBLIC_MODULES]
        if isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.alias):
            text = node.name
        elif isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)) and id(node) not in docstrings:
            text = node.value.decode("latin-1") if isinstance(node.value, bytes) else node.value
            if "main.dart" in text:
                found.append(f"line {node.lineno}: names Flet's compiled client {text!r}")
        else:
            continue
        if PRIVATE_NAME.search(text):
            found.append(f"line {getattr(node, 'lineno', '?')}: reads {text!r}")
    return found


def test_only_the_compat_modules_reach_into_flet():
    found = {str(p.relative_to(PACKAGE.parent)): hits for p in sorted(PACKAGE.rglob("*.py"))
             if p not in COMPAT and (hits := reaches_into_flet(p))}
    assert not found, ("Flet's inner modules or private names are used outside views/flet_compat.py and "
                       f"server/flet_compat.py (put them there, with why and what they rest on): {found}")


def test_the_check_sees_what_it_looks_for(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text('"""main.dart.js in a docstring is a mention."""\nimport flet as ft\n'
                     "from flet.components.hooks.use_ref import MutableRef\n"
                     "from flet.controls.context import _context_page\n"
                     'x = getattr(m, "_FletAppManager__sessions")\nBOOT = {"main.dart.js": b"x"}\n')
    assert [h.split(":")[0] for h in reaches_into_flet(probe)] == ["line 3", "line 4", "line 4", "line 5",
                                                                    "line 6"]
