"""The game on the table on CPython: what each input shows and says, the timer, the toolbar."""

import game
from game.ui import board, panel
from game.ui.input.controller import Outcome
from game.ui.records.settings import Settings
from game.ui.table import Shown, Table
from game.ui.text.messages import Messages
from tests.helpers import build, one_move_from_won

WORDS = Messages.load()
CR, FT = "CR1-N-AAAAAAB", "FT1-N-AAAAAAB"  # t6 QS goes to f5; FT: t7 AC goes to f4


def table(code_or_game: str | game.Solitaire, **settings: bool) -> Table:
    g = game.new(code_or_game) if isinstance(code_or_game, str) else code_or_game
    return Table(g, Settings(**settings), WORDS)


def test_a_tap_that_moves_animates_the_card_from_where_it_was_and_says_so():
    t = table(CR)
    t.draw(1.0)
    origins = t.origins()
    shown = t.input(t.controller.tap("t6", 0), 1_000, 1.0, origins)
    assert shown == Shown("Queen of spades to descending spades foundation.")  # a capital
    x0, y0 = origins["t6"]
    x1, y1 = board.top_card_xy(t.game, t.layout, "f5")
    assert t.view.arrival == ("f5", x0 - x1, y0 - y1)
    assert t.elapsed(3_500) == 2_500  # the first move started the timer
    assert 'data-arrive="1"' in t.draw(1.0)
    assert 'data-arrive="1"' in t.draw(1.0)  # drawn again before the paint: it still flies
    t.painted()
    assert 'data-arrive="1"' not in t.draw(1.0)  # shown once


def test_a_dragged_card_arrives_from_where_it_was_let_go():
    t = table(CR)
    origins = t.origins()
    t.input(t.controller.drop("t6", "f5"), 0, 1.0, origins, dragged=(40.0, -30.0))
    x1, y1 = board.top_card_xy(t.game, t.layout, "f5")
    assert t.view.arrival == ("f5", origins["t6"][0] + 40 - x1, origins["t6"][1] - 30 - y1)


def test_a_tap_takes_the_origins_of_the_places_it_can_move_from_only():
    t = table(CR)
    t.draw(1.0)
    every = t.origins()
    assert t.origins(("t6", None)) == {"t6": every["t6"]}  # nothing selected: the tapped place
    t.input(t.controller.tap("t1", 0), 0, 1.0, t.origins(("t1", None)))
    selected = t.controller.selected
    assert selected == "t1"  # two places take it: selected
    origins = t.origins(("f2", selected))  # a tap on a target moves the selected card there
    t.input(t.controller.tap("f2", 100), 0, 1.0, origins)
    x1, y1 = board.top_card_xy(t.game, t.layout, "f2")
    assert t.view.arrival == ("f2", every["t1"][0] - x1, every["t1"][1] - y1)


def test_a_move_without_its_origin_is_drawn_in_place_with_no_flight():
    t = table(CR)
    shown = t.input(t.controller.tap("t6", 0), 0, 1.0, {})
    assert shown.say is not None and str(t.game.cards("f5")[-1]) == "QS"
    assert t.view.arrival is None


def test_a_selection_lights_up_its_targets_and_a_tap_beside_drops_it():
    t = table(CR)
    shown = t.input(t.controller.tap("t1", 0), 0, 1.0, t.origins())
    assert shown.say == "Two of hearts selected: tap where it should go."
    assert t.view.selected == "t1" and t.view.targets == {"f2", "t7"}
    assert t.deselect(10) == Shown("Selection cleared.")
    assert t.view.selected is None and t.controller.selected is None


def test_refusals_say_why_unless_interactive_rules_are_off():
    t = table(CR)
    assert t.input(t.controller.drop("t5", "t1"), 0, 1.0, {}).say == "Must be the same suit."
    quiet = table(CR, interactive_rules=False)
    assert quiet.input(quiet.controller.drop("t5", "t1"), 0, 1.0, {}).say == "Not allowed."
    nowhere = t.input(t.controller.tap("t12", 0), 0, 1.0, {})
    assert nowhere.say == "No place accepts the ten of spades now."
    assert t.input(Outcome("nothing"), 0, 1.0, {}) == Shown()  # the last words stay up


