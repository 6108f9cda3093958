"""What the views use of Flet that is not Flet's public API (``import flet as ft``), in one
place: each name here says why the app needs it and what in Flet it rests on, as seen in
flet 1.0.5. No other module of views/ imports Flet's inner modules or reads its private
names; the server's own such parts are in server/flet_compat.py. A Flet upgrade checks these
two modules, and tests/project/test_flet_compat.py fails with a sentence on a Flet where one of them
no longer holds."""

from __future__ import annotations

import dataclasses
import inspect
import weakref
from typing import Any

# Why: the views annotate what ``ft.use_ref`` gives (``box: MutableRef[Places] = ft.use_ref(None)``),
# and Flet exports ``use_ref`` but not the type it returns. Rests on: class ``MutableRef`` in
# flet/components/hooks/use_ref.py, the return type of ``use_ref`` (flet 1.0.5).
from flet.components.hooks.use_ref import MutableRef

# (walk_set_fields's)
from flet.controls import object_patch
from flet.controls.value_types import Prop

__all__ = ["MutableRef", "after_the_updates", "bind_page", "component_body", "construct_set_fields", "drawing",
           "drawn_on", "sets_only_given", "still_drawn", "walk_set_fields"]

FLET_SEEN = "1.0.5"
"""the Flet version these were read from"""


# Why: a wrapper that selects what a panel shows (``live_table.Show``, ``kept_panels.Kept``,
# CardPeeGee's ``Follows``) runs the panel's body inside its own component
# (``hooks.drawn_inside``): one component drawn at a change of the panel's data, where the
# wrapper's component and then the panel's memoized one were each made, compared and drawn
# (a sixth of a PC War step's page update, measured). The panels stay written as Flet's
# components (``@ft.memo @ft.component``), drawn as such anywhere else. Rests on:
# ``ft.component``'s wrapper keeping the function it wraps as ``__component_impl__``, and
# ``ft.memo``'s wrapper (``memo_wrapper``) holding the one it wraps as the single cell of its
# closure (flet/components/component_decorator.py, memo.py) (flet 1.0.5). None where they do
# not hold: the wrapper then draws the panel as its component, as before.
def component_body(panel: Any) -> Any:
    """The function a panel made by ``ft.component`` (memoized or not) runs as its body, or
    None (a plain function, or a Flet that wraps otherwise)."""
    fn = panel
    if getattr(fn, "__name__", None) == "memo_wrapper":
        cells: tuple[Any, ...] = getattr(fn, "__closure__", None) or ()
        fn = cells[0].cell_contents if len(cells) == 1 else None
    body = getattr(fn, "__component_impl__", None)
    return body if callable(body) else None


# Why: a panel kept mounted through the phases (``kept_panels.Kept``) runs the panel's body in its
# own component, so showing or hiding it drew the body again, every control of it, when only its
# box's visibility changed (FIGHT!'s turn result: 28 controls at every phase change). A body that
# called none of the component's hooks can be handed back as it was drawn; one that called some
# must run at every drawing (hooks are positional). Rests on (flet 1.0.5): the component being
# rendered (``current_component``) counts the hooks its render has called in ``_state.hook_cursor``.
def drawn_with_hooks(draw: Any) -> tuple[Any, bool]:
    """``draw()``, inside the component being rendered, and whether it called any of that
    component's hooks (True where that cannot be told: drawn outside Flet's renderer, by the
    view tests)."""
    from flet.components.component import Component
    from flet.components.utils import current_component

    try:
        found = current_component()
        before = found._state.hook_cursor if isinstance(found, Component) else None
    except Exception:
        before = None
    drawn = draw()
    return drawn, before is None or found._state.hook_cursor != before


