"""The rules screen in-process (tests/support/viewkit.py): contents entries open their section, the
search lists each paragraph with the words marked, a ruling's link opens the paragraph it
settles, and the back arrow still goes where the screen was opened from."""

from __future__ import annotations

import flet as ft

from card_companion.views.rules_screen import RulesScreen
from tests.support.viewkit import FakePage, ViewHarness


def rules(game_id: str, back: str = "/play/1") -> ViewHarness:
    return ViewHarness(RulesScreen, route_params={"game": game_id}, page=FakePage(f"/rules/{game_id}?back={back}"))


def marked(h: ViewHarness, ident: str) -> list[str]:
    return [span.text for c in h.all_under(ident) if isinstance(c, ft.Text) and c.spans
            for span in c.spans if span.style is not None and span.style.weight == ft.FontWeight.BOLD]


def test_the_whole_text_under_its_contents():
    h = rules("fight")
    texts = h.texts()
    assert "Contents" in texts and "by Ashley Pringle" in texts
    assert h.has("rule-text") and h.has("rule-search")
    assert [i for i in h.ids() if i.startswith("contents-")] == [f"contents-{i}" for i in range(7)]
    # no empty paragraphs (the gaps of the raw text)
    paragraphs = [c.value for c in h.all_under("rule-text") if isinstance(c, ft.Text)]
    assert all(p.strip() for p in paragraphs)


def test_a_contents_entry_opens_its_section():
    h = rules("fight")
    h.click("contents-4")  # TIE BREAKER CARD
    texts = h.texts()
    assert "TIE BREAKER CARD" in texts and "Whichever player has a face up card on top" in texts
    assert "Remove all cards above 6" not in texts  # THE DECK is not shown
    assert not h.has("rule-text")
    assert "Next: MOVE CARDS" in texts
    h.click("rule-next")
    assert "The most important part of a game of FIGHT is the moves." in h.texts()
    h.click("rule-contents-back")
    assert h.has("rule-text") and h.has("rule-contents")


def test_cardpeegee_contents_go_to_its_pages():
    h = rules("cardpeegee")
    h.click("contents-9")  # Healers
    assert "Encounter: Healer" in h.texts() and "SPECIAL RULE - gratitude" in h.texts()
    assert "Encounter: Trap" not in h.texts()
    h.click("rule-contents-back")
    h.click("contents-2")  # Using your cards: the paragraph that starts the page, marked
    shown = [c.value for c in h.all_under("rule-paragraph-marked") if isinstance(c, ft.Text)]
    assert shown[0].startswith("Cards in your hand act as an inventory")


def test_search_lists_each_paragraph_with_the_word_marked():
    h = rules("fight")
    h.type("rule-search", "depleted")
    assert "“depleted” found 3 times in 3 paragraphs" in h.texts()
    assert [i for i in h.ids() if i.startswith("rule-hit-") and i[9:].isdigit()] == [
        "rule-hit-0", "rule-hit-1", "rule-hit-2"]
    assert marked(h, "rule-hit-0") == ["depleted"]
    assert "If a player cannot draw a card due to the deck being depleted, then the round ends." in h.texts()
    h.click("rule-hit-2")  # WINNING CONDITIONS, its second paragraph
    shown = [c.value for c in h.all_under("rule-paragraph-marked") if isinstance(c, ft.Text)]
    assert shown[0].startswith("The player who accumulates 13 points first wins the round.")
    assert "WINNING CONDITIONS" in h.texts()
    assert h.find("rule-search") is not None and "“depleted”" not in h.texts()


def test_search_without_a_hit_says_so():
    h = rules("pc-war")
    h.type("rule-search", "xylophone")
    assert "“xylophone” is not in the rule text." in h.texts()


def test_a_ruling_opens_the_paragraph_it_settles():
    h = rules("peace-and-love")
    h.select("rules-tab", "rulings")
    assert "Ties, two players: the attacker wins" in h.texts()
    assert "Settles:" not in h.texts()
    link = next(i for i in h.ids() if i.startswith("ruling-") and i.endswith("-rule"))
    assert link == "ruling-0-rule"
    h.click("ruling-2-rule")  # Ties, two players...
    shown = [c.value for c in h.all_under("rule-paragraph-marked") if isinstance(c, ft.Text)]
    assert shown[0].startswith("Ties are won by the attacker, and lost by the defender.")
    assert "Multi-Player Peace and Love" in h.texts()


def test_every_ruling_on_every_page_has_its_link():
    for game_id in ("fight", "card-stratego", "peace-and-love", "pc-war", "cardpeegee"):
        h = rules(game_id)
        h.select("rules-tab", "rulings")
        rulings = [i for i in h.ids() if i.startswith("ruling-") and not i.endswith("-rule")]
        links = [i for i in h.ids() if i.startswith("ruling-") and i.endswith("-rule")]
        assert rulings and len(links) == len(rulings), game_id


def test_back_goes_where_the_screen_came_from():
    h = rules("fight", back="/calc/fight")
    h.click("contents-2")
    h.click("back")
    assert h.page.routes[-1] == "/calc/fight"
