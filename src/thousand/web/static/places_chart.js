// A small bar chart of places (1st, 2nd, …: how many games each), as inline SVG.
//
// Drawn from numbers only (no text from other people); the bars carry their counts as
// text too, and the whole chart has a label that says the same in words.

import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** counts: {place: games}. An empty chart is left out (null). */
export function placesChart(counts) {
  const places = Object.keys(counts)
    .map(Number)
    .filter((place) => Number.isInteger(place) && place > 0)
    .sort((a, b) => a - b);
  if (!places.length) return null;
  const last = Math.max(...places, 2);
  const most = Math.max(...places.map((place) => counts[place]));
  const bar = 28;
  const gap = 10;
  const height = 90;
  const width = last * (bar + gap) + gap;
  const words = [];
  const chart = svg("svg", { class: "places-chart", viewBox: `0 0 ${width} ${height + 34}`, width, height: height + 34, role: "img" });
  for (let place = 1; place <= last; place += 1) {
    const games = counts[place] || 0;
    const tall = most ? Math.round((games / most) * (height - 16)) : 0;
    const x = gap + (place - 1) * (bar + gap);
    chart.append(svg("rect", { x, y: height - tall, width: bar, height: Math.max(tall, 1), rx: 3, class: "bar" }));
    chart.append(svg("text", { x: x + bar / 2, y: height - tall - 4, "text-anchor": "middle", class: "count" }, String(games)));
    chart.append(svg("text", { x: x + bar / 2, y: height + 16, "text-anchor": "middle", class: "label" }, `${place}`));
    words.push(t("place {place}: {games}", { place, games }));
  }
  chart.append(svg("text", { x: width / 2, y: height + 31, "text-anchor": "middle", class: "label" }, t("place")));
  chart.setAttribute("aria-label", `${t("Places")}: ${words.join(", ")}`);
  return chart;
}
