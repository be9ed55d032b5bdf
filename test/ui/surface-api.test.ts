// The surface API in both interactive UIs: a pi extension (a real file, loaded like `-e`, pi's
// package names aliased to ours) registers a shortcut, message renderers, a tool with
// renderCall/renderResult, and commands that open ctx.ui.custom with a pi-tui SelectList and set
// a component widget. Keys go in as terminal bytes; assertions are on the rendered screen.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import piCompat from "../../plugins/pi-compat/index.js";
import { KEYS, startUi, type UiHarness } from "./harness.js";

/** Ctrl+Shift+K and Ctrl+Shift+X in the Kitty keyboard protocol (modifier 6 = ctrl+shift). */
const CTRL_SHIFT_K = "\x1b[107;6u";
const CTRL_SHIFT_X = "\x1b[120;6u";

const EXTENSION = `
import { Container, SelectList, Text } from "@mariozechner/pi-tui";
import { Type } from "@sinclair/typebox";

export default function (pi) {
  pi.registerShortcut("Ctrl+Shift+K", { description: "Say hello", handler: (ctx) => ctx.ui.notify("hello from the shortcut") });
  pi.registerShortcut("ctrl+shift+x", { description: "Breaks", handler: () => { throw new Error("shortcut boom"); } });
  pi.registerShortcut("ctrl+l", { description: "Wants the model key", handler: (ctx) => ctx.ui.notify("should never run") });

  pi.registerMessageRenderer("note", (message, { expanded }, theme) =>
    new Text(theme.fg("accent", "NOTE>> " + message.content + (expanded ? " [expanded]" : " [collapsed]")), 0, 0));
  pi.registerMessageRenderer("broken", () => { throw new Error("renderer boom"); });
  pi.registerCommand("note", { handler: async (args) => pi.sendMessage({ customType: "note", content: args, display: true }) });
  pi.registerCommand("broken", { handler: async (args) => pi.sendMessage({ customType: "broken", content: args, display: true }) });
  pi.registerCommand("secret", { handler: async (args) => pi.sendMessage({ customType: "note", content: args, display: false }) });

  pi.registerTool({
    name: "weather", label: "Weather", description: "The weather in a city",
    parameters: Type.Object({ city: Type.String() }),
    async execute(_id, params) { return { content: [{ type: "text", text: "sunny" }], details: { temp: 21, city: params.city } }; },
    renderCall(args, theme, context) {
      context.state.calls = (context.state.calls ?? 0) + 1;
      return new Text(theme.fg("toolTitle", "WEATHER CALL " + args.city), 0, 0);
    },
    renderResult(result, { expanded, isPartial }, _theme, context) {
      const shared = context.state.calls > 0 ? " shared-state" : "";
      return new Text("WEATHER RESULT " + result.details.temp + "C" + (isPartial ? " partial" : "") + (expanded ? " expanded" : "") + shared, 0, 0);
    },
  });

  pi.registerTool({
    name: "flaky", label: "Flaky", description: "Draws badly",
    parameters: Type.Object({}),
    async execute() { return { content: [{ type: "text", text: "flaky output" }] }; },
    renderResult() { throw new Error("result boom"); },
  });

  pi.registerCommand("crash", {
    handler: async (_args, ctx) => {
      const value = await ctx.ui.custom(() => ({ render: () => { throw new Error("overlay boom"); } }));
      ctx.ui.notify("crash dialog answered " + value);
    },
  });

  pi.registerCommand("pick", {
    handler: async (_args, ctx) => {
      const choice = await ctx.ui.custom((tui, theme, keybindings, done) => {
        const list = new SelectList([{ value: "alpha", label: "Alpha" }, { value: "beta", label: "Beta" }], 5);
        list.onSelect = (item) => done(item.value);
        list.onCancel = () => done(undefined);
        const box = new Container();
        box.addChild(new Text(theme.fg("accent", "Pick one of " + (tui.terminal.columns > 0 ? "two" : "?")), 0, 0));
        box.addChild(list);
        return {
          render: (width) => box.render(width),
          invalidate: () => box.invalidate(),
          handleInput: (data) => {
            if (keybindings.matches(data, "tui.select.cancel")) return done("cancelled by keybinding");
            list.handleInput(data);
            tui.requestRender();
          },
        };
      });
      ctx.ui.notify("picked: " + choice);
    },
  });

  pi.registerCommand("ticker", {
    handler: async (_args, ctx) => {
      let n = 0;
      ctx.ui.setWidget("ticker", (tui) => {
        globalThis.__surfaceTick = () => { n++; tui.requestRender(); };
        return { render: () => ["TICKER " + n], dispose: () => { globalThis.__surfaceTickerDisposed = true; } };
      });
    },
  });
}
`;

let dir: string;
let h: UiHarness | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "pik-surface-"));
  writeFileSync(join(dir, "surface-ext.ts"), EXTENSION);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await h?.close();
  h = undefined;
  delete (globalThis as { __surfaceTick?: unknown }).__surfaceTick;
  delete (globalThis as { __surfaceTickerDisposed?: unknown }).__surfaceTickerDisposed;
});

const start = (ui: string) => startUi({ flags: { ui }, plugins: [piCompat], extensions: [join(dir, "surface-ext.ts")] });

async function run(ui: UiHarness, command: string): Promise<void> {
  await ui.send(command);
  await ui.send(KEYS.enter);
}

