// Colour values of pi's theme JSON ("#rrggbb", an xterm-256 index, a var name, or "" for the
// terminal's default) turned into SGR escapes, in truecolor or the nearest of 256 colours.

export type ColorMode = "truecolor" | "256";
export type ColorValue = string | number;

/** Truecolor when the terminal says so (COLORTERM, Windows Terminal); 256 colours otherwise. */
export function detectColorMode(env: NodeJS.ProcessEnv = process.env): ColorMode {
  const colorterm = (env.COLORTERM ?? "").toLowerCase();
  if (colorterm === "truecolor" || colorterm === "24bit") return "truecolor";
  if (env.WT_SESSION) return "truecolor";
  if (/(truecolor|direct)/i.test(env.TERM ?? "")) return "truecolor";
  return "256";
}

/** Resolves a value through `vars` (vars may name other vars); throws on unknown names or loops. */
export function resolveValue(value: ColorValue, vars: Record<string, ColorValue>, seen: string[] = []): number | string {
  if (typeof value === "number") {
    if (!Number.isInteger(value) || value < 0 || value > 255) throw new Error(`${value} is not a colour index 0-255`);
    return value;
  }
  if (value === "" || /^#[0-9a-fA-F]{6}$/.test(value)) return value;
  if (!(value in vars)) throw new Error(`"${value}" is neither #rrggbb, 0-255, "" nor a var name`);
  if (seen.includes(value)) throw new Error(`vars loop: ${[...seen, value].join(" -> ")}`);
  return resolveValue(vars[value], vars, [...seen, value]);
}

/** The SGR escape setting a resolved colour as foreground (38) or background (48). */
export function sgr(color: number | string, mode: ColorMode, layer: "fg" | "bg"): string {
  const base = layer === "fg" ? 38 : 48;
  if (color === "") return `\x1b[${layer === "fg" ? 39 : 49}m`;
  if (typeof color === "number") return `\x1b[${base};5;${color}m`;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  if (mode === "truecolor") return `\x1b[${base};2;${r};${g};${b}m`;
  return `\x1b[${base};5;${nearest256(r, g, b)}m`;
}

const CUBE = [0, 95, 135, 175, 215, 255];

/** The closest xterm-256 colour: the best of the 6x6x6 cube and the grey ramp. */
export function nearest256(r: number, g: number, b: number): number {
  const idx = (v: number) => CUBE.reduce((best, c, i) => (Math.abs(c - v) < Math.abs(CUBE[best] - v) ? i : best), 0);
  const [ri, gi, bi] = [idx(r), idx(g), idx(b)];
  const cube = 16 + 36 * ri + 6 * gi + bi;
  const cubeDist = dist(r, g, b, CUBE[ri], CUBE[gi], CUBE[bi]);
  const avg = (r + g + b) / 3;
  const greyIndex = Math.max(0, Math.min(23, Math.round((avg - 8) / 10)));
  const grey = 8 + greyIndex * 10;
  return dist(r, g, b, grey, grey, grey) < cubeDist ? 232 + greyIndex : cube;
}

function dist(r1: number, g1: number, b1: number, r2: number, g2: number, b2: number): number {
  return (r1 - r2) ** 2 + (g1 - g2) ** 2 + (b1 - b2) ** 2;
}
