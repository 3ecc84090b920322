// Citadels: the characters of this round with their abilities, every seat's city, the cards
// drawn to choose from apart from your hand, and every legal action as a labelled button.
// District cards show cost, colour AND a type symbol; purple ones their ability. Clicking a
// card (a character to name, a district to build, keep, destroy or take) plays its action:
// the one whose hint (from the game's decision table) points at that card; a hand card with
// several (build, or discard to the Laboratory) offers a button for each. A Warlord's
// destroy takes two steps: "Destroy a district…", then a framed district with its price.
import { clickable, getJSON, h } from "../dom.js";
import { fill, local, markNewest, plural, pointingAt } from "./common.js";

const COLOURS = { yellow: "#d9a628", blue: "#2f5d9e", green: "#2f7d4f", red: "#b0302a", purple: "#6b3d8f" };
/** a symbol per district type, so colour is never the only cue (same as the terminal's) */
const TYPE_SYMBOL = { yellow: "♔", blue: "✚", green: "⚖", red: "⚔", purple: "★" };

let data = null;
let loading = null;

function cardData() {
  loading ??= Promise.all(["districts", "characters", "texts"].map((name) => getJSON(`/api/games/citadels/data/${name}.json`)))
    .then(([districts, characters, texts]) => {
      data = {
        districts: Object.fromEntries(districts.districts.map((d) => [d.key, d])),
        colours: districts.colours,
        characters: Object.fromEntries(characters.characters.map((c) => [c.key, c])),
        ui: texts.ui,
      };
    });
  return loading;
}

/** A word of the game's own texts (texts.json "ui"), with {fields} filled in. */
function ui(key, lang, fields = {}) {
  return fill(local(data.ui[key], lang), fields);
}

function districtName(key, lang) {
  return local(data.districts[key]?.name, lang) || key;
}

function charName(key, lang) {
  return local(data.characters[key]?.name, lang) || key;
}

/** A district card: cost coin, type symbol and word on its colour band, name; purple cards
 * carry their ability (``ability``: written on the card, else listed under the city); ``on``
 * names the board element it is for actions' hints (data-<on>="<key>": hand, drawn...). */
function district(key, lang, { size = "", action = null, label = "", ability = false, note = "", id = null, on = null } = {}) {
  const d = data.districts[key] || { colour: "purple", cost: "?" };
  const name = districtName(key, lang);
  const type = local(data.colours[d.colour], lang);
  const el = h("div", { class: `district ${d.colour}${size ? ` ${size}` : ""}${action ? " legal" : ""}`, "data-district": key, ...(on ? { [`data-${on}`]: key } : {}), "data-key": id, title: `${name} (${d.cost}) · ${type}` },
    h("div", { class: "band", style: `background:${COLOURS[d.colour] || "#888"}` },
      h("span", { class: "coin", text: d.cost }),
      h("span", { class: "type", text: `${TYPE_SYMBOL[d.colour] || "?"}${size ? "" : ` ${type}`}` })),
    h("div", { class: "name", text: name }),
    ability && d.text ? h("div", { class: "ability", text: local(d.text, lang) }) : null,
    note ? h("div", { class: "note", text: note }) : null);
  if (action) clickable(el, label || name, action);
  return el;
}

