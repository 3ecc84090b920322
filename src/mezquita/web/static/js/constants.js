// Values the server defines once, read from /api/constants: STATUS (a match's statuses,
// e.g. STATUS.RUNNING is "running"), so the page never spells them itself.
import { getJSON } from "./dom.js";

export const { status: STATUS } = await getJSON("/api/constants");
