// /settings in the interactive UIs: the screen opens in place of the editor (floating in the
// full-screen UI), ↑/↓ move, Enter/→ change a value, Esc closes; changes apply at once (footer,
// colours) and are written to the global settings.json.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import settingsPlugin from "../../plugins/settings/index.js";
import { KEYS, startUi, type UiHarness } from "./harness.js";

const CHOSEN = Symbol.for("pi-kernel.themes.chosen");
let h: UiHarness | undefined;
let previousColorterm: string | undefined;

beforeEach(() => {
  previousColorterm = process.env.COLORTERM;
  process.env.COLORTERM = "truecolor";
});
afterEach(async () => {
  await h?.close();
  h = undefined;
  delete (globalThis as Record<symbol, unknown>)[CHOSEN];
  if (previousColorterm === undefined) delete process.env.COLORTERM;
  else process.env.COLORTERM = previousColorterm;
});

const saved = () => JSON.parse(readFileSync(join(h!.agentDir, "settings.json"), "utf8"));
// The selected row (inside the full-screen UI's box too).
const selected = (text: string) => /› (.*?)\s*│?$/m.exec(text)?.[1] ?? "";

async function openSettings(): Promise<string> {
  await h!.send("/settings");
  await h!.send(KEYS.enter);
  return h!.waitFor(/Settings[\s\S]*Auto-compact\s+on[\s\S]*esc close/);
}

/** Moves down until the selected row starts with `label`. */
async function select(label: string): Promise<void> {
  for (let i = 0; i < 12 && !selected((await h!.screen()).join("\n")).startsWith(label); i++) await h!.send(KEYS.down);
  expect(selected((await h!.screen()).join("\n"))).toMatch(new RegExp(`^${label}`));
}

describe("/settings", () => {
  it("changes the thinking level and the theme live, writes them, and closes with Esc (inline)", async () => {
    h = await startUi({ extraModels: true, flags: { provider: "sim", model: "sim-other", thinking: "medium" }, plugins: [settingsPlugin] });
    await h.waitFor(/sim-other • medium/);
    await openSettings();
    await select("Thinking level");
    expect(selected((await h.screen()).join("\n"))).toMatch(/Thinking level\s+medium/);
    await h.send(KEYS.enter);
    await h.waitFor(/› Thinking level\s+high/);
    await h.waitFor(/sim-other • high/); // the footer follows at once
    const before = h.written().length;
    await select("Theme");
    await h.send("\x1b[C"); // right: the next theme
    await h.waitFor(/› Theme\s+light/);
    await h.waitFor(() => h!.written().slice(before).includes("38;2;11;92;173")); // light's accent
    await h.send(KEYS.escape);
    await h.waitFor((text) => !text.includes("esc close"));
    expect(saved()).toEqual({ defaultThinkingLevel: "high", theme: "light" });
    // The editor is back: typing goes to it.
    await h.send("hello");
    await h.waitFor(/hello/);
  });

  it("opens floating in the full-screen UI and toggles a setting with space", async () => {
    h = await startUi({ flags: { ui: "fullscreen" }, plugins: [settingsPlugin] });
    await openSettings();
    await select("Steering mode");
    await h.send(" ");
    await h.waitFor(/› Steering mode\s+all/);
    expect(h.kernel.agent.steeringMode).toBe("all");
    await h.send(KEYS.up); // wraps to the previous row
    await select("Hide thinking");
    await h.send("\x1b[D"); // left: the previous value
    await h.waitFor(/› Hide thinking\s+on/);
    await h.send(KEYS.escape);
    await h.waitFor((text) => !text.includes("esc close"));
    expect(saved()).toEqual({ steeringMode: "all", hideThinkingBlock: true });
    await h.send(KEYS.ctrlT); // pi remembers the toggle too
    expect(saved().hideThinkingBlock).toBe(false);
  });

  it("keeps working when the plugins are reloaded while it is open", async () => {
    h = await startUi({ plugins: [settingsPlugin] });
    await openSettings();
    await h.kernel.host.reload();
    await select("Steering mode");
    await h.send(KEYS.enter);
    const s = await h.waitFor(/› Steering mode\s+all/);
    expect(s).not.toMatch(/error:/);
    expect(saved()).toEqual({ steeringMode: "all" });
  });
});
