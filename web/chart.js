// The game's chart on a canvas: host_sim/history.py's description of it (chart_of: the title,
// panels top to bottom, a step line per card, company or token, the deeds bought, the gaps and
// the transactions taken back marked, the final standings beside), the same one `python -m host_sim export --chart` draws with matplotlib, at the same
// size (800 x 450) and in matplotlib's colours, so the page's PNG shows what the export's shows.
//
// Drawn by this small routine, not a plotting library: the page's packages hold none (only
// MicroPython WebAssembly and Papa Parse), and step lines on two axes, a legend, triangles and
// dashed lines are about 150 lines here; a library (Chart.js is some 200 KB) would be fetched
// and kept offline by every page for a button pressed once a game, and it draws neither
// matplotlib's step lines nor its annotations as the export does anyway.
import { fill } from "./words.js";

// matplotlib's default colour cycle (tab10), in its order.
export const COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"];
const FONT = "sans-serif";
const SIZES = { small: 11, "x-small": 9 }; // the legend's font sizes, in pixels (matplotlib's at 100 dpi)
const MARGIN = { left: 84, right: 16, top: 34, bottom: 10 };
const PANEL_GAP = 30; // below each panel: its tick labels
const UNDONE_COLOUR = "dimgrey"; // host_sim/history.py UNDONE_COLOUR, its band at alpha 0.15
const UNDONE_BAND = "rgba(105,105,105,0.15)";

// Round numbers (1, 2, 2.5 or 5 times a power of ten apart) from lo to hi, about `count` of them.
export function ticks(lo, hi, count = 6) {
  const raw = (hi - lo) / count;
  const power = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const out = [];
  for (let k = Math.ceil(lo / step); k * step <= hi; k++) out.push(Number((k * step).toPrecision(12)));
  return out;
}

// An axis's range: the values' extent and 5% more each side, as matplotlib's margins.
function range(values) {
  const finite = values.filter((v) => v !== null && Number.isFinite(v));
  const [lo, hi] = finite.length ? [Math.min(...finite), Math.max(...finite)] : [0, 1];
  const span = hi - lo || Math.abs(lo) * 0.1 || 1;
  return [lo - span * 0.05, hi + span * 0.05];
}