def test_the_end_is_shown_once_and_an_undo_reopens_the_game():
    t = table(one_move_from_won())
    shown = t.input(t.controller.tap("t1", 0), 1_000, 1.0, t.origins())
    assert shown.ended == "won" and t.game.status == "won"
    assert shown.say == "King of spades to ascending spades foundation. You won!"  # said once
    assert not panel.toolbar(t.game, WORDS).can_redeal  # a won game has no use for a redeal
    assert t.redeal(1_500) == Shown() and t.game.redeals_left == 2 and t.game.can_undo
    assert t.settle(None, 2_000) == Shown()  # already shown: not again
    assert t.undo(3_000) == Shown("Move undone.") and t.game.status == "playing"
    assert t.redo(4_000) == Shown("Move redone. You won!", "won")  # over again: shown again
    assert panel.won_text(t.game, t.elapsed(9_000), WORDS) == "Time 0:03 · 96 moves"


def test_undo_and_redo_say_when_there_is_nothing_to_step():
    t = table(CR)
    assert t.undo(0) == Shown("Nothing to undo.")
    assert t.redo(0) == Shown("Nothing to redo.")


def test_redeal_counts_down_then_is_refused():
    t = table(CR)
    for said in ("2 redeals", "1 redeal", "0 redeals"):
        assert t.redeal(0).say == f"Redealt: {said} left."
    assert t.redeal(0) == Shown("No redeals left.")


def test_a_hint_is_lit_until_the_next_input():
    t = table(CR)
    t.hint(("t6", "f5"))
    assert 'class="place hint-from" data-place="t6"' in t.draw(1.0)
    t.input(Outcome("nothing"), 0, 1.0, {})
    assert "hint-from" not in t.draw(1.0)


def test_settings_changed_on_the_table_reach_its_controller():
    t = table(FT)
    t.settings = t.settings.changed("auto_placement", True)
    assert t.controller.settings.auto_placement
    assert (
        t.input(t.controller.drop("t7", None), 0, 1.0, t.origins()).say
        == "Ace of clubs to clubs foundation 4."
    )


# --- the toolbar and the words around the board --------------------------------------------------
def test_the_toolbar_follows_the_game():
    g = game.new(CR)
    bar = panel.toolbar(g, WORDS)
    assert (bar.can_undo, bar.can_redo, bar.can_redeal, bar.can_draw) == (False, False, True, False)
    assert (bar.redeal, bar.moves, bar.score) == ("Redeal (3)", "Moves 0", "Score 0")
    assert bar.board_label == "Crescent board, deal CR1-N-AAAAAAB"
    g.play("t6", "f5")
    bar = panel.toolbar(g, WORDS)
    assert bar.can_undo and not bar.can_redo and bar.moves == "Moves 1"
    for _ in range(3):
        g.redeal()
    bar = panel.toolbar(g, WORDS)
    assert (bar.redeal, bar.can_redeal) == ("No redeals", False)
    ft = panel.toolbar(game.new(FT), WORDS)
    assert ft.can_draw and not ft.can_redeal
    assert ft.board_label == "Forty Thieves board, deal FT1-N-AAAAAAB"
    free = panel.toolbar(game.from_position(game.new("CR1-F-AAAAAAB").position()), WORDS)
    assert free.board_label == "CR1 board, deal -" and free.redeal == "Redeal (4)"
    corona = panel.toolbar(game.from_position(game.new("FT2-C-AAAAAAB").position()), WORDS)
    assert corona.board_label == "Corona board, deal -"  # its position names it: not "FT1"


def test_a_draw_is_announced_as_a_draw_and_the_score_is_in_the_won_text():
    t = table(FT)
    shown = t.input(t.controller.user_move("stock", "waste"), 0, 1.0, t.origins())
    assert shown.say == f"Drew the {t.game.cards('waste')[-1].name()}."
    assert panel.won_text(t.game, 0, WORDS) == "Time 0:00 · 1 move · Score 0"


def test_a_draw_of_three_says_how_many_it_turned_and_the_card_on_top():
    """Little Forty turns three cards a draw: the words say three, and name the one that
    plays; at the stock's end a draw turns what is left (64 cards: one)."""
    t = table("FT2-L-AAAAAAB")
    shown = t.input(t.controller.user_move("stock", "waste"), 0, 1.0, t.origins())
    assert shown.say == f"Drew 3 cards, the {t.game.cards('waste')[-1].name()} on top."
    g = t.game
    while len(g.cards("stock")) > 1:
        g.play("stock", "waste")
    assert g.last_drawn == 3
    shown = t.input(t.controller.user_move("stock", "waste"), 0, 1.0, t.origins())
    assert g.last_drawn == 1 and shown.say == f"Drew the {g.cards('waste')[-1].name()}."
    assert g.undo() and g.last_drawn == 3
    assert game.new("CR1-N-AAAAAAB").last_drawn == 0


