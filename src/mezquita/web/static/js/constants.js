// Values the server defines once, read from /api/constants: STATUS (a match's statuses,
// e.g. STATUS.RUNNING is "running"), SEAT (the seat kinds beside the bots: SEAT.HUMAN,
// SEAT.OPEN), so the page never spells them itself, and CLOCKS (the clock presets in seconds
// and the default one).
import { getJSON } from "./dom.js";

export const { status: STATUS, seat: SEAT, clocks: CLOCKS } = await getJSON("/api/constants");
