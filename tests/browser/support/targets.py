"""What a thumb taps is at least 48×48 px (Material's minimum target).

``small_targets(page)`` walks Flutter's semantics tree (the ``flt-semantics`` elements once
accessibility is on) of the screen as it is, scrolling the screen through with the mouse
wheel, and returns every tappable node smaller than 48 px either way: a node with a tap
action (``flt-tappable``), a role a finger uses (button, checkbox, radio, tab, link, switch,
slider, menu item...) or a text field (an ``input``/``textarea`` inside). A node cut by the
edge of its scrolling box is judged at another scroll position, where it is whole.
"""

from __future__ import annotations

MIN = 48
"""Material's minimum touch target (px, logical)"""

WALK = """
(min) => {
  const roles = new Set(["button", "checkbox", "radio", "tab", "link", "switch", "slider", "menuitem",
                         "menuitemcheckbox", "menuitemradio", "option", "combobox", "textbox", "spinbutton"]);
  const vw = window.innerWidth, vh = window.innerHeight;
  const scrollers = [...document.querySelectorAll("flt-semantics")]
    .filter(e => e.querySelector(":scope > flt-semantics-scroll-overflow"))
    .map(e => {
      const c = e.getBoundingClientRect();
      // the overflow child is as long as what scrolls, in the direction it scrolls (1 px across).
      // Flutter clips a scrolled node's rect to its scroller: a node touching an edge the box
      // can still scroll past is cut; at the box's own end it is whole
      const o = e.querySelector(":scope > flt-semantics-scroll-overflow").getBoundingClientRect();
      const down = o.height > c.height + 1, across = o.width > c.width + 1;
      return {c, up: down && e.scrollTop > 0.5, down: down && e.scrollTop + c.height < o.height - 0.5,
              left: across && e.scrollLeft > 0.5, right: across && e.scrollLeft + c.width < o.width - 0.5};
    });
  const name = (e) => {
    const own = (e.getAttribute("aria-label") || "").split("\\n")[0].trim()
      || (e.textContent || "").trim().slice(0, 40);
    if (own) return own;
    for (let a = e, up = 0; a && up < 4; a = a.parentElement && a.parentElement.closest("flt-semantics"), up++) {
      const said = (a.getAttribute("aria-label") || "").split("\\n")[0].trim()
        || (a.getAttribute("flt-semantics-identifier") || "");
      if (said) return said;
    }
    return (e.textContent || "").trim().slice(0, 40) || "(no label)";
  };
  const ident = (e) => {
    for (let a = e, up = 0; a && up < 10; a = a.parentElement && a.parentElement.closest("flt-semantics"), up++) {
      const id = a.getAttribute("flt-semantics-identifier");
      if (id) return id;
    }
    return "";
  };
  const out = [];
  for (const e of document.querySelectorAll("flt-semantics")) {
    const role = e.getAttribute("role") || "";
    const field = e.querySelector(":scope > input, :scope > textarea");
    if (!(e.hasAttribute("flt-tappable") || roles.has(role) || field)) continue;
    if (e.getAttribute("aria-hidden") === "true") continue;
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;  // not drawn
    if (r.left < 0 || r.top < 0 || r.right > vw + 0.5 || r.bottom > vh + 0.5) continue;  // off the screen
    // cut by a scrolling box's edge: judged at another scroll position, where it is whole
    const cut = scrollers.some(({c, up, down, left, right}) => r.left < c.right && r.right > c.left
      && r.top < c.bottom && r.bottom > c.top
      && ((up && r.top <= c.top + 0.5) || (down && r.bottom >= c.bottom - 0.5)
          || (left && r.left <= c.left + 0.5) || (right && r.right >= c.right - 0.5)));
    if (cut) continue;
    out.push({role: role || (field ? "text field" : "tap"), name: name(e), id: ident(e),
              w: Math.round(r.width * 10) / 10, h: Math.round(r.height * 10) / 10, y: Math.round(r.top)});
  }
  return out;
}
"""

WHERE = """() => [...document.querySelectorAll("flt-semantics")].slice(0, 400)
  .map(e => Math.round(e.getBoundingClientRect().top)).join(",")"""


def targets(page, steps: int = 30) -> list[dict]:
    """Every tappable node of the screen as it is, from its top to its bottom (the page is
    scrolled with the wheel, as a thumb would, and back to the top at the end)."""
    page.mouse.move(195, 420)
    page.mouse.wheel(0, -20000)
    page.wait_for_timeout(300)
    seen: list[dict] = []
    before = None
    for _ in range(steps):
        seen += page.evaluate(WALK, MIN)
        where = page.evaluate(WHERE)
        if where == before:
            break
        before = where
        page.mouse.wheel(0, 350)
        page.wait_for_timeout(250)
    page.mouse.wheel(0, -20000)
    page.wait_for_timeout(250)
    return seen


def small_targets(page, screen: str, seen: list[dict] | None = None) -> list[str]:
    """The offenders of this screen, one line each: where, role, label (or test id), size.
    ``seen``: what ``targets(page)`` found on it already (a walk through it is not cheap)."""
    small: dict[tuple, str] = {}
    for t in targets(page) if seen is None else seen:
        if t["w"] + 0.5 >= MIN and t["h"] + 0.5 >= MIN:
            continue
        key = (t["role"], t["name"], t["id"])
        small.setdefault(key, f"{screen}: {t['role']} “{t['name']}”" + (f" [{t['id']}]" if t["id"] and
                                                                          t["id"] != t["name"] else "")
                         + f" {t['w']:g}×{t['h']:g}")
    return list(small.values())
