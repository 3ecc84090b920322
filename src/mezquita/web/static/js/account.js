// The player's account, optional: ME is the logged-in account ({name, csrf, matches}) or
// null for a guest (its turn notices of slow games are set in its menu). send() makes every change with the session's CSRF token; accountMenu()
// puts "log in / register" or the account's menu into the page header.
import { h } from "./dom.js";
import { currentLang, t } from "./i18n.js";

async function fetchMe() {
  const response = await fetch("/api/me");
  return response.ok ? response.json() : null;
}

export let ME = await fetchMe();

// fetch() for a change (POST, PUT, DELETE) with a JSON body, carrying the CSRF token.
export function send(url, method, body) {
  const headers = { "content-type": "application/json", ...(ME ? { "x-csrf": ME.csrf } : {}) };
  return fetch(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

function detailText(data) {
  return typeof data.detail === "string" ? data.detail : (data.detail || []).map((d) => d.msg).join("; ");
}

// The fields of each account form: [name, label key, autocomplete, input type, max length].
const FORMS = {
  register: [["name", "account.name", "username", "text", 24], ["password", "account.password", "new-password", "password", 128]],
  login: [["name", "account.name", "username", "text", 24], ["password", "account.password", "current-password", "password", 128]],
  password: [["password", "account.current_password", "current-password", "password", 128], ["new_password", "account.new_password", "new-password", "password", 128]],
  notices: [["email", "account.notice_email", "email", "email", 254], ["webhook", "account.notice_webhook", "url", "url", 500]],
};
const ENDPOINTS = { register: ["/api/accounts", "POST"], login: ["/api/session", "POST"], password: ["/api/me/password", "PUT"], notices: ["/api/me/notices", "PUT"] };

// The form of one account action (log in, register, new password, turn notices) in a
// <dialog>; ``values`` fills its fields (the notices' addresses as stored).
function accountDialog(kind, onDone, values = {}) {
  const fields = FORMS[kind];
  const optional = kind === "notices"; // blank: not told that way
  const inputs = fields.map(([name, , autocomplete, type, maxlength]) => h("input", { id: `acc-${name}`, name, type, autocomplete, required: !optional, maxlength, value: values[name] ?? "" }));
  const error = h("p", { class: "error-box", role: "alert" });
  const submit = h("button", { type: "submit", class: "primary", id: "acc-submit", text: t(optional ? "account.save" : `account.${kind}`) });
  const cancel = h("button", { type: "button", text: t("account.cancel") });
  const form = h("form", { class: "grid-form account-form" },
    fields.flatMap(([name, label], i) => [h("label", { for: `acc-${name}`, text: t(label) }), inputs[i]]), h("span"),
    h("span", { class: "row" }, submit, " ", cancel));
  const hint = { register: "account.name_rules", notices: "account.notices_about" }[kind];
  const dialog = h("dialog", { class: "account-dialog", "aria-label": t(`account.${kind}`) }, h("h2", { text: t(`account.${kind}`) }), form, error,
    hint ? h("p", { class: "hint", text: t(hint) }) : null);
  cancel.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = Object.fromEntries(fields.map(([name], i) => [name, inputs[i].value]));
    if (kind === "notices") body.lang = currentLang(); // the notices are worded in the page's language
    const [url, method] = ENDPOINTS[kind];
    const response = await send(url, method, body);
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      error.textContent = response.status === 401 ? t("account.wrong") : response.status === 429 ? t("account.wait") : detailText(data);
      return;
    }
    ME = await fetchMe();
    dialog.close();
    onDone();
  });
  document.body.append(dialog);
  dialog.showModal();
  inputs[0].focus();
}

// Fill ``container`` (in the header) with the account's menu, or log in / register for a
// guest; ``onChange`` runs after logging in or out.
export function accountMenu(container, onChange = () => location.reload()) {
  const redraw = () => accountMenu(container, onChange);
  const done = () => { redraw(); onChange(); };
  if (!ME) {
    const login = h("button", { type: "button", id: "login-btn", text: t("account.login") });
    const register = h("button", { type: "button", id: "register-btn", text: t("account.register") });
    login.addEventListener("click", () => accountDialog("login", done));
    register.addEventListener("click", () => accountDialog("register", done));
    container.replaceChildren(login, register);
    return;
  }
  const profile = h("a", { href: `/player/${encodeURIComponent(ME.name)}`, id: "me-link", class: "me", text: ME.name });
  const password = h("button", { type: "button", class: "small", text: t("account.password_change") });
  const logout = h("button", { type: "button", class: "small", id: "logout-btn", text: t("account.logout") });
  const notices = h("button", { type: "button", class: "small", id: "notices-btn", text: t("account.notices") });
  password.addEventListener("click", () => accountDialog("password", redraw));
  notices.addEventListener("click", async () => accountDialog("notices", redraw, await (await fetch("/api/me/notices")).json()));
  logout.addEventListener("click", async () => {
    await send("/api/session", "DELETE");
    ME = null;
    done();
  });
  container.replaceChildren(profile, notices, password, logout);
}
