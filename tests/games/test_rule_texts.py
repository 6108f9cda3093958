"""The rule texts as the rules screen reads them (companion/rule_texts.py): the sections and
contents of all five games' texts, a word found in its paragraph, and every ruling pointing at
the rule paragraph it settles. Expected values read off card_companion/rules/*.txt."""

from __future__ import annotations

import re

import pytest

from card_companion.companion.registry import GAMES
from card_companion.companion.rule_texts import Place, parse_rule_text, parse_rulings
from card_companion.companion.rules import rule_sections, rule_text, rulings_blocks

ALL = sorted(GAMES)


def titles(game_id: str) -> list[str]:
    return [s.title for s in rule_sections(GAMES[game_id]).sections]


def test_the_headings_of_each_text():
    # FIGHT!: its Markdown headings and the bold line alone (TIE BREAKER CARD)
    assert titles("fight") == ["FIGHT!", "RULES", "THE DECK", "ROUNDS AND TURNS", "TIE BREAKER CARD",
                               "MOVE CARDS", "WINNING CONDITIONS"]
    # Card Stratego: the labels in capitals that start its paragraphs, after its opening line
    assert titles("card-stratego") == ["A game of card warfare for two players", "EQUIPMENT", "SETUP", "SUMMARY",
                                       "BATTLEFIELD", "ACTIONS", "BECOMING A GENERAL", "SPECIAL POWERS", "NOTES",
                                       "WINNING"]
    # Peace and Love: short lines of their own, Anti Math Geek inside a paragraph block
    assert titles("peace-and-love") == ["Peace and Love", "Two Player Peace and Love", "Starting a Fight",
                                        "Retiring a Fighter", "Refreshing Your Hand", "End of the Game",
                                        "Multi-Player Peace and Love", "Optional Rules", "Shoot the Moon",
                                        "Anti Math Geek"]
    # PC War: "Object: To lose all your cards" is a sentence of the opening, not a heading
    assert titles("pc-war") == ["Non-Violent, Politically-Correct War", "For Players Who Already Know How to Play War",
                                "How to Play"]
    cardpeegee = titles("cardpeegee")
    assert cardpeegee[:6] == ["THE BASICS", "SETTING UP", "ACTIVE CARDS", "HOW TO PLAY (basic game)",
                              "ENDING THE GAME", "ADDITIONAL GAMEPLAY"]
    assert "Contents" not in cardpeegee and "Monster battles" not in cardpeegee  # its contents are not sections
    assert "SPECIAL RULE - pick yourself up, dust yourself off" in cardpeegee


def test_the_words_of_the_text_are_kept():
    """Every word of a text is shown: in a section's title or paragraphs, or in its contents."""
    for game_id in ALL:
        text = rule_sections(GAMES[game_id])
        shown = " ".join([s.title for s in text.sections] + [p for s in text.sections for p in s.paragraphs]
                         + [e.label for e in text.contents])
        raw = rule_text(GAMES[game_id]).replace("<sup>", "").replace("</sup>", "")
        missing = set(re.findall(r"\w+", raw)) - set(re.findall(r"\w+", shown))
        assert missing == ({"Contents", "Page", "1", "2", "3", "4", "5", "6"} - set(re.findall(r"\w+", shown))
                           if game_id == "cardpeegee" else set()), game_id


@pytest.mark.parametrize("game_id", ALL)
def test_every_contents_entry_resolves_to_a_section(game_id):
    text = rule_sections(GAMES[game_id])
    assert text.contents
    for entry in text.contents:
        assert entry.place is not None, entry.label
        assert 0 <= entry.place.section < len(text.sections)


def test_cardpeegee_keeps_its_own_contents():
    text = rule_sections(GAMES["cardpeegee"])
    where = {e.label: (text.sections[e.place.section].title, e.place.paragraph) for e in text.contents}
    assert list(where) == ["The Basics", "Setting up", "Using your cards", "'Active' cards", "Playing the game",
                           "Ending the game", "Encounters:", "Monster battles", "Treasure chests", "Healers", "Traps",
                           "Town", "Appendix 1 Advanced Rules", "Appendix 2 Elements", "Appendix 3 Boss Battles"]
    assert where["Playing the game"] == ("HOW TO PLAY (basic game)", None)
    assert where["Treasure chests"] == ("Encounter: Treasure Chest", None)
    assert where["Town"] == ("TOWN PHASE (end of turn)", None)
    # "Using your cards" has no heading: it is the page that starts "Cards in your hand act as an inventory"
    section, paragraph = where["Using your cards"]
    assert section == "SETTING UP"
    assert text.sections[1].paragraphs[paragraph].startswith("Cards in your hand act as an inventory")
    # the three BOSS BATTLE pages are one part from the contents' entry
    boss = next(e.place for e in text.contents if e.label == "Appendix 3 Boss Battles")
    assert [text.sections[i].title for i in text.part(boss.section)] == [
        "BOSS BATTLE", "BOSS BATTLE", "SPECIAL RULE - super powers", "BOSS BATTLE", "Example stack"]