# Why: a live update from another page's handler must run bound to the page it updates
# (``services.on_page_loop``), and Flet has no public way to bind one. Rests on: the
# ContextVar ``_context_page`` of flet/controls/context.py, which ``ft.context.page`` reads and
# Flet sets itself before it runs a page's event handler or task (``Page.run_task``,
# ``BaseControl._trigger_event``) (flet 1.0.5).
def bind_page(page: Any) -> None:
    """Bind the running context to ``page``, as Flet does before it calls one of the page's
    handlers: ``ft.context.page`` and the components' updates reach that page."""
    from flet.controls.context import _context_page

    # Flet declares its ContextVar without a type, so mypy takes it to hold None only
    _context_page.set(page)  # type: ignore[arg-type]


# Why: the frame's drawn marker (views/table_screen.py) must change after every panel a step
# draws again, in an update of its own; drawn again by the step itself, to set an effect that
# sets its state, it made an update that drew nothing, on every phone at every step. Rests on
# (flet 1.0.5): ``Session.schedule_effect(hook, is_cleanup)`` and the session's updates
# scheduler, which runs, at each wake, every pending update and then the pending effects, in
# the order they came (an effect hook: its ``setup`` called, after its ``cancel()``).
def after_the_updates(page: Any, fn: Any) -> None:
    """Call ``fn`` once the components updates pending now (and those made with them, before
    the scheduler runs) are done on ``page``: among the effects of the scheduler's next round,
    first of them. Nothing, as for an update, while the page is not connected."""
    page.session.schedule_effect(_Once(fn), False)


class _Once:
    """What Flet's scheduler asks of an effect hook (``after_the_updates``)."""

    __slots__ = ("setup",)

    def __init__(self, fn: Any) -> None:
        self.setup = fn

    def cancel(self) -> None:
        """(nothing is under way to cancel)"""


# Why: the table's keyboard (views/keyboard.py) must know whether an entry that asked for it is
# still on the screen. Flet does not always unmount a component deep inside a removed panel
# (seen with CardPeeGee's stage panels: the entry's effect cleanup never ran, its component kept
# ``mounted``), so a cleanup cannot be relied on to let the keyboard go. Rests on (flet 1.0.5):
# ``flet.components.utils.current_component`` while a component renders; the component's
# ``_state`` (its hooks, kept across the new Python objects a drawing makes of it: each hook's
# ``component`` is the object now in the tree, ``mounted``, hooks cleared on unmount); a control's
# ``parent``; a component's body ``_b``; the control dataclasses' fields holding their children.
def drawing() -> Any:
    """A handle on the component being rendered now, for ``still_drawn`` (None: not inside
    Flet's renderer, a screen drawn by the view tests)."""
    from flet.components.component import Component
    from flet.components.utils import current_component

    try:
        found = current_component()
    except Exception:
        return None
    return weakref.ref(found._state) if isinstance(found, Component) else None


def still_drawn(handle: Any) -> bool:
    """Whether the component of ``drawing``'s handle is still mounted (or being drawn for the
    first time): Flet clears the hooks of a component it unmounts."""
    state = handle()
    return state is not None and bool(state.hooks)


def drawn_on(page: Any, handles: Any) -> set[int]:
    """Which of ``drawing``'s handles are of components in ``page``'s tree now, walked from its
    views down (a component Flet left mounted inside a panel taken away is not: a control's
    ``parent`` is no help, a memoized control reused under a new parent keeps the old one), by
    the ids of the handles. A control's children are among the values it holds that are not
    defaults (``_values``, Flet's sparse props: ``content``...) and its list fields
    (``controls``...): only those are looked at."""
    from flet.components.component import Component

    wanted = {id(h()): id(h) for h in handles if h() is not None}
    found: set[int] = set()
    seen: set[int] = set()
    stack: list[Any] = [getattr(page, "views", None)]  # (a component, with render_views)
    while stack and len(found) < len(wanted):
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
            continue
        values = getattr(node, "_values", None)
        if values is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, Component):
            if id(node._state) in wanted:
                found.add(wanted[id(node._state)])
            stack.append(node._b)
            continue
        stack.extend(v for v in values.values() if isinstance(v, list) or hasattr(v, "_values"))
        stack.extend(getattr(node, name, None) for name in _list_fields(type(node)))
    return found


