// Issue 30 point 9 in the inline UI (a virtual terminal): the /permissions picker opens on the current
// mode, the footer shows a mode that is not yolo whichever way it was chosen, Esc on a permission
// dialog refuses the call and ends the run (no further model request), and an edit's dialog shows
// the change it asks about as a diff.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import commandsCore from "../../plugins/commands-core/index.js";
import permissions from "../../plugins/permissions/index.js";
import { KEYS, startUi, type UiHarness } from "./harness.js";

let h: UiHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const plugins = [commandsCore, permissions];

describe("permission UI", () => {
  it("the /permissions picker opens on the current mode", async () => {
    h = await startUi({ plugins, flags: { permissionMode: "accept-edits" } });
    await h.send("/permissions");
    await h.send(KEYS.enter);
    const screen = await h.waitFor(/Permission mode/);
    expect(screen).toMatch(/› ● accept-edits/);
    await h.send(KEYS.escape);
  });

  it("the footer shows a mode given with --permission-mode", async () => {
    h = await startUi({ plugins, flags: { permissionMode: "read-only" } });
    await h.waitFor(/mode: read-only/);
  });

  it("the full-screen UI's footer shows it too", async () => {
    h = await startUi({ plugins, flags: { permissionMode: "read-only", ui: "fullscreen" } });
    await h.waitFor(/mode: read-only/);
  });

  it("the footer shows a mode from the settings", async () => {
    h = await startUi({
      plugins,
      beforeStart: (agentDir) => writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ permissions: { mode: "accept-edits" } })),
    });
    await h.waitFor(/mode: accept-edits/);
  });

  it("Esc on a permission dialog refuses the call and stops the run", async () => {
    h = await startUi({ plugins, flags: { permissionMode: "ask" } });
    h.sim.script({ toolCalls: [{ name: "write", arguments: { path: "made.txt", content: "hi\n" } }] }, { text: "SHOULD NOT BE ASKED FOR" });
    await h.send("make the file");
    await h.send(KEYS.enter);
    await h.waitFor(/Allow once/);
    const before = h.sim.requests.length;
    await h.send(KEYS.escape);
    await h.kernel.agent.waitForIdle();
    await h.waitFor((s) => !/Allow once/.test(s) && !/Working/.test(s));
    expect(existsSync(join(h.project, "made.txt"))).toBe(false);
    expect(h.sim.requests.length).toBe(before);
    expect(await h.screen()).not.toContain("SHOULD NOT BE ASKED FOR");
  });

  it("an edit's dialog shows its diff", async () => {
    h = await startUi({ plugins, flags: { permissionMode: "ask" }, rows: 40 });
    mkdirSync(join(h.project, "src"), { recursive: true });
    writeFileSync(join(h.project, "src", "notes.txt"), "alpha\nbeta\ngamma\n");
    h.sim.script(
      { toolCalls: [{ name: "edit", arguments: { path: "src/notes.txt", edits: [{ oldText: "beta", newText: "BETA" }] } }] },
      { text: "edited" },
    );
    await h.send("edit it");
    await h.send(KEYS.enter);
    const dialog = await h.waitFor(/Allow once/);
    expect(dialog).toMatch(/^-beta/m);
    expect(dialog).toMatch(/^\+BETA/m);
    // Only a proposal: nothing is written until it is allowed.
    expect(readFileSync(join(h.project, "src", "notes.txt"), "utf8")).toBe("alpha\nbeta\ngamma\n");
    await h.send(KEYS.enter);
    await h.waitFor(/edited/);
    expect(readFileSync(join(h.project, "src", "notes.txt"), "utf8")).toBe("alpha\nBETA\ngamma\n");
  });

  it("a write's dialog shows the new file's lines", async () => {
    h = await startUi({ plugins, flags: { permissionMode: "ask" }, rows: 40 });
    h.sim.script(
      { toolCalls: [{ name: "write", arguments: { path: "new.txt", content: "first line\nsecond line\n" } }] },
      { text: "written" },
    );
    await h.send("write it");
    await h.send(KEYS.enter);
    const dialog = await h.waitFor(/Allow once/);
    expect(dialog).toMatch(/^\+first line/m);
    expect(dialog).toMatch(/^\+second line/m);
    await h.send(KEYS.enter);
    await h.waitFor(/written/);
  });
});
