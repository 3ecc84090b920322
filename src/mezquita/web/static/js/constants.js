// Values the server defines once, read from /api/constants: STATUS (a match's statuses,
// e.g. STATUS.RUNNING is "running"), so the page never spells them itself, and CLOCKS (the
// clock presets in seconds and the default one).
import { getJSON } from "./dom.js";

export const { status: STATUS, clocks: CLOCKS } = await getJSON("/api/constants");
