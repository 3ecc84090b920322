// Chat at the table: the players' room for the seated, the spectators' room for the others,
// both for everybody once the match is over (the server decides who reads what). A line is
// plain text, drawn as text (never as markup), or a quick phrase worded in this page's
// language. A reader hides another seat's lines (or the spectators') on this browser only.
// In a replay, the lines said after the shown position are dimmed.
import { STATUS } from "./constants.js";
import { h } from "./dom.js";
import { currentLang, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
export const PHRASES = ["hello", "good_luck", "thinking", "well_played", "good_game", "thanks"];
const SPECTATORS = "spectators"; // the hide-key of the spectators' lines

// `ctx`: { matchId, page (the match page's state), playerName(seat), send(message) }.
export function createChat(ctx) {
  const { page } = ctx;
  const hiddenKey = `mezquita.chat-hidden.${ctx.matchId}`;
  let lines = [];

  const hidden = () => new Set(JSON.parse(localStorage.getItem(hiddenKey) || "[]"));
  const author = (line) => (line.seat === null ? SPECTATORS : String(line.seat));

  // A message from the server: new lines, or (``all``) every line this page reads now.
  function receive(message) {
    lines = message.all ? message.lines : [...lines, ...message.lines.filter((l) => !lines.some((o) => o.id === l.id))];
    render();
  }

  function name(line) {
    if (line.seat !== null) return ctx.playerName(line.seat);
    return line.name ? `${line.name} (${t("chat.spectator")})` : t("chat.spectator");
  }

  function render() {
    const msg = page.msg;
    if (!msg) return;
    const off = hidden();
    const at = page.replay ? page.replay.at : Infinity;
    const items = lines.filter((line) => !off.has(author(line))).map((line) => h("li",
      { class: [line.room === SPECTATORS && "from-spectators", line.turn > at && "later"].filter(Boolean).join(" "), "data-seat": line.seat ?? "", title: line.at },
      h("b", { text: `${name(line)}: ` }),
      h("span", { dir: "auto", class: line.phrase ? "phrase" : null, text: line.phrase ? t(`chat.phrase.${line.phrase}`) : line.text })));
    const list = $("chat-lines");
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
    list.replaceChildren(...items);
    $("chat-empty").hidden = items.length > 0;
    if (atBottom || !page.replay) list.scrollTop = list.scrollHeight;
    renderControls(off);
  }

  // The input's room, the quick phrases, and a checkbox per other seat (and the spectators)
  // to hide their lines.
  function renderControls(off) {
    const { match, you } = page.msg;
    $("chat-text").placeholder = t(you === null && match.status !== STATUS.FINISHED ? "chat.to_spectators" : "chat.to_players");
    if ($("chat-phrases").dataset.lang !== currentLang()) { // worded again only in a new language
      $("chat-phrases").dataset.lang = currentLang();
      $("chat-phrases").replaceChildren(...PHRASES.map((phrase) => h("button", { type: "button", class: "small", "data-phrase": phrase, text: t(`chat.phrase.${phrase}`), onclick: () => ctx.send({ type: "chat", phrase }) })));
    }
    const others = [...match.seats.keys()].filter((i) => i !== you && match.seats[i].kind === "human").map(String);
    const keys = lines.some((l) => l.seat === null) ? [...others, SPECTATORS] : others;
    $("chat-hide").hidden = !keys.length;
    $("chat-hide-list").replaceChildren(...keys.map((key) => h("label", {},
      h("input", { type: "checkbox", "data-hide": key, checked: off.has(key), onchange: (event) => hide(key, event.target.checked) }),
      ` ${key === SPECTATORS ? t("chat.spectators") : ctx.playerName(Number(key))}`)));
  }

  function hide(key, on) {
    const off = hidden();
    if (on) off.add(key);
    else off.delete(key);
    localStorage.setItem(hiddenKey, JSON.stringify([...off]));
    render();
  }

  function bind() {
    $("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = $("chat-text").value.trim();
      if (!text) return;
      ctx.send({ type: "chat", text });
      $("chat-text").value = "";
    });
  }

  return { receive, render, bind };
}
