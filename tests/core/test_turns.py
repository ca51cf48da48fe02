"""Windows several seats answer at once, and turn queues with extra turns."""

import pytest

import comboarena as ca
from comboarena.core import Action, TurnQueue, Window


def test_a_window_waits_for_every_seat_asked_until_each_answers():
    w = Window.open((3, 1, 2))
    assert w.waiting == (3, 1, 2) and not w.is_closed and w.expects(1)
    w = w.answer(1)
    assert w.waiting == (3, 2) and w.answered == (1,) and not w.expects(1)
    w = w.answer(3).answer(2)
    assert w.is_closed and w.answered == (3, 1, 2)


def test_the_first_answer_of_a_kind_closes_a_window_for_everyone():
    w = Window.open((1, 2, 3)).answer(2).close()
    assert w.is_closed and w.waiting == () and w.asked == (1, 2, 3)


def test_a_window_gives_the_timer_action_for_every_seat_still_waiting():
    w = Window.open((0, 1, 2)).answer(1)
    pass_ = Action("pass")
    assert w.timer_actions(pass_) == {0: pass_, 2: pass_}


def test_a_one_seat_window_is_shared_and_round_trips_through_json():
    assert Window.one(2) is Window.one(2) and Window.one(2).waiting == (2,)
    w = Window.open((0, 2)).answer(0)
    assert Window.from_json(w.to_json(), "position.window", 4) == w
    with pytest.raises(ca.PositionError, match="position.window.waiting names seats that were not asked"):
        Window.from_json({"asked": [0], "waiting": [1]}, "position.window", 4)
    with pytest.raises(ca.PositionError, match=r"position.window.asked must be a list of numbers from 0 to 3"):
        Window.from_json({"asked": [9], "waiting": []}, "position.window", 4)


def test_turns_follow_the_order_round_after_round():
    q = TurnQueue.start((2, 0, 1))
    seen = []
    for _ in range(6):
        seen.append((q.round, q.current))
        q = q.advance()
    assert seen == [(1, 2), (1, 0), (1, 1), (2, 2), (2, 0), (2, 1)]


def test_an_inserted_turn_comes_right_after_the_current_one_and_does_not_use_up_a_turn():
    q = TurnQueue.start((0, 1, 2)).insert_next(2)
    q = q.advance()
    assert (q.current, q.extra_turn, q.round) == (2, True, 1)
    q = q.advance()
    assert (q.current, q.extra_turn) == (1, False)  # the order goes on where it was
    q = q.advance()
    assert (q.current, q.extra_turn) == (2, False)  # seat 2 still has its own turn


def test_insert_next_goes_before_earlier_inserted_turns_and_insert_last_after():
    q = TurnQueue.start((0, 1)).insert_last(1).insert_next(0).insert_last(2)
    order = []
    for _ in range(3):
        q = q.advance()
        order.append(q.current)
    assert order == [0, 1, 2]


def test_a_new_round_may_take_a_new_order_and_skipped_actors_are_passed_over():
    q = TurnQueue.start((0, 1, 2))
    q = q.advance(skip=lambda a: a == 1)
    assert q.current == 2
    q = q.advance(next_order=lambda rnd: (2, 1, 0), skip=lambda a: a == 2)
    assert (q.round, q.current, q.order) == (2, 1, (2, 1, 0))
    assert q.round_over is False


def test_when_every_actor_is_skipped_advance_says_so():
    with pytest.raises(ValueError, match="no actor left"):
        TurnQueue.start((0, 1)).advance(skip=lambda a: True)


def test_a_turn_queue_round_trips_through_json_and_checks_it():
    q = TurnQueue.start((1, 0, 2), round=3).insert_next(2).advance()
    assert TurnQueue.from_json(q.to_json(), "position.turns", 3) == q
    bad = {**q.to_json(), "extra_turn": False}
    with pytest.raises(ca.PositionError, match="current must be order"):
        TurnQueue.from_json(bad, "position.turns", 3)
