// pi's start-up order in the interactive UI, in a virtual terminal: problems raised while the
// agent starts (a pi extension whose factory throws) are shown once the app is up and listed by
// /diagnostics, in the inline and the full-screen UI; extensions' session_start handlers run with
// the UI bound (ctx.hasUI is true, setStatus reaches the footer, setTheme selects the theme).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import piCompat from "../../plugins/pi-compat/index.js";
import { KEYS, startUi, type UiHarness } from "./harness.js";

const dir = mkdtempSync(join(tmpdir(), "pik-lifecycle-"));
const broken = join(dir, "broken.ts");
writeFileSync(broken, `export default function () { throw new Error("the factory fell over"); }\n`);
const starter = join(dir, "starter.ts");
writeFileSync(
  starter,
  `export default function (pi) {
  pi.on("session_start", (event, ctx) => {
    ctx.ui.setStatus("starter", "started with hasUI=" + ctx.hasUI + " (" + event.reason + ")");
    ctx.ui.setWidget("starter", ["widget from session_start"]);
    const chosen = ctx.ui.setTheme("light");
    if (!chosen.success) ctx.ui.notify("setTheme failed: " + chosen.error, "error");
  });
}
`,
);

let h: UiHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(["inline", "fullscreen"])("start-up in the %s UI", (ui) => {
  it("shows a plugin that failed to load, and /diagnostics lists it with its source and code", async () => {
    h = await startUi({ flags: { ui }, plugins: [piCompat], extensions: [broken, starter] });
    let text = await h.waitFor(/A problem at start-up/);
    expect(text).toMatch(/error: broken: setup failed in .*broken\.ts: the factory fell over/);
    await h.send("/diagnostics");
    await h.send(KEYS.enter);
    text = await h.waitFor(/Diagnostics of this run/);
    expect(text).toMatch(/error\s+plugin-setup\s+broken · .*broken\.ts/);
    expect(text).toMatch(/the factory fell over/);
  });

  it("runs session_start with the UI bound: hasUI is true, the status, widget and theme land", async () => {
    h = await startUi({ flags: { ui }, plugins: [piCompat], extensions: [starter] });
    const text = await h.waitFor(/started with hasUI=true \(startup\)/);
    expect(text).toMatch(/widget from session_start/);
    expect(text).not.toMatch(/setTheme failed/);
    const themes = h.kernel.service("themes");
    expect(themes?.current().name).toBe("light");
  });
});

it("/diagnostics says so when the run has none", async () => {
  h = await startUi();
  await h.send("/diagnostics");
  await h.send(KEYS.enter);
  await h.waitFor(/No diagnostics in this run\./);
});
