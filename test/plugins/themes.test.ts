import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import themesPlugin from "../../plugins/themes/index.js";
import { nearest256, sgr } from "../../plugins/themes/color.js";
import { parseTheme } from "../../plugins/themes/theme-file.js";
import { COLOR_TOKENS, type Theme } from "../../lib/tui/index.js";
import type { ThemesService } from "../../contracts/index.js";
import { definePlugin } from "../../kernel/index.js";
import { startKernel, type Harness } from "../kernel/harness.js";

const dark = JSON.parse(readFileSync(new URL("../../themes/dark.json", import.meta.url), "utf8"));
const CHOSEN = Symbol.for("pi-kernel.themes.chosen");

let dir: string;
let h: Harness | undefined;
let savedColorterm: string | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pik-themes-"));
  mkdirSync(join(dir, "agent", "themes"), { recursive: true });
  savedColorterm = process.env.COLORTERM;
  process.env.COLORTERM = "truecolor";
  delete (globalThis as Record<symbol, unknown>)[CHOSEN];
});
afterEach(async () => {
  await h?.kernel.stop();
  h = undefined;
  if (savedColorterm === undefined) delete process.env.COLORTERM;
  else process.env.COLORTERM = savedColorterm;
  rmSync(dir, { recursive: true, force: true });
});

async function themes(settings: Record<string, unknown> = {}, flags: Record<string, unknown> = {}): Promise<ThemesService> {
  h = await startKernel([themesPlugin], { cwd: dir, agentDir: join(dir, "agent"), settings, flags });
  return h.kernel.host.current.services.get("themes")!.impl as ThemesService;
}

function custom(name: string, accent: string) {
  return { ...dark, name, vars: { ...dark.vars, mine: accent }, colors: { ...dark.colors, accent: "mine" } };
}

describe("theme files", () => {
  it("built-in dark and light define all 51 tokens", () => {
    expect(COLOR_TOKENS).toHaveLength(51);
    for (const name of ["dark", "light"]) {
      const json = JSON.parse(readFileSync(new URL(`../../themes/${name}.json`, import.meta.url), "utf8"));
      expect(Object.keys(parseTheme(json, name).colors)).toHaveLength(51);
    }
  });

  it("resolves vars, indices and the terminal default; reports every problem", () => {
    const spec = parseTheme(
      { ...dark, vars: { ...dark.vars, a: "b", b: "#102030" }, colors: { ...dark.colors, accent: "a", border: 42, text: "" } },
      "t",
    );
    expect(spec.colors.accent).toBe("#102030");
    expect(spec.colors.border).toBe(42);
    expect(spec.colors.text).toBe("");
    const broken = { ...dark, vars: { ...dark.vars, x: "y", y: "x" }, colors: { ...dark.colors, accent: "x", border: 300, error: "nope" } };
    delete broken.colors.mdHr;
    expect(() => parseTheme(broken, "bad.json")).toThrow(
      /bad\.json.*colors\.accent: vars loop.*colors\.border: 300.*colors\.error: "nope".*colors\.mdHr is missing/,
    );
  });

  it("falls back to the nearest of 256 colours without truecolor", () => {
    expect(sgr("#ff0000", "truecolor", "fg")).toBe("\x1b[38;2;255;0;0m");
    expect(sgr("#ff0000", "256", "fg")).toBe("\x1b[38;5;196m");
    expect(sgr("#808080", "256", "bg")).toBe(`\x1b[48;5;${nearest256(128, 128, 128)}m`);
    expect(nearest256(128, 128, 128)).toBeGreaterThanOrEqual(232);
    expect(sgr(17, "256", "fg")).toBe("\x1b[38;5;17m");
    expect(sgr("", "256", "fg")).toBe("\x1b[39m");
  });
});