_LIST_FIELDS: dict[type, tuple[str, ...]] = {}


def _list_fields(cls: type) -> tuple[str, ...]:
    """The public fields of a control class that Flet keeps outside its sparse props (those
    with a default factory: ``controls``, ``actions``...)."""
    names = _LIST_FIELDS.get(cls)
    if names is None:
        names = _LIST_FIELDS[cls] = tuple(name for name in getattr(cls, "_structural_fields", ())
                                          if not name.startswith("_") and name not in ("parent", "page"))
    return names


# Why: Flet's diff, for every control a patch adds (and every one it takes away for good), walks
# every field of it and of every value in it, about sixty a control, each a generator of its own,
# though nearly all of them hold their class's default (None, a number): it was a quarter of a page
# update's time, and three quarters of the time a new control costs its diff (a Text: 51 µs of 63).
# The walks below are Flet's own, in the same order, but pass over what cannot hold a control or a
# value object (a str, a number, None, a sparse prop still at a default that is none of those).
# Rests on (flet 1.0.5): ``DiffBuilder._configure_dataclass`` and ``DiffBuilder._removed_controls``
# of flet/controls/object_patch.py, copied but for that walk, whose source the compat test pins
# (``WALKS_READ``); the sparse props (``Prop``, ``_values``: a prop not in them is at its default).
WALKS_READ = "5c2831d8"
"""the first digits of the sha256 of the two walks' source as read (tests/project/test_flet_compat.py)"""
_LEAF = (str, int, float, bool, type(None))


def walk_set_fields() -> bool:
    """Put the walks that pass over defaults in place of Flet's own (once; every page of the
    process diffs with them). False, and Flet's own kept, on a Flet other than the one read."""
    import flet

    builder = object_patch.DiffBuilder
    if flet.__version__ != FLET_SEEN:
        return False
    if builder._configure_dataclass is not _configure_dataclass:
        _FLETS.update(configure=builder._configure_dataclass, removed=builder._removed_controls)
        builder._configure_dataclass = _configure_dataclass  # type: ignore[method-assign]
        builder._removed_controls = _removed_controls  # type: ignore[method-assign]
    return True


_FLETS: dict[str, Any] = {}
"""Flet's own walks, once replaced"""


class _Walk:
    """Of one dataclass: the fields Flet walks (not ``skip``), in order, which of them are sparse
    props whose default holds nothing to walk (read from ``_values``, passed over when absent), and
    the others (read as Flet does, by getattr)."""

    __slots__ = ("order", "plain", "others")

    def __init__(self, cls: type) -> None:
        fields = [f for f in dataclasses.fields(cls) if not f.metadata.get("skip", False)]
        self.order = {f.name: i for i, f in enumerate(fields)}
        plain = set()
        for f in fields:
            prop = next((vars(k)[f.name] for k in cls.__mro__ if f.name in vars(k)), None)
            if isinstance(prop, Prop) and not (dataclasses.is_dataclass(prop.default)
                                               or isinstance(prop.default, (list, dict))):
                plain.add(f.name)
        self.plain = frozenset(plain)
        self.others = tuple(name for name in self.order if name not in plain)


_WALKS: dict[type, _Walk] = {}


def walked(item: Any) -> list[Any]:
    """The values of a dataclass's fields that Flet's walks go into (all but leaves), in field order."""
    cls = type(item)
    walk = _WALKS.get(cls)
    if walk is None:
        walk = _WALKS[cls] = _Walk(cls)
    values = getattr(item, "__dict__", {}).get("_values")
    if values is None:
        return [v for v in (getattr(item, name) for name in walk.order) if type(v) not in _LEAF]
    plain = walk.plain
    names = [name for name, v in values.items() if name in plain and type(v) not in _LEAF]
    names += walk.others
    if len(names) > 1:
        names.sort(key=walk.order.__getitem__)
    return [v for v in (values[n] if n in plain else getattr(item, n) for n in names) if type(v) not in _LEAF]


