// pi's display registrations drawn by both interactive UIs in a virtual terminal (@xterm/headless):
// registerEntryRenderer (a card appended with appendEntry), registerMarkdownTransformer (user and
// assistant text), registerToolRenderer (a call to a tool nobody registered), and notifications
// with pi's "Error:" / "Warning:" prefix. The extension is test/fixtures/pi-extensions/display-tour.ts.
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import piCompat from "../../plugins/pi-compat/index.js";
import sessionJsonl from "../../plugins/session-jsonl/index.js";
import { KEYS, startUi, type UiHarness } from "../ui/harness.js";

const TOUR = fileURLToPath(new URL("../fixtures/pi-extensions/display-tour.ts", import.meta.url));

let h: UiHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function run(ui: UiHarness, command: string): Promise<void> {
  await ui.send(command);
  await ui.send(KEYS.enter);
}

describe.each(["inline", "fullscreen"])("pi's display registrations in the %s UI", (ui) => {
  it("draws entries, transformed Markdown, resolved tool rows and prefixed notifications", { timeout: 60_000 }, async () => {
    h = await startUi({ flags: { ui }, plugins: [sessionJsonl, piCompat], extensions: [TOUR] });
    await run(h, "/card Indexed files");
    await h.waitFor(/CARD Indexed files/);
    await h.send(KEYS.ctrlO);
    await h.waitFor(/CARD Indexed files \[expanded\]/);
    // An entry without a renderer is the extension's state: never drawn.
    await run(h, "/state hidden-value");
    await run(h, "/say error disk full");
    await run(h, "/say warning low battery");
    await run(h, "/say info all good");
    let s = await h.waitFor(/Warning: low battery/);
    expect(s).toMatch(/Error: disk full/);
    expect(s).toMatch(/all good/);
    expect(s).not.toMatch(/Info: all good/);
    expect(s).not.toMatch(/hidden-value/);

    h.sim.script({ toolCalls: [{ name: "ghost", arguments: { what: "boo" } }] }, { text: "from a --> b" });
    await run(h, "go x --> y");
    s = await h.waitFor(/from a =A=> b/);
    expect(s).toMatch(/go x =U=> y/);
    expect(s).toMatch(/GHOST CALL boo/);
    // Display only: the model got the text as written.
    expect(JSON.stringify(h.sim.requests[0]!.body.messages)).toContain("go x --> y");
  });
});
