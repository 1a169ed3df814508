// What the lobby's house-rules forms share (dice 1000's, card Thousand's): a whole number
// read from a field, and an error shown at the field it is about — marked invalid,
// described by the error, focused — or at the end of the form.
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** A whole number typed in a field (a "−" taken as a minus), or null outside min…max. */
export function whole(text, min, max) {
  const trimmed = String(text).trim().replace("−", "-");
  if (!/^-?\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : null;
}

/** A house-rules form: its ``box`` (the form's element), its ``presets`` (as /api/games
sends them) and its ``error``. */
export class HouseForm {
  /**
   * The "Start from" field: a choice of the form's ``presets``; ``choose(name)`` when one
   * is chosen (it draws the form again), the focus kept on the choice. ``after``: what
   * follows it in the field (a hint).
   */
  presetField(chosen, choose, ...after) {
    return h(
      "div",
      { class: "field", dataset: { field: "house-preset" } },
      h("label", { for: "house-preset" }, t("Start from")),
      h(
        "select",
        {
          id: "house-preset",
          onchange: (event) => {
            choose(event.target.value);
            document.getElementById("house-preset").focus();
          },
        },
        this.presets.map((item) => h("option", { value: item.name, selected: item.name === chosen }, item.title || item.name)),
      ),
      ...after,
    );
  }

  /** Show an error at a field (or at the end of the form) and take the focus there. */
  showError(field, message) {
    this.error = { field, message };
    this.drawError();
    const input = field ? document.getElementById(field) : null;
    if (input) input.focus();
  }

  clearError(field) {
    if (!this.error || (field !== null && this.error.field !== field)) return;
    this.error = null;
    this.drawError();
  }

  drawError() {
    if (!this.box) return;
    for (const old of this.box.querySelectorAll("#house-error")) old.remove();
    for (const marked of this.box.querySelectorAll("[aria-invalid]")) {
      marked.removeAttribute("aria-invalid");
      const described = (marked.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && id !== "house-error");
      if (described.length) marked.setAttribute("aria-describedby", described.join(" "));
      else marked.removeAttribute("aria-describedby");
    }
    if (!this.error) return;
    const line = h("p", { class: "form-error", id: "house-error", role: "alert" }, this.error.message);
    const input = this.error.field ? this.box.querySelector(`#${CSS.escape(this.error.field)}`) : null;
    const place = input ? input.closest("[data-field]") : null;
    if (input) {
      input.setAttribute("aria-invalid", "true");
      const described = (input.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
      input.setAttribute("aria-describedby", [...described, "house-error"].join(" "));
    }
    if (place) place.append(line);
    else this.box.querySelector(".house").append(line);
  }
}