def test_a_made_contents_is_the_headings():
    text = rule_sections(GAMES["fight"])
    assert [e.label for e in text.contents] == titles("fight")
    rules = next(e.place for e in text.contents if e.label == "RULES")
    assert [text.sections[i].title for i in text.part(rules.section)] == [
        "RULES", "THE DECK", "ROUNDS AND TURNS", "TIE BREAKER CARD"]


def found(game_id: str, words: str) -> list[tuple[str, int, int]]:
    text = rule_sections(GAMES[game_id])
    return [(h.section_title, h.place.paragraph, h.count) for h in text.search(words)]


def test_search_finds_the_word_in_its_paragraph():
    # FIGHT!: "depleted" three times: two paragraphs of ROUNDS AND TURNS, one of WINNING CONDITIONS
    assert found("fight", "depleted") == [("ROUNDS AND TURNS", 4, 1), ("ROUNDS AND TURNS", 5, 1),
                                          ("WINNING CONDITIONS", 1, 1)]
    assert found("peace-and-love", "COPS") == [("Multi-Player Peace and Love", 5, 1)]
    assert found("pc-war", "old bachelor") == [("How to Play", 0, 1)]
    assert found("cardpeegee", "Glorious Revolution") == [("ADDITIONAL GAMEPLAY", 0, 1)]
    # a plain apostrophe finds the text's typographic one
    assert found("card-stratego", "opponent's army") == [("SUMMARY", 0, 1)]
    assert found("fight", "xylophone") == []
    assert found("fight", "   ") == []


def test_a_hit_marks_the_words_in_its_paragraph():
    text = rule_sections(GAMES["peace-and-love"])
    (hit,) = text.search("cops")
    assert "".join(piece for piece, _ in hit.pieces) == text.sections[6].paragraphs[5]
    assert [piece for piece, marked in hit.pieces if marked] == ["cops"]
    (stratego,) = [h for h in rule_sections(GAMES["card-stratego"]).search("bombs") if h.place.paragraph == 1]
    assert [piece for piece, marked in stratego.pieces if marked] == ["Bombs", "Bombs"]
    assert sum(h.count for h in rule_sections(GAMES["card-stratego"]).search("bombs")) == 3


@pytest.mark.parametrize("game_id", ALL)
def test_every_ruling_links_to_the_paragraph_it_settles(game_id):
    game = GAMES[game_id]
    text = rule_sections(game)
    rulings = [b for b in rulings_blocks(game) if b.kind == "ruling"]
    assert rulings
    for ruling in rulings:
        assert ruling.settles, ruling.text[:60]
        assert text.find(ruling.settles) is not None, (ruling.text[:60], ruling.settles)
        assert "Settles:" not in ruling.text


def test_some_rulings_point_where_they_should():
    def settles(game_id: str, start: str) -> str:
        game = GAMES[game_id]
        text = rule_sections(game)
        ruling = next(b for b in rulings_blocks(game) if b.kind == "ruling" and start in b.text)
        place = text.find(ruling.settles)
        return text.sections[place.section].title

    assert settles("fight", "The \"beats\" picture is missing") == "MOVE CARDS"
    assert settles("card-stratego", "A 5 against a 10") == "SPECIAL POWERS"
    assert settles("peace-and-love", "Ties, two players") == "Multi-Player Peace and Love"
    assert settles("cardpeegee", "**Pick yourself up**") == "SPECIAL RULE - pick yourself up, dust yourself off"
    assert settles("pc-war", "**The deal.**") == "How to Play"


def test_parsing_small_texts():
    text = parse_rule_text("Title line\nby someone\n\n\n\nFirst Part\n\nOne.\n\nTwo words here.\n\nNext Part\n\n"
                           "Three.\n")
    assert [(s.title, s.paragraphs) for s in text.sections] == [
        ("Title line", ("by someone",)), ("First Part", ("One.", "Two words here.")), ("Next Part", ("Three.",))]
    assert text.find("words here") == Place(1, 1)
    assert text.find("e") is None  # in several paragraphs: no one place
    page = parse_rulings('# T\n\nA note.\n\n## H\n- **A.** ruled\n  on two lines.\n  Settles: "One".\n- B.\n')
    assert [(b.kind, b.text, b.settles) for b in page] == [
        ("heading", "T", None), ("note", "A note.", None), ("heading", "H", None),
        ("ruling", "- **A.** ruled\n  on two lines.", "One"), ("ruling", "- B.", None)]
