// Telling a player it is their turn, each on this browser's say-so (both off by default): a
// short chime, and a system notification while the page is in the background (another tab,
// a minimised window). The notification names the game and nothing else: no card, no score.
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const SOUND_KEY = "mezquita.sound";
const NOTIFY_KEY = "mezquita.notify";
let audio = null;

// It has become this player's turn in `matchName`; `opened`: the page has just been opened
// (its first drawing), when a notification would tell the player nothing new.
export function yourTurn(matchName, opened) {
  if (localStorage.getItem(SOUND_KEY) === "1") chime();
  if (!opened && document.hidden && localStorage.getItem(NOTIFY_KEY) === "1" && window.Notification?.permission === "granted") {
    const note = new Notification(t("notify.title"), { body: t("notify.body", { game: matchName }), tag: `mezquita-${location.pathname}`, lang: document.documentElement.lang });
    note.onclick = () => { window.focus(); note.close(); };
  }
}

// A two-note chime (an AudioContext made on a click, as browsers ask).
function chime() {
  if (!window.AudioContext) return;
  audio ??= new AudioContext();
  [[660, 0], [880, 0.16]].forEach(([frequency, at]) => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, audio.currentTime + at);
    gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + at + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start(audio.currentTime + at);
    tone.stop(audio.currentTime + at + 0.32);
  });
  document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1); // for tests
}

// The two checkboxes of the header. Turning notifications on asks the browser's permission
// once (a click, as browsers require); refused, the box goes back off and says why.
export function bindAlerts() {
  $("sound").checked = localStorage.getItem(SOUND_KEY) === "1";
  $("sound").addEventListener("change", () => {
    localStorage.setItem(SOUND_KEY, $("sound").checked ? "1" : "0");
    if ($("sound").checked && window.AudioContext) audio ??= new AudioContext();
  });
  const box = $("notify");
  if (!window.Notification) {
    box.closest("label").hidden = true;
    return;
  }
  box.checked = localStorage.getItem(NOTIFY_KEY) === "1" && Notification.permission === "granted";
  box.addEventListener("change", async () => {
    const permission = box.checked && Notification.permission !== "granted" ? await Notification.requestPermission() : Notification.permission;
    box.checked &&= permission === "granted";
    box.closest("label").title = permission === "denied" ? t("notify.denied") : "";
    localStorage.setItem(NOTIFY_KEY, box.checked ? "1" : "0");
  });
}