def test_a_finish_taken_back_is_not_offered_again_until_a_move_of_the_players_own():
    t = table(one_move_from_won())
    assert not t.finish_declined  # a resumed or dealt game is offered its finish
    move = game.finishing_line(t.game)[0]
    t.finish_move(move, 0, 1.0, {})  # the auto-finish plays it
    assert t.game.status == "won"
    t.undo(0)  # the player takes the finish back: Undo and Redo do not finish it again
    assert t.finish_declined and t.game.status == "playing"
    t.redo(0)
    t.undo(0)
    assert t.finish_declined
    t.input(t.controller.tap("t1", 0), 0, 1.0, {})  # the player's own move: offered again
    assert not t.finish_declined


class LaterRedeal(game.Crescent):
    """A game whose redeal comes later: one is left, but not yet allowed."""

    def redeal_refusal(self) -> str | None:
        return "not_playable"


def test_redeal_follows_the_games_rule_not_its_count_of_redeals_left():
    g = LaterRedeal.from_position(game.new(CR).position())
    assert g.redeals_left == 3 and not g.redeal_allowed
    bar = panel.toolbar(g, WORDS)
    assert not bar.can_redeal  # (it went by redeals_left: enabled)
    shown = table(g).redeal(0)  # R says the game's own reason, not "no redeals left"
    assert shown.say == WORDS.refusal("not_playable") != WORDS.refusal("no_redeals")


def test_a_column_the_rules_fill_shows_its_card_coming_from_the_waste_and_says_so():
    """Corona: the Queen of spades leaves t2 empty, and the waste's top card fills it at once
    (part of the move): it flies from the waste, and a screen reader hears of it."""
    others = ["stock", "t3", "t4", "t5", "t6", "t7", "t8", "t9", "t10", "t11", "t12"]
    g = build("FT2-C score=0 moves=0", {"t1": "KS", "t2": "QS", "waste": "7D 9H"}, others)
    t = table(g)
    t.draw(1.0)
    origins = t.origins()
    shown = t.input(t.controller.drop("t2", "t1"), 0, 1.0, origins)
    said = "Queen of spades to column 1. Column 2 filled from the waste: nine of hearts."
    assert shown.say == said
    x1, y1 = board.top_card_xy(t.game, t.layout, "t2")
    fly_from_waste = (origins["waste"][0] - x1, origins["waste"][1] - y1)
    assert t.view.fill == ("t2", *fly_from_waste)
    assert t.draw(1.0).count('data-arrive="1"') == 2  # the Queen, and the fill
    t.painted()
    assert 'data-arrive="1"' not in t.draw(1.0)
    t.game.undo()
    assert t.game.last_fill is None and list(map(str, t.game.cards("waste"))) == ["7D", "9H"]
    origins = t.origins(("t2", None))  # the page's: only where the input moves from
    t.game.play("t2", "t1")  # a replay's step: the game steps, then the table shows it
    t.replayed(game.Move("t2", "t1"), 1.0, origins, filled="t2")
    assert t.view.fill == ("t2", *fly_from_waste)


def test_a_column_refilled_from_the_stock_shows_its_cards_coming_from_it_and_says_so():
    """Indian Patience: the Seven of hearts home leaves t2 empty, and the stock's next three
    cards fill it at once (part of the move): the top one flies from the stock, and a screen
    reader hears how many came and which one plays."""
    g = build(
        "FT2-I score=0 moves=0",
        {"f2": "AH 2H 3H 4H 5H 6H", "t1": "KS 9D", "t2": "7H", "stock": "4C 3C 2C 8S"},
        [f"t{k}" for k in range(3, 11)],
    )
    t = table(g)
    t.draw(1.0)
    origins = t.origins()
    shown = t.input(t.controller.user_move("t2", "f2"), 0, 1.0, origins)
    said = "Seven of hearts to hearts foundation 2. Column 2 refilled with 3 cards from the"
    assert shown.say == said + " stock, the three of clubs on top."
    assert [str(c) for c in t.game.cards("t2")] == ["8S", "2C", "3C"]
    x2, y2 = board.top_card_xy(t.game, t.layout, "t2")
    assert t.view.fill == ("t2", origins["stock"][0] - x2, origins["stock"][1] - y2)