describe("themes service", () => {
  it("uses the `theme` setting, lists user and project themes, and switches on set()", async () => {
    writeFileSync(join(dir, "agent", "themes", "mine.json"), JSON.stringify(custom("mine", "#010203")));
    mkdirSync(join(dir, ".pi", "themes"), { recursive: true });
    writeFileSync(join(dir, ".pi", "themes", "proj.json"), JSON.stringify(custom("proj", "#040506")));
    const svc = await themes({ theme: "mine" });
    expect(svc.current().name).toBe("mine");
    expect(svc.current().fg("accent", "x")).toBe("\x1b[38;2;1;2;3mx\x1b[39m");
    expect(
      svc
        .list()
        .map((t) => `${t.name}:${t.source}`)
        .sort(),
    ).toEqual(["dark:builtin", "light:builtin", "mine:user", "proj:project"]);
    const seen: string[] = [];
    svc.onChange((t) => seen.push(t.name));
    svc.set("proj");
    expect(seen).toEqual(["proj"]);
    expect(() => svc.set("nope")).toThrow(/Unknown theme "nope". Available: dark, light, mine, proj/);
  });

  it("lists a package's themes as 'package' (a theme pack's folder), selectable by name, and none with --no-themes", async () => {
    mkdirSync(join(dir, "pack", "themes"), { recursive: true });
    for (const n of ["neon", "dusk"]) writeFileSync(join(dir, "pack", "themes", `${n}.json`), JSON.stringify(custom(n, "#0a0b0c")));
    const resources = definePlugin({
      name: "resources",
      provides: ["package-resources"],
      setup(api) {
        api.services.provide("package-resources", { skills: [], prompts: [], themes: [join(dir, "pack", "themes")], origins: [] });
      },
    });
    const start = async (flags: Record<string, unknown>) => {
      h = await startKernel([resources, themesPlugin], { cwd: dir, agentDir: join(dir, "agent"), settings: {}, flags });
      return h.kernel.host.current.services.get("themes")!.impl as ThemesService;
    };
    const svc = await start({});
    const mine = svc.list().filter((t) => t.source === "package");
    expect(mine.map((t) => t.name).sort()).toEqual(["dusk", "neon"]);
    expect(mine[0]!.path).toContain(join(dir, "pack", "themes"));
    svc.set("neon");
    expect(svc.current().name).toBe("neon");
    await h!.kernel.stop();
    h = undefined;
    expect((await start({ themes: false })).list().filter((t) => t.source === "package")).toEqual([]);
  });

  it("--theme takes a file path (and selects it) or a name; 256 colours without COLORTERM", async () => {
    delete process.env.COLORTERM;
    const file = join(dir, "cli.json");
    writeFileSync(file, JSON.stringify(custom("cli-theme", "#ff0000")));
    const svc = await themes({}, { theme: [file] });
    expect(svc.current().name).toBe("cli-theme");
    expect(svc.current().code("accent")).toBe("\x1b[38;5;196m");
    await h!.kernel.stop();
    h = undefined;
    expect((await themes({}, { theme: ["light"] })).current().name).toBe("light");
  });

  it("an invalid theme file is a diagnostic, and an unknown setting falls back", async () => {
    writeFileSync(join(dir, "agent", "themes", "broken.json"), "{ nope");
    const svc = await themes({ theme: "missing" });
    expect(["dark", "light"]).toContain(svc.current().name);
    const messages = h!.diagnostics.map((d) => d.message).join("\n");
    expect(messages).toMatch(/broken\.json/);
    expect(messages).toMatch(/theme "missing" not found/);
  });

  it("reloads the active theme file when it changes and keeps the last good one on bad JSON", async () => {
    const file = join(dir, "agent", "themes", "live.json");
    writeFileSync(file, JSON.stringify(custom("live", "#000001")));
    const svc = await themes({ theme: "live" });
    expect(svc.current().code("accent")).toBe("\x1b[38;2;0;0;1m");
    const next = () =>
      new Promise<Theme>((resolve) => {
        const off = svc.onChange((t) => {
          off();
          resolve(t);
        });
      });
    let changed = next();
    writeFileSync(file, JSON.stringify(custom("live", "#000002")));
    expect((await changed).code("accent")).toBe("\x1b[38;2;0;0;2m");
    writeFileSync(file, '{ "name": "live", "colors": {');
    await waitFor(() => h!.diagnostics.some((d) => /keeping the last good theme/.test(d.message)));
    expect(svc.current().code("accent")).toBe("\x1b[38;2;0;0;2m");
    changed = next();
    writeFileSync(file, JSON.stringify(custom("live", "#000003")));
    expect((await changed).code("accent")).toBe("\x1b[38;2;0;0;3m");
  });
});

async function waitFor(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}
