// Which renderer draws which game; any game without its own renderer gets the generic one.
// `?renderer=generic` in the page address forces the generic renderer (for testing).
const RENDERERS = {
  cordoba: () => import("./cordoba.js"),
  citadels: () => import("./citadels.js"),
  cortica: () => import("./cortica.js"),
  "cordoba-wittig": () => import("./cordoba-wittig.js"),
};

export function rendererFor(gameId) {
  const forced = new URLSearchParams(location.search).get("renderer") === "generic";
  return (!forced && RENDERERS[gameId] || (() => import("./generic.js")))();
}