export function create(root, { t, act, playerName }) {
  let filter = "";
  let destroying = false; // "Destroy a district…" chosen: the cities offer their targets
  return { update };

  async function update(args) {
    const { view, legal, you, lang, log } = args;
    await cardData();
    const redraw = () => update(args);
    const at = pointingAt(legal, you);
    const play = (a) => a && (() => act(a.action));
    const gold = (n) => plural(t, "citadels.gold", n, lang);
    // an action with a price (a Warlord's destroy) names it
    const priced = (a) => a.cost !== undefined;
    const destroys = legal.filter(priced);
    if (!destroys.length) destroying = false;
    // the districts in the cities answer the destroys only once "Destroy a district…" is chosen
    const atCity = pointingAt(destroying ? destroys : legal.filter((a) => !priced(a)), you);
    const labelOf = (a) => (priced(a) ? `${a.label} · ${gold(a.cost)}` : a.label);
    const cards = (n) => plural(t, "citadels.cards", n, lang);
    // between rounds (the draft) the previous round's calls, targets and plays are over
    const drafting = view.phase === "draft";
    const calls = drafting ? {} : Object.fromEntries(view.calls.map((c) => [c.character, c]));
    // at the end the view is full: every seat's hand and characters sit in its entry
    const mine = view.full && you !== null ? view.seats[you] : null;
    const myCharacters = mine ? mine.held : view.my_characters;
    const targets = drafting ? {} : { murdered: view.murdered, robbed: view.robbed, bewitched: view.bewitched };

    const characterCard = (key, { action = null, label = "", inPool = false } = {}) => {
      const c = data.characters[key];
      const tags = [];
      if (!inPool) {
        if (view.face_up.includes(key)) tags.push(["t-out", t("citadels.tag.face_up")]);
        if (myCharacters.includes(key)) tags.push(["t-yours", t("citadels.tag.yours")]);
        const call = calls[key];
        if (call && call.seat >= 0) tags.push(["t-called", playerName(call.seat)]);
        if (call && call.status !== "played") tags.push(["t-status", ui(`status_${call.status}`, lang)]);
        for (const what of Object.keys(targets)) {
          if (targets[what] !== key) continue;
          const own = view.my_targets.includes(what);
          tags.push([own ? "t-target t-own" : "t-target", own ? t(`citadels.tag.your_${what}`) : ui(what, lang)]);
        }
      }
      const el = h("div", { class: `character${myCharacters.includes(key) && !inPool ? " mine" : ""}${view.face_up.includes(key) && !inPool ? " dim" : ""}${action ? " legal" : ""}`, "data-character": key },
        h("div", { class: "head" }, h("strong", { class: "rank", text: c ? c.rank : "?" }), h("span", { class: "cname", text: charName(key, lang) })),
        tags.length ? h("div", { class: "tags" }, tags.map(([kind, text]) => h("span", { class: `tag ${kind}`, text }))) : null,
        c?.text ? h("div", { class: "ability", text: local(c.text, lang) }) : null);
      if (action) clickable(el, label, action);
      return el;
    };

    // characters of this game: click one to name it (murder, rob, bewitch) when legal
    const characters = view.character_deck.map((key) => {
      const choice = at("character", key);
      return characterCard(key, { action: play(choice), label: choice?.label });
    });
    const faceDown = view.phase === "over" ? null : h("div", { class: "character face-down", "data-character": "face-down" },
      h("div", { class: "head" }, h("strong", { class: "rank", text: "?" }), h("span", { class: "cname", text: t("citadels.face_down") })),
      h("div", { class: "ability", text: view.face_down ? view.face_down.map((k) => charName(k, lang)).join(", ")
        : plural(t, "citadels.face_down_count", view.face_down_count, lang) }));

    const pool = (view.draft.pool || []).map((key) => {
      const choice = at("pool", key);
      const el = characterCard(key, { action: play(choice), label: choice?.label || key, inPool: true });
      el.setAttribute("data-pool", key); // the element a draft pick's hint names
      return el;
    });

    const seats = view.seats.map((seat, i) => {
      const cityCards = seat.city.map((key) => {
        const choice = atCity("city", key, i);
        const extra = seat.beautified.includes(key) ? "+1" : "";
        const price = choice && priced(choice) ? `⚔ ${gold(choice.cost)}` : "";
        return district(key, lang, { size: "small", action: play(choice), label: choice && labelOf(choice), note: [extra, price].filter(Boolean).join(" · "), id: `city-${i}-${key}`, on: "city" });
      });
      const purple = [...new Set(seat.city)].filter((key) => data.districts[key]?.text);
      const revealed = drafting ? [] : seat.characters;
      const points = Object.values(seat.score || {}).reduce((a, b) => a + b, 0);
      return h("section", { class: `citadels-seat${view.to_move.includes(i) ? " to-move" : ""}`, "data-seat": i },
        h("h3", {}, view.crown === i ? h("span", { class: "crown", title: t("citadels.crown"), text: "♛ " }) : null, playerName(i)),
        h("p", { class: "stats", text: [gold(seat.gold), cards(seat.hand_size), plural(t, "citadels.points", points, lang)].join(" · ") }),
        revealed.length ? h("p", { class: "plays", text: t("citadels.plays", { characters: revealed.map((k) => charName(k, lang)).join(", ") }) }) : null,
        h("div", { class: "city", "aria-label": ui("city", lang) }, cityCards.length ? cityCards : h("span", { class: "hint", text: t("citadels.empty_city") })),
        purple.length ? h("ul", { class: "abilities" }, purple.map((key) => h("li", {},
          h("strong", { text: `${TYPE_SYMBOL.purple} ${districtName(key, lang)}: ` }), local(data.districts[key].text, lang)))) : null,
        seat.museum_size ? h("p", { class: "hint", text: `${districtName("museum", lang)}: ${cards(seat.museum_size)}` }) : null,
        seat.hand && i !== you ? h("p", { class: "hint revealed-title", text: `${t("citadels.hand")} · ${cards(seat.hand.length)}` }) : null,
        seat.hand && i !== you ? h("div", { class: "city revealed-hand", "aria-label": t("citadels.hand") }, seat.hand.map((key) => district(key, lang, { size: "small" }))) : null,
      );
    });

    const handKeys = view.hand || mine?.hand || [];
    // a hand card with one action plays it when clicked; with several (build it, or discard it
    // to the Laboratory...) it carries a button per action, named by the action's control
    const hand = handKeys.map((key) => {
      const choices = at.all("hand", key);
      if (choices.length < 2) {
        return district(key, lang, { action: play(choices[0]), label: choices[0]?.label, ability: true, on: "hand" });
      }
      const card = district(key, lang, { ability: true, on: "hand" });
      card.classList.add("legal", "several");
      card.append(h("div", { class: "controls" }, choices.map((a) => h("button", {
        type: "button", "data-control": a.hint.control, title: a.label, "aria-label": a.label,
        onclick: () => act(a.action), text: ui(`control_${a.hint.control}`, lang),
      }))));
      return card;
    });

    // cards to choose from, apart from the hand: drawn to keep, a hand looked at, the deck
    const pending = view.pending;
    const choosing = [];
    if (view.turn?.drawn?.length) choosing.push([t("citadels.choose_keep"), view.turn.drawn, "drawn"]);
    if (pending?.hand) choosing.push([ui("pending_wizard_take", lang), pending.hand, "looked"]);
    if (pending?.deck) choosing.push([ui("pending_lighthouse", lang), pending.deck, "deck"]);
    if (pending?.card) choosing.push([ui("pending_wizard_use", lang), [pending.card], ""]);
    const choice = choosing.map(([title, keys, element]) => h("section", { class: "choice", "aria-label": title },
      h("h4", { text: title }),
      h("div", { class: "hand" }, keys.map((key) => {
        const a = element && at(element, key);
        return district(key, lang, { action: play(a), label: a?.label, ability: true, on: element || null });
      }))));

    // a Warlord's targets: one button opens them, framed in the cities with their price
    const destroyStep = !destroys.length ? []
      : destroying ? [h("button", { type: "button", class: "destroy-cancel", onclick: () => { destroying = false; redraw(); }, text: t("match.cancel") })]
        : [h("button", { type: "button", class: "destroy-open", onclick: () => { destroying = true; redraw(); }, text: plural(t, "citadels.destroy_open", destroys.length, lang) })];
    const buttons = destroying ? [] : legal.filter((a) => !priced(a))
      .map((a) => h("button", { type: "button", "data-action-id": a.id, onclick: () => act(a.action), text: labelOf(a) }));
    const search = h("input", { type: "text", placeholder: t("match.filter"), "aria-label": t("match.filter"), value: filter });
    const shown = () => buttons.forEach((b) => { b.hidden = filter && !b.textContent.toLowerCase().includes(filter); });
    search.addEventListener("input", () => { filter = search.value.toLowerCase(); shown(); });
    shown();

    root.replaceChildren(h("div", { class: "citadels generic" },
      h("p", { class: "citadels-info" }, statusLine(view, lang, t, playerName)),
      h("div", { class: "characters", "aria-label": t("citadels.characters") }, characters, faceDown),
      pool.length ? h("section", { class: "choice pool" }, h("h4", { text: view.draft.drafter !== you ? t("citadels.offered_to", { player: playerName(view.draft.drafter) })
        : t(`citadels.choose_${view.draft.kind}`) }),
        h("div", { class: "characters" }, pool)) : null,
      choice,
      you !== null && (view.hand || mine) ? h("section", { class: "my-hand" },
        h("h4", { text: `${t("citadels.your_hand")} · ${cards(handKeys.length)}` }),
        h("div", { class: "hand", "aria-label": t("citadels.your_hand") }, hand)) : null,
      legal.length ? h("h3", { text: t("match.moves") }) : null,
      buttons.length > 12 ? search : null,
      destroying ? h("p", { class: "destroy-hint", text: plural(t, "citadels.destroy_hint", destroys.length, lang) }) : null,
      legal.length ? h("div", { class: "actions" }, destroyStep, buttons) : you !== null ? h("p", { class: "hint", text: t("match.no_moves") }) : null,
      h("div", { class: "citadels-seats" }, seats),
    ));
    markNewest(root, log, (e) => [
      e.district && `[data-seat="${e.target ?? e.seat}"] .city [data-district="${e.district}"]`,
      e.character && `.characters [data-character="${e.character}"]`,
      e.seat !== undefined && e.seat !== null && `[data-seat="${e.seat}"]`,
    ]);
  }
}

/** Phase, round, deck and end condition; in the draft who chooses; in turns who plays. */
function statusLine(view, lang, t, playerName) {
  const parts = [t("citadels.info", { phase: ui(`phase_${view.phase}`, lang), round: view.round, deck: view.deck_size, threshold: view.threshold })];
  if (view.end_triggered && !view.terminal) parts.push(ui("last_round", lang));
  const draft = view.draft;
  if (view.phase === "draft" && draft.drafter >= 0) {
    parts.push(plural(t, `citadels.draft_${draft.kind}`, draft.pool_size, lang).replace("{player}", playerName(draft.drafter)));
  }
  const turn = view.turn;
  if (turn) {
    parts.push(t("citadels.turn_of", { player: playerName(turn.seat), character: charName(turn.character, lang) })
      + (turn.builds_left ? ` · ${plural(t, "citadels.builds", turn.builds_left, lang)}` : ""));
  }
  if (view.pending) parts.push(`${playerName(view.pending.seat)}: ${ui(`pending_${view.pending.kind}`, lang)}`);
  const text = parts.join(" · ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
