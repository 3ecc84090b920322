// Which renderer draws which game: the server says which games have their own (`renderer`
// in /api/games: renderers/<game id>.js); any other game gets the generic one.
// `?renderer=generic` in the page address forces the generic renderer (for testing).
import { getJSON } from "../dom.js";

export async function rendererFor(gameId) {
  const forced = new URLSearchParams(location.search).get("renderer") === "generic";
  const game = forced ? null : (await getJSON("/api/games")).find((g) => g.id === gameId);
  return import(game?.renderer ? `./${gameId}.js` : "./generic.js");
}
