// Values the server defines once, read from /api/constants: STATUS (a match's statuses,
// e.g. STATUS.RUNNING is "running") and SEAT (the seat kinds beside the bots: SEAT.HUMAN,
// SEAT.OPEN), so the page never spells them itself.
import { getJSON } from "./dom.js";

export const { status: STATUS, seat: SEAT } = await getJSON("/api/constants");