def _configure_dataclass(self: Any, item: Any, parent: Any, frozen: bool,
                         configure_setattr_only: bool = False) -> Any:
    """Flet's ``DiffBuilder._configure_dataclass`` (flet 1.0.5), its logging left out, through ``walked``."""
    if isinstance(item, type):  # a dataclass's class itself, as Flet does
        yield from _FLETS["configure"](self, item, parent, frozen, configure_setattr_only)
        return
    if not hasattr(type(item), "__dataclass_fields__"):  # (dataclasses.is_dataclass, for an instance)
        if isinstance(item, (dict, list)):
            for v in item.values() if isinstance(item, dict) else item:
                if type(v) not in _LEAF:
                    yield from self._configure_dataclass(v, parent, frozen)
        return
    if parent is None:
        parent_ref = getattr(item, "_parent", None)
        parent = parent_ref() if parent_ref else None
    if parent:
        if parent is item:
            raise object_patch.ObjectPatchException(f"Parent is the same as item: {item}")
        item._parent = weakref.ref(parent)
    if hasattr(item, "_frozen"):
        frozen = item._frozen
    elif frozen:
        item._frozen = frozen
    item_cls = item.__class__
    if getattr(item_cls, "__flet_control_cls__", None) is None:
        item_cls.__flet_control_cls__ = self.control_cls
    is_control = bool(self.control_cls) and isinstance(item, self.control_cls)
    if is_control:
        if not configure_setattr_only:
            item.build()
            item._before_update_safe()
            object.__setattr__(item, "_initialized", True)
        yield item
    if not configure_setattr_only:
        child_parent = item if is_control else parent
        for v in walked(item):
            yield from self._configure_dataclass(v, child_parent, frozen)
    if not frozen:
        dst_dirty = getattr(item, "_dirty", None)
        if dst_dirty is not None:
            dst_dirty.clear()
        else:
            if type(item).__setattr__ is not object_patch._control_setattr:
                type(item).__setattr__ = object_patch._control_setattr  # type: ignore[method-assign, assignment]
            object.__setattr__(item, "__changes", {})


def _removed_controls(self: Any, item: Any, recurse: bool) -> Any:
    """Flet's ``DiffBuilder._removed_controls`` (flet 1.0.5); a control with no snapshot of its
    lists, walked through ``walked``."""
    if recurse and self.control_cls and isinstance(item, self.control_cls) and not hasattr(item, "__prev_lists"):
        for v in walked(item):
            yield from self._removed_controls(v, recurse)
        yield item
    else:
        yield from _FLETS["removed"](self, item, recurse)


# Why: a step's panels are built again as new controls (about eighty a phone step in Peace and
# Love), and Flet's construction of one stores each of its fifty-odd fields through the ``Prop``
# descriptor, a Python call each, for the two or three not left at their defaults: two thirds of
# a control's construction (7 µs of 10 for a Text here). Rests on (flet 1.0.5): controls are
# dataclasses whose generated ``__init__`` sets the fields in order and then calls
# ``__post_init__`` with the InitVars (``ref``, one); ``Prop.__set__`` on a control under
# construction stores a value into ``_values`` (and marks it in ``_dirty``, which
# ``BaseControl.__post_init__`` clears) unless it equals the prop's default; ``_values`` and
# ``_dirty`` are the first fields; no control class of the step's sets attributes its own way.
def construct_set_fields() -> int:
    """Give each control class loaded now (those a step builds among them) a construction that
    stores only the fields given away from their defaults, as Flet's keeps them (once; every page
    of the process builds with them). How many classes have it; 0, Flet's own kept, on a Flet
    other than the one read."""
    import flet

    if flet.__version__ != FLET_SEEN:
        return 0
    from flet.controls.base_control import BaseControl

    for name in _BUILT_AT_STEPS:  # (Flet loads its control classes when first named)
        getattr(flet, name)
    classes, seen = [BaseControl], set()
    while classes:
        cls = classes.pop()
        classes.extend(sub for sub in cls.__subclasses__() if sub not in seen)
        seen.add(cls)
        if cls not in _OWN_INITS:
            init = sets_only_given(cls)
            if init is not None:
                _OWN_INITS[cls] = cls.__init__
                cls.__init__ = init  # type: ignore[method-assign]
    return len(_OWN_INITS)


