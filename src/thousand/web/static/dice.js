// Dice drawn as faces: a 3×3 grid of pips, the way a real die shows them.

import { h, motionReduced } from "./dom.js";

/** How long the dice tumble before they land. */
export const ROLL_MS = 400;

const PIPS = {
  1: [4],
  2: [2, 6],
  3: [2, 4, 6],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

/** Whether a value is a die face 1–6. */
export function isFace(value) {
  return Number.isInteger(value) && value >= 1 && value <= 6;
}

/**
 * One die. `face` null draws a die still in the hand (no pips). `extra` classes mark it:
 * "scoring", "dead" (did not score), "bust", "aside", "small".
 * Dice are pictures inside a row that carries the words (aria-hidden here).
 */
export function die(face, extra = "") {
  const node = h("span", { class: `die ${extra}`.trim(), "aria-hidden": "true" });
  setFace(node, face);
  return node;
}

/** Redraw a die's pips (used by the rolling animation too). */
export function setFace(node, face) {
  node.replaceChildren();
  node.dataset.face = isFace(face) ? String(face) : "";
  node.classList.toggle("blank", !isFace(face));
  const on = isFace(face) ? PIPS[face] : [];
  for (let cell = 0; cell < 9; cell += 1) {
    node.append(h("span", { class: on.includes(cell) ? "pip on" : "pip" }));
  }
}

/**
 * The dice tumble for a moment before they land on `finals` (not with reduced motion);
 * `landed` runs once they show the true faces (at once when they do not tumble), so that
 * what marks them (scoring, bust) is drawn on the true faces only. Whether they tumble.
 */
export function roll(nodes, finals, landed = null) {
  if (motionReduced() || !nodes.length) {
    if (landed) landed();
    return false;
  }
  const started = Date.now();
  for (const node of nodes) {
    node.classList.add("rolling");
    node.style.setProperty("--spin", `${Math.round(Math.random() * 40 - 20)}deg`);
  }
  const timer = window.setInterval(() => {
    if (Date.now() - started >= ROLL_MS) {
      window.clearInterval(timer);
      nodes.forEach((node, index) => {
        setFace(node, finals[index]);
        node.classList.remove("rolling");
      });
      if (landed) landed();
      return;
    }
    for (const node of nodes) setFace(node, 1 + Math.floor(Math.random() * 6));
  }, 70);
  return true;
}

/**
 * Which positions of `dice` the combinations use: each face of each combination takes
 * the first unused position holding it (a multiset match, as the terminal game does).
 */
export function scoringPositions(dice, combinations) {
  const used = new Set();
  if (!Array.isArray(dice) || !Array.isArray(combinations)) return used;
  for (const combo of combinations) {
    const faces = combo && Array.isArray(combo.dice) ? combo.dice : [];
    for (const face of faces) {
      const at = dice.findIndex((value, index) => value === face && !used.has(index));
      if (at >= 0) used.add(at);
    }
  }
  return used;
}

/** Faces as players write them: "2 2 2 5 5". */
export function faces(list) {
  return Array.isArray(list) ? list.filter(isFace).join(" ") : "";
}

/** A labelled row of dice: the label shown, the dice a picture named by `spoken`. */
export function diceRow(label, nodes, spoken, kind) {
  return h(
    "div",
    { class: `dice-row ${kind}` },
    h("div", { class: "dice-label", "aria-hidden": "true" }, label),
    h("div", { class: "dice", role: "img", "aria-label": spoken }, nodes),
  );
}
