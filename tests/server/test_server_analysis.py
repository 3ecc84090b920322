"""The review and hint endpoints (`server/analysis.py`, docs/review.md)."""

from __future__ import annotations


def test_a_finished_match_is_reviewed_per_seat_and_cached(client, create, connect):
    made = create(["human", "random"], seed=5)
    url = f"/api/matches/{made['id']}/review"
    assert client.get(url, params={"seat": 0}).status_code == 409  # still running
    with connect(made["id"]) as sock:
        sock.play_out(sock.hello(made["seats"][0]["token"]))
    answer = client.get(url, params={"seat": 1, "lang": "es", "wait": 0})
    assert answer.status_code == 202 and answer.json()["building"]  # ten searches take a while
    progress = [answer.json()["done"]]
    while answer.status_code == 202:
        progress.append(answer.json()["done"])
        answer = client.get(url, params={"seat": 1, "lang": "es", "wait": 0.2})
    assert answer.status_code == 200, answer.text
    assert progress == sorted(progress) and progress[-1] <= 10
    review = answer.json()
    assert review["seat"] == 1 and review["analyst"] == "ismcts-10000" and len(review["steps"]) == 10
    assert review["thresholds"] == {"mistake": 0.1, "blunder": 0.25}
    assert all(s["seat"] == 1 and s["label"].startswith("jugar") for s in review["steps"])
    assert client.get(url, params={"seat": 1, "lang": "es"}).json() == review
    assert client.get(url, params={"seat": 2}).status_code == 422
    assert client.get("/api/matches/nope/review", params={"seat": 0}).status_code == 404


def test_a_hint_goes_to_the_seat_to_move_with_its_own_token_only(client, create):
    made = create(["human", "random"], seed=3)
    url = f"/api/matches/{made['id']}/hint"
    assert client.get(f"/api/matches/{made['id']}").json()["rated"] is False  # a practice match
    token = made["seats"][0]["token"]
    answer = client.post(url, json={"seat": 0, "token": token, "lang": "de"})
    assert answer.status_code == 200, answer.text
    suggestions = answer.json()["suggestions"]
    assert len(suggestions) == 3 and all(s["reason"] and s["measure"] == "win chance" for s in suggestions)
    assert "legen" in suggestions[0]["label"]
    assert client.post(url, json={"seat": 0, "token": "guess"}).status_code == 403
    assert client.post(url, json={"seat": 1, "token": token}).status_code == 403
    assert client.post(url, json={"seat": 0}).status_code == 422


def test_no_hint_in_a_rated_match(client):
    """An account against a bot is a rated match (the bot plays as its level's profile)."""
    account = client.post("/api/accounts", json={"name": "Ana", "password": "correct horse battery"})
    headers = {"x-csrf": account.json()["csrf"]}
    made = client.post("/api/matches", headers=headers,
                       json={"game": "cordoba", "seats": ["human", "random"]}).json()
    assert client.get(f"/api/matches/{made['id']}").json()["rated"] is True  # the page offers no hint
    answer = client.post(f"/api/matches/{made['id']}/hint", headers=headers,
                         json={"seat": 0, "token": made["seats"][0]["token"]})
    assert answer.status_code == 403 and "rated" in answer.json()["detail"]


def test_analyses_are_limited_per_address(client, create):
    made = create(["human", "random"], seed=3)
    now = client.app.state.hub.limiter.clock()
    client.app.state.hub.limiter.clock = lambda: now  # slow searches refill no budget meanwhile
    url = f"/api/matches/{made['id']}/hint"
    body = {"seat": 0, "token": made["seats"][0]["token"]}
    codes = [client.post(url, json=body).status_code for _ in range(7)]
    assert codes == [200] * 6 + [429]