// Draws `chart` on `canvas` (resized to 800 x 450); money(value): an axis value as the unit
// writes amounts, for a panel whose "money" is set (with the chart's decimal mark, "point", if
// it has one: a French unit's 1,5M). Returns the number of lines drawn.
export function drawChart(canvas, chart, unitMoney) {
  const money = chart.point ? (value) => unitMoney(value).replace(".", chart.point) : unitMoney;
  // the words the drawing adds, in the unit's language (history.py chart_words)
  const words = { standings: STANDINGS_TITLE, purchases: PURCHASES_LABEL, ...(chart.words || {}) };
  canvas.width = 800;
  canvas.height = 450;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#000";
  ctx.font = `16px ${FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.fillText(chart.title, canvas.width / 2, 8);
  const panels = chart.panels;
  const height = (canvas.height - MARGIN.top - MARGIN.bottom - PANEL_GAP * panels.length) / panels.length;
  // The final standings sit right of their panel, as the export's do: every panel narrows to
  // leave the widest box room (matplotlib's tight_layout does the same).
  const right = MARGIN.right + standingsWidth(ctx, panels, words.standings);
  let lines = 0;
  panels.forEach((panel, index) => {
    const box = { x: MARGIN.left, y: MARGIN.top + index * (height + PANEL_GAP), w: canvas.width - MARGIN.left - right, h: height };
    if (panel.xlabel) box.h -= 14;
    drawPanel(ctx, panel, box, money, words);
    lines += panel.series.length;
  });
  return lines;
}

function drawPanel(ctx, panel, box, money, words) {
  const xs = panel.series.flatMap((s) => s.xs);
  const ys = panel.series.flatMap((s) => s.ys).concat(panel.purchases.map((p) => p[1]));
  const [xa, xb] = range(xs);
  const [y0, y1] = range(ys);
  const xTicks = ticks(xa, xb, 8).filter((v) => Number.isInteger(v));
  const yTicks = ticks(y0, y1, 6);
  // Whole pixels: a step line 2 px wide on them covers two rows (or columns) in its own colour.
  const px = (x) => Math.round(box.x + ((x - xa) / (xb - xa)) * box.w);
  const py = (y) => Math.round(box.y + box.h - ((y - y0) / (y1 - y0)) * box.h);
  // The grid and the axes' ticks.
  ctx.font = `12px ${FONT}`;
  ctx.strokeStyle = "rgba(176,176,176,0.3)";
  ctx.lineWidth = 1;
  ctx.fillStyle = "#000";
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  for (const y of yTicks) {
    line(ctx, box.x, py(y), box.x + box.w, py(y));
    ctx.fillText(panel.money ? money(y) : String(y), box.x - 4, py(y));
  }
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  for (const x of xTicks) {
    line(ctx, px(x), box.y, px(x), box.y + box.h);
    ctx.fillText(String(x), px(x), box.y + box.h + 3);
  }
  ctx.strokeStyle = "#000";
  ctx.strokeRect(box.x, box.y, box.w, box.h);
  ctx.font = `13px ${FONT}`;
  ctx.save();
  ctx.translate(16, box.y + box.h / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textBaseline = "middle";
  ctx.fillText(panel.ylabel, 0, 0);
  ctx.restore();
  if (panel.xlabel) ctx.fillText(panel.xlabel, box.x + box.w / 2, box.y + box.h + 17);
  // The step lines, as matplotlib's step(where="post"): a value holds until the next x, then
  // the line rises or falls to the next value; a null value (an unlisted company) has no line.
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.w, box.h);
  ctx.clip();
  // The transactions taken back: a grey band from each to its undo, labelled at the top.
  ctx.fillStyle = UNDONE_BAND;
  for (const [from, to] of panel.undone || []) {
    const x0 = px(from);
    ctx.fillRect(x0, box.y, Math.max(px(Math.max(to, from + 0.5)) - x0, 1), box.h);
  }
  ctx.fillStyle = UNDONE_COLOUR;
  ctx.font = `${SIZES["x-small"]}px ${FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  for (const [from, to, text] of panel.undone || []) ctx.fillText(text, px((from + to) / 2), box.y + 3);
  ctx.lineWidth = 2;
  panel.series.forEach((series, i) => {
    ctx.strokeStyle = COLOURS[i % COLOURS.length];
    ctx.beginPath();
    series.ys.forEach((y, k) => {
      if (y === null) return;
      const x = series.xs[k];
      if (k > 0 && series.ys[k - 1] !== null) ctx.lineTo(px(x), py(y));
      else ctx.moveTo(px(x), py(y));
      if (k + 1 < series.xs.length) ctx.lineTo(px(series.xs[k + 1]), py(y));
    });
    ctx.stroke();
  });
  // The deeds bought: a triangle on the buyer's line, the deed's square above it.
  ctx.font = `8px ${FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "bottom";
  for (const [x, y, index, square] of panel.purchases) {
    ctx.fillStyle = COLOURS[index % COLOURS.length];
    ctx.beginPath();
    ctx.moveTo(px(x) - 4, py(y) - 4);
    ctx.lineTo(px(x) + 4, py(y) - 4);
    ctx.lineTo(px(x), py(y) + 3);
    ctx.closePath();
    ctx.fill();
    ctx.fillText(String(square), px(x), py(y) - 6);
  }
  // The gaps: a red dashed line and how many records are missing.
  ctx.strokeStyle = "red";
  ctx.fillStyle = "red";
  ctx.lineWidth = 1;
  ctx.setLineDash([4, 3]);
  ctx.font = `10px ${FONT}`;
  for (const [x, text] of panel.gaps) {
    line(ctx, px(x), box.y, px(x), box.y + box.h);
    ctx.save();
    ctx.translate(px(x) - 3, box.y + 4);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = "right";
    ctx.fillText(text, 0, 0);
    ctx.restore();
  }
  ctx.setLineDash([]);
  ctx.restore();
  legend(ctx, panel, box, words.purchases);
  standings(ctx, panel.standings || [], box, words.standings);
}

// The final standings' box, right of the panel's top corner: its title, then a line a place.
const STANDINGS_TITLE = "Final standings";
const PURCHASES_LABEL = "deed bought (square)";
const STANDINGS_FONT = `${SIZES["x-small"]}px monospace`;
const STANDINGS_GAP = 10; // between the panel and the box

function standingsWidth(ctx, panels, title) {
  ctx.save();
  ctx.font = STANDINGS_FONT;
  let widest = 0;
  for (const panel of panels) {
    for (const text of panel.standings || []) widest = Math.max(widest, ctx.measureText(text).width);
    if ((panel.standings || []).length) widest = Math.max(widest, ctx.measureText(title).width);
  }
  ctx.restore();
  return widest ? Math.ceil(widest) + 12 + STANDINGS_GAP : 0;
}

function standings(ctx, lines, box, title) {
  if (!lines.length) return;
  const rows = [title, ...lines];
  const pitch = SIZES["x-small"] + 3;
  ctx.font = STANDINGS_FONT;
  const w = Math.ceil(Math.max(...rows.map((text) => ctx.measureText(text).width))) + 12;
  const x = box.x + box.w + STANDINGS_GAP;
  ctx.fillStyle = "#fff";
  ctx.strokeStyle = "lightgrey";
  ctx.lineWidth = 1;
  ctx.fillRect(x, box.y, w, rows.length * pitch + 8);
  ctx.strokeRect(x, box.y, w, rows.length * pitch + 8);
  ctx.fillStyle = "#000";
  ctx.textAlign = "left";
  ctx.textBaseline = "top";
  rows.forEach((text, i) => ctx.fillText(text, x + 6, box.y + 4 + i * pitch));
}

function legend(ctx, panel, box, purchases) {
  const [size, columns] = panel.legend;
  const font = SIZES[size] || 10;
  const entries = panel.series.map((s, i) => [s.label, COLOURS[i % COLOURS.length], "line"]);
  if (panel.purchases.length) entries.push([purchases, "dimgrey", "triangle"]);
  if (!entries.length) return;
  ctx.font = `${font}px ${FONT}`;
  const width = Math.max(...entries.map(([text]) => ctx.measureText(text).width)) + 28;
  const cols = Math.min(columns, entries.length);
  const rows = Math.ceil(entries.length / cols);
  const pitch = font + 4;
  const w = cols * width + 6;
  const h = rows * pitch + 6;
  const x = box.x + box.w - w - 6;
  const y = box.y + 6;
  ctx.fillStyle = "rgba(255,255,255,0.8)";
  ctx.strokeStyle = "#ccc";
  ctx.setLineDash([]);
  ctx.fillRect(x, y, w, h);
  ctx.strokeRect(x, y, w, h);
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  entries.forEach(([text, colour, mark], i) => {
    const ex = x + 4 + (i % cols) * width;
    const ey = y + 3 + Math.floor(i / cols) * pitch + pitch / 2;
    ctx.strokeStyle = colour;
    ctx.fillStyle = colour;
    ctx.lineWidth = 1.5;
    if (mark === "line") line(ctx, ex, ey, ex + 18, ey);
    else {
      ctx.beginPath();
      ctx.moveTo(ex + 5, ey - 4);
      ctx.lineTo(ex + 13, ey - 4);
      ctx.lineTo(ex + 9, ey + 3);
      ctx.closePath();
      ctx.fill();
    }
    ctx.fillStyle = "#000";
    ctx.fillText(text, ex + 22, ey);
  });
}

function line(ctx, x0, y0, x1, y1) {
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
}

// What the chart says of itself, in English (host_sim/history.py DESCRIBED; the chart's "words"
// give them in the unit's language): %s and %d filled in order.
const DESCRIBED = {
  over: "%s, over %d transactions",
  none: "no lines",
  bought: "%d deeds bought",
  gaps: "%d gaps where records are missing",
  undone_one: "%d transaction taken back",
  undone_many: "%d transactions taken back",
};

// What the chart shows, in words (the canvas's accessible name), in the chart's language: its
// title, each panel's lines and where each ends.
export function describeChart(chart, transactions) {
  const words = { ...DESCRIBED, standings: STANDINGS_TITLE, ...(chart.words || {}) };
  const parts = [fill(words.over, chart.title, transactions)];
  for (const panel of chart.panels) {
    const ends = panel.series.map((s) => {
      const last = [...s.ys].reverse().find((v) => v !== null);
      return last === undefined ? s.label : `${s.label} ${last}`;
    });
    parts.push(`${panel.ylabel}: ${ends.length ? ends.join(", ") : words.none}`);
    if (panel.purchases.length) parts.push(fill(words.bought, panel.purchases.length));
    if (panel.gaps.length) parts.push(fill(words.gaps, panel.gaps.length));
    const undone = (panel.undone || []).length;
    if (undone) parts.push(fill(undone === 1 ? words.undone_one : words.undone_many, undone));
    if ((panel.standings || []).length) parts.push(`${words.standings}: ${panel.standings.join(", ")}`);
  }
  return parts.join("; ");
}
