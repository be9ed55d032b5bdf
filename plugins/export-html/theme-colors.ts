// The colours of the HTML export: the active theme's JSON (its vars resolved, plus its `export`
// section for page backgrounds), or the built-in dark palette when no theme can be read.
import { readFileSync } from "node:fs";
import type { PluginApi } from "pi-kernel";

export interface ExportColors {
  [token: string]: string;
}

const FALLBACK: ExportColors = {
  pageBg: "#1e2127",
  cardBg: "#262a31",
  infoBg: "#2e3440",
  text: "#d7dae0",
  muted: "#7f848e",
  dim: "#4b5263",
  accent: "#5fafff",
  border: "#4b5263",
  success: "#8cc265",
  error: "#ef5f6b",
  warning: "#e5c07b",
  userMessageBg: "#2c313a",
  customMessageBg: "#2a2835",
  toolSuccessBg: "#1f2a22",
  toolErrorBg: "#35222a",
  toolTitle: "#d7dae0",
  toolOutput: "#7f848e",
  thinkingText: "#7f848e",
  mdHeading: "#e5c07b",
  mdCode: "#56c8d8",
  toolDiffAdded: "#8cc265",
  toolDiffRemoved: "#ef5f6b",
  toolDiffContext: "#7f848e",
  selectedBg: "#3a3f4b",
};

export function exportColors(api: PluginApi): ExportColors {
  try {
    if (!api.services.has("themes")) return FALLBACK;
    const themes = api.services.use("themes");
    const name = themes.current().name;
    const path = themes.list().find((t) => t.name === name)?.path;
    return path ? { ...FALLBACK, ...resolveTheme(JSON.parse(readFileSync(path, "utf8"))) } : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

function resolveTheme(json: {
  vars?: Record<string, string>;
  colors?: Record<string, string>;
  export?: Record<string, string>;
}): ExportColors {
  const vars = json.vars ?? {};
  const out: ExportColors = {};
  const value = (v: string | undefined) => (v && vars[v] ? vars[v] : v);
  for (const [token, v] of Object.entries(json.colors ?? {})) {
    const hex = value(v);
    if (hex && /^#[0-9a-fA-F]{6}$/.test(hex)) out[token] = hex;
  }
  for (const [token, v] of Object.entries(json.export ?? {})) {
    const hex = value(v);
    if (hex) out[token] = hex;
  }
  return out;
}
