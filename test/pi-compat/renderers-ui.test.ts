// pi's display registrations drawn by both interactive UIs in a virtual terminal (@xterm/headless):
// registerEntryRenderer (a card appended with appendEntry), registerMarkdownTransformer (user and
// assistant text), registerToolRenderer (a call to a tool nobody registered), and notifications
// with pi's "Error:" / "Warning:" prefix; entries drawn again, in order, when the session is resumed.
// The extension is test/fixtures/pi-extensions/display-tour.ts.
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import piCompat from "../../plugins/pi-compat/index.js";
import sessionCommands from "../../plugins/session-commands/index.js";
import sessionJsonl from "../../plugins/session-jsonl/index.js";
import type { SessionsService } from "../../contracts/index.js";
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

  it("draws a resumed session's custom entries again, in order among its messages", { timeout: 60_000 }, async () => {
    h = await startUi({ flags: { ui }, plugins: [sessionJsonl, sessionCommands, piCompat], extensions: [TOUR] });
    await run(h, "/card Before");
    h.sim.script({ text: "first answer" });
    await run(h, "hello");
    await h.waitFor(/first answer/);
    await run(h, "/card Middle");
    await run(h, "/state hidden-value");
    h.sim.script({ text: "second answer" });
    await run(h, "again");
    await h.waitFor(/second answer/);
    await run(h, "/card After");
    await h.waitFor(/CARD After/);
    const sessions = h.kernel.host.current.services.get("sessions")!.impl as SessionsService;
    const file = sessions.file!;
    await run(h, "/new");
    await h.waitFor((t) => !/first answer/.test(t));
    await run(h, `/resume ${file}`);
    const s = await h.waitFor(/CARD After/);
    const order = ["CARD Before", "hello", "first answer", "CARD Middle", "again", "second answer", "CARD After"].map((x) => s.indexOf(x));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(s.match(/CARD Middle/g)).toHaveLength(1);
    expect(s).not.toMatch(/hidden-value/);
  });
});
