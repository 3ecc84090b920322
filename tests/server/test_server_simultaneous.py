"""Simultaneous phases on the server (Europa's tips): every seat to move may act in any
order, a click sent before another seat's move still counts, and the evaluation comes when
the last seat is done."""

from __future__ import annotations

EUROPA = {"players": 2, "finish": 12, "stack": 56}


def _choose(a, b, first):
    """Seat 1 (behind) and then seat 0 take a card; return seat 0's first tip-phase update."""
    b.act({"do": "take", "slot": 0}, first["turn"])
    b.until(lambda m: m.get("turn") == 1)
    a.until(lambda m: m.get("turn") == 1)
    a.act({"do": "take", "slot": 1}, 1)
    b.until(lambda m: m.get("turn") == 2)
    return a.until(lambda m: m.get("turn") == 2)


def test_humans_tip_in_any_order_and_a_move_sent_before_the_others_still_counts(create, seated_pair):
    made = create(["human", "human"], game="europa", options=EUROPA, seed=1)
    with seated_pair(made) as (a, b, first):
        tipping = _choose(a, b, first)
        assert tipping["view"]["to_move"] == [0, 1]
        b.act({"do": "ew", "side": "E"}, 2)
        a.until(lambda m: m.get("turn") == 3)
        # seat 0 saw turn 2 and clicks now: seat 1's stone since then does not make it stale
        a.act({"do": "ew", "side": "W"}, 2)
        after = a.until(lambda m: m.get("turn") == 4)
        assert after["view"]["tips"] == [["W"], None]  # seat 1's stone value stays hidden
        # a double click (sent for a turn before its own last move) is still refused
        a.act({"do": "area", "area": "N"}, 2)
        refused = a.until(lambda m: m["type"] == "error")
        assert "stale" in refused["message"]
        a.act({"do": "done"}, 4)
        b.until(lambda m: m.get("turn") == 5)
        b.act({"do": "done"}, 5)
        evaluated = a.until(lambda m: m.get("turn") == 6)
        assert evaluated["view"]["phase"] == "choose" and len(evaluated["view"]["results"]) == 2


def test_bots_tip_at_once_and_the_human_tips_after_them(create, connect):
    made = create(["human", "europa-geographer", "europa-tourist"], game="europa",
                  options={"players": 3, "finish": 12, "stack": 56}, seed=2)
    with connect(made["id"]) as a:
        a.hello(made["seats"][0]["token"])
        message = a.until(lambda m: m.get("legal"))  # the leader chooses last
        a.act(message["legal"][0]["action"], message["turn"])
        message = a.until(lambda m: m["type"] == "update" and m["view"]["phase"] == "tip" and m["legal"])
        assert not any(message["view"]["tips"][1:])  # the bots' stones are hidden
        a.act(message["legal"][0]["action"], message["turn"])
        message = a.until(lambda m: m["type"] == "update" and m["view"]["stones"][0] == 1)
        done = next(x for x in message["legal"] if x["action"] == {"do": "done"})
        a.act(done["action"], message["turn"])
        evaluated = a.until(lambda m: m["type"] == "update" and m["view"]["round"] == 2)
        assert sorted(r["seat"] for r in evaluated["view"]["results"]) == [0, 1, 2]
