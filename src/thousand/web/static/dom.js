// Building the page: elements from data, text always as text nodes (never HTML).
//
// Names and chat come from other people: nothing here ever parses a string as markup.

/**
 * An element: h("button", {class: "big", onclick: f, "aria-label": "…"}, "text", child…).
 * Attributes that are functions become listeners (onclick → click); `false`, null and
 * undefined leave an attribute out; children may be strings (text nodes), numbers,
 * nodes, arrays of them, or null/false (skipped).
 */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (typeof value === "function" && key.startsWith("on")) {
        node.addEventListener(key.slice(2), value);
      } else if (key === "class") {
        node.className = value;
      } else if (key === "dataset") {
        Object.assign(node.dataset, value);
      } else if (key === "value" || key === "checked" || key === "disabled" || key === "selected") {
        node[key] = value;
      } else {
        node.setAttribute(key, value === true ? "" : String(value));
      }
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.append(child);
    else node.append(document.createTextNode(String(child)));
  }
}

/** Replace an element's children. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** localStorage that never throws (private windows, storage turned off). */
export const store = {
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* not kept: the page still works for this visit */
    }
  },
  remove(key) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  },
};

/** JSON from the server: {ok, status, body}; a network failure is status 0. `bearer`: a
 * player's key, sent as the Authorization header (never in an address or a body). */
export async function api(method, path, body, bearer) {
  const init = { method, headers: { Accept: "application/json" } };
  if (bearer) init.headers.Authorization = `Bearer ${bearer}`; // a player's key (player_key.js)
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    return { ok: false, status: 0, body: null };
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  return { ok: response.ok, status: response.status, body: data };
}

/** The one-line message of an error body, or null. */
export function errorMessage(body) {
  const error = body && typeof body === "object" ? body.error : null;
  if (error && typeof error.message === "string" && error.message) return error.message;
  return null;
}

/** Whether a keyboard event is typing into a field (the game's keys stay out of it). */
export function typing(event) {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (target.closest("input, textarea, select, [contenteditable='true']")) return true;
  return false;
}

/** A list from the server, or an empty one where it sent something else. */
export function asArray(value) {
  return Array.isArray(value) ? value : [];
}

/** A text from the server, or "" where it sent something else. */
export function str(value) {
  return typeof value === "string" ? value : "";
}

/** Whether motion is reduced: by the page's own switch or by the system's setting. */
export function motionReduced() {
  return (
    document.documentElement.classList.contains("reduce-motion") ||
    (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches)
  );
}

/**
 * A checkbox or radio button with its label in a `.check` block, and a hint below it that
 * describes it when `hint` is given: choice({ type: "radio", id, name, value, checked,
 * label, hint, onchange }).
 */
export function choice({ type, id, name = null, value = null, checked, label, hint = null, onchange }) {
  return h(
    "div",
    { class: "check" },
    h("input", { id, type, name, value, checked, "aria-describedby": hint ? `${id}-hint` : null, onchange }),
    h("label", { for: id }, label),
    hint ? h("p", { class: "hint", id: `${id}-hint` }, hint) : null,
  );
}