describe.each(["inline", "fullscreen"])("surface API in the %s UI", (name) => {
  it("runs a plugin shortcut, keeps reserved keys for the app, and reports a failing one", async () => {
    h = await start(name);
    // The conflicting shortcut was announced at start and the built-in keeps its key.
    await h.waitFor(/Shortcut ctrl\+l from .* is skipped: the key belongs to the built-in app\.model\.select/);
    await h.send(CTRL_SHIFT_K);
    await h.waitFor(/hello from the shortcut/);
    await h.send(CTRL_SHIFT_X);
    await h.waitFor(/Shortcut ctrl\+shift\+x from .*surface-ext.* failed: shortcut boom/);
    // The UI is still alive and takes keys.
    await h.send(CTRL_SHIFT_K);
    await h.waitFor((s) => s.split("hello from the shortcut").length === 3);
    await run(h, "/hotkeys");
    const s = await h.waitFor(/Extension shortcuts:/);
    expect(s).toMatch(/ctrl\+shift\+k\s+Say hello/);
    expect(s).toMatch(/ctrl\+l\s+Wants the model key .*skipped/);
    expect(s).not.toMatch(/should never run/);
  });

  it("draws custom messages with their renderer, follows Ctrl+O, falls back when it throws, hides display:false", async () => {
    h = await start(name);
    await run(h, "/note first note");
    await h.waitFor(/NOTE>> first note \[collapsed\]/);
    await h.send(KEYS.ctrlO);
    await h.waitFor(/NOTE>> first note \[expanded\]/);
    await run(h, "/secret not for the screen");
    await run(h, "/broken plain body");
    const s = await h.waitFor(/message renderer "broken" from .*surface-ext.* failed .*renderer boom/);
    expect(s).toMatch(/\[broken\]/);
    expect(s).toMatch(/plain body/);
    expect(s).not.toMatch(/not for the screen/);
    // Drawn once, though adding it outside a turn both replaces the message list and emits it.
    expect(s.match(/\[broken\]/g)).toHaveLength(1);
    expect(s.match(/renderer boom/g)).toHaveLength(1);
  });

  it("draws a tool row with the tool's renderCall and renderResult", async () => {
    h = await start(name);
    h.sim.script(
      {
        toolCalls: [
          { name: "weather", arguments: { city: "Paris" } },
          { name: "flaky", arguments: {} },
        ],
      },
      { text: "It is sunny." },
    );
    await run(h, "weather?");
    let s = await h.waitFor(/It is sunny\./);
    // A throwing renderResult: the default body, and a report naming the extension.
    s = await h.waitFor(/renderResult of tool "flaky" from .*surface-ext.* failed .*result boom/);
    expect(s).toMatch(/flaky output/);
    expect(s).toMatch(/WEATHER CALL Paris/);
    expect(s).toMatch(/WEATHER RESULT 21C shared-state/);
    expect(s).not.toMatch(/WEATHER RESULT 21C partial/);
    expect(s).not.toMatch(/weather \{"city"/); // not the default summary
    await h.send(KEYS.ctrlO);
    s = await h.waitFor(/WEATHER RESULT 21C expanded/);
  });

  it("opens ctx.ui.custom with a pi-tui SelectList and resolves with the picked item", async () => {
    h = await start(name);
    await run(h, "/pick");
    await h.waitFor((s) => /Pick one of two/.test(s) && /→ Alpha/.test(s));
    await h.send(KEYS.down);
    await h.waitFor(/→ Beta/);
    await h.send(KEYS.enter);
    const s = await h.waitFor(/picked: beta/);
    expect(s).not.toMatch(/Pick one of two/);
    // Cancelling through the injected keybindings resolves with what the component chose.
    await run(h, "/pick");
    await h.waitFor(/Pick one of two/);
    await h.send(KEYS.escape);
    await h.waitFor(/picked: cancelled by keybinding/);
  });

  it("closes a custom component that throws, reports it, and keeps the UI running", async () => {
    h = await start(name);
    await run(h, "/crash");
    await h.waitFor((s) => /custom component failed in render: overlay boom/.test(s) && /crash dialog answered undefined/.test(s));
    await run(h, "/note still alive");
    await h.waitFor(/NOTE>> still alive/);
  });

  it("draws a component widget and redraws it on tui.requestRender", async () => {
    h = await start(name);
    await run(h, "/ticker");
    await h.waitFor(/TICKER 0/);
    (globalThis as unknown as { __surfaceTick: () => void }).__surfaceTick();
    await h.waitFor(/TICKER 1/);
  });
});

describe("surface API across a reload", () => {
  it("follows the registry: an edited extension's shortcut and renderer take over, a removed one is gone", async () => {
    const file = join(dir, "reloaded-ext.ts");
    const version = (n: number, shortcut: boolean) =>
      writeFileSync(
        file,
        `
      import { Text } from "@mariozechner/pi-tui";
      export default function (pi) {
        ${shortcut ? `pi.registerShortcut("alt+k", { handler: (ctx) => ctx.ui.notify("shortcut v${n}") });` : ""}
        pi.registerMessageRenderer("note", (m) => new Text("V${n} " + m.content, 0, 0));
        pi.registerCommand("note", { handler: async (args) => pi.sendMessage({ customType: "note", content: args, display: true }) });
      }
    `,
      );
    version(1, true);
    h = await startUi({ plugins: [piCompat], extensions: [file] });
    await h.send("\x1bk");
    await h.waitFor(/shortcut v1/);
    await run(h, "/note hello");
    await h.waitFor(/V1 hello/);
    version(2, true);
    await h.kernel.host.reload([file]);
    await h.send("\x1bk");
    // The message already on screen is drawn by the new renderer too.
    await h.waitFor((s) => /shortcut v2/.test(s) && /V2 hello/.test(s));
    version(3, false);
    await h.kernel.host.reload([file]);
    await h.send("\x1bk");
    await h.send("x");
    const s = await h.waitFor(/V3 hello/);
    expect(s).not.toMatch(/shortcut v3/);
  });
});
