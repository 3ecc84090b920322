// "My matches": the seats this browser plays (match, seat, token, game, time), kept in
// localStorage so the lobby can lead back to them; the creator's entry keeps the invitations.
const KEY = "mezquita.mine";
const KEEP = 30;

export function myMatches() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY));
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

// Add or update the entry of (id, seat); the newest first.
export function remember(entry) {
  const list = myMatches();
  const old = list.find((m) => m.id === entry.id && m.seat === entry.seat);
  const rest = list.filter((m) => m !== old);
  localStorage.setItem(KEY, JSON.stringify([{ ...old, ...entry, at: old?.at ?? Date.now() }, ...rest].slice(0, KEEP)));
}

export function forget(id) {
  localStorage.setItem(KEY, JSON.stringify(myMatches().filter((m) => m.id !== id)));
}

export function seatUrl(entry) {
  return `/match/${encodeURIComponent(entry.id)}#seat=${entry.seat}&token=${encodeURIComponent(entry.token)}`;
}

// The player's name as typed last time (offered again when creating or joining).
export const NAME_KEY = "mezquita.name";