_BUILT_AT_STEPS = ("Component", "Text", "Column", "Row", "Container", "Stack", "GestureDetector", "Semantics", "Icon",
                   "TextButton", "IconButton", "ListTile", "Divider", "TextField", "Switch")
"""the control classes the tables' steps build (``construct_set_fields``)"""

_OWN_INITS: dict[type, Any] = {}
"""Flet's constructions of the classes given another"""


def sets_only_given(cls: type) -> Any:
    """For one control class, a ``__init__`` with the signature of the one ``@dataclass`` made
    it, doing what that one does, except that a field that is a ``Prop`` is stored only when
    given a value other than its default (``not (value == default)``, as ``Prop.__set__``; the
    ``is`` first, every default here being equal to itself), and not marked in ``_dirty``
    (``BaseControl.__post_init__`` clears it). None for a class whose own is not the one
    dataclass made, or that sets attributes its own way."""
    init = cls.__dict__.get("__init__")
    if (init is None or not dataclasses.is_dataclass(cls) or init.__code__.co_filename.endswith(".py")
            or cls.__setattr__ is not object.__setattr__ or "__slots__" in cls.__dict__
            or hasattr(cls, "_notify") or hasattr(cls, "_frozen")):
        return None
    fields = dataclasses.fields(cls)
    names = {f.name for f in fields}
    params = list(inspect.signature(init).parameters.values())[1:]
    initvars = [p.name for p in params if p.name not in names]
    if [f.name for f in fields[:2]] != ["_values", "_dirty"] or len(initvars) > 1:
        return None
    scope: dict[str, Any] = {}
    head = []
    for p in params:
        if p.kind is p.KEYWORD_ONLY and "*" not in head:
            head.append("*")
        scope[f"_p_{p.name}"] = p.default
        head.append(p.name if p.default is p.empty else f"{p.name}=_p_{p.name}")
    body = ["self._values = _v = _f__values()", "self._dirty = _f__dirty()"]
    scope.update(_f__values=fields[0].default_factory, _f__dirty=fields[1].default_factory)
    for f in fields[2:]:
        prop = next((vars(k)[f.name] for k in cls.__mro__ if f.name in vars(k)), None)
        if isinstance(prop, Prop):
            if not f.init or not prop.default == prop.default:
                return None
            scope[f"_d_{f.name}"] = prop.default
            body.append(f"if {f.name} is not _d_{f.name} and not ({f.name} == _d_{f.name}): "
                        f"_v[{f.name!r}] = {f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            scope[f"_f_{f.name}"] = f.default_factory
            given = f" if {f.name} is _p_{f.name} else {f.name}" if f.init else ""  # (_p_: the factory's marker)
            body.append(f"self.{f.name} = _f_{f.name}(){given}")
        elif f.init:
            body.append(f"self.{f.name} = {f.name}")
    if hasattr(cls, "__post_init__"):
        body.append(f"self.__post_init__({', '.join(initvars)})")
    exec(f"def __init__(self, {', '.join(head)}):\n" + "".join(f"    {line}\n" for line in body), scope)
    made = scope["__init__"]
    made.__code__ = made.__code__.replace(co_qualname=init.__code__.co_qualname)  # (what a TypeError names)
    made.__qualname__, made.__doc__ = init.__qualname__, "(flet_compat.sets_only_given)"
    return made
