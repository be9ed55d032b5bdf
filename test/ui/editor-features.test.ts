// The editor's paste and image features in the interactive UIs against the LLM simulator: large
// pastes as atomic `[paste #N …]` markers expanded on submit (history, queue and Esc-restore keep
// the full text), images from dropped or typed file paths and from the clipboard (a fake `xclip`
// on PATH) reaching the provider as image parts. Ctrl+Z is covered in tmux.test.ts.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, afterAll, describe, expect, it } from "vitest";

import { EditorModel } from "../../lib/tui/index.js";
import { KEYS, startUi, type UiHarness } from "./harness.js";
import type { UiService } from "../../contracts/index.js";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const PASTE = Array.from({ length: 15 }, (_, i) => `pasted line ${i + 1}`).join("\n");
const LEFT = "\x1b[D";
const RIGHT = "\x1b[C";
const CTRL_V = "\x16";
const bracketed = (text: string) => `\x1b[200~${text}\x1b[201~`;

let h: UiHarness | undefined;
let scratch: string;
afterEach(async () => {
  await h?.close();
  h = undefined;
});
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "pik-editor-features-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type WireMessage = { role: string; content: unknown };
const lastUser = (ui: UiHarness): WireMessage =>
  (ui.sim.requests.at(-1)!.body.messages as WireMessage[]).filter((m) => m.role === "user").at(-1)!;
const userJson = (ui: UiHarness) => JSON.stringify(lastUser(ui));
const editorText = (ui: UiHarness) => (ui.kernel.host.current.services.get("ui")!.impl as UiService).getEditorText();

/** The simulator's model, made to accept images (models.json is written by the harness). */
const visionModel = (agentDir: string) => {
  const file = join(agentDir, "models.json");
  const json = JSON.parse(readFileSync(file, "utf8"));
  for (const m of json.providers.sim.models) m.input = ["text", "image"];
  writeFileSync(file, JSON.stringify(json));
};

describe("editor model: markers are atomic", () => {
  it("motion, deletion, word motion, kill and yank treat a marker as one unit; submit expands it", () => {
    const ed = new EditorModel();
    ed.insert("a ");
    ed.paste(PASTE);
    ed.insert(" b");
    expect(ed.getText()).toBe("a [paste #1 +15 lines] b");
    ed.left();
    ed.left();
    ed.left();
    expect(ed.col).toBe(2);
    ed.right();
    expect(ed.col).toBe("a [paste #1 +15 lines]".length);
    ed.backspace();
    expect(ed.getText()).toBe("a  b");
    ed.undo();
    ed.lineStart();
    ed.wordRight();
    ed.wordRight();
    expect(ed.col).toBe("a [paste #1 +15 lines]".length);
    ed.wordLeft();
    expect(ed.col).toBe(2);
    ed.deleteForward();
    expect(ed.getText()).toBe("a  b");
    ed.undo();
    ed.lineEnd();
    ed.wordLeft();
    ed.deleteWordBackward();
    expect(ed.getText()).toBe("a b");
    ed.yank();
    expect(ed.getText()).toBe("a [paste #1 +15 lines] b");
    const sent = ed.submit();
    expect(sent.text).toBe(`a ${PASTE} b`);
    expect(ed.getText()).toBe("");
    expect(ed.browseHistory(-1)).toBe(true);
    expect(ed.getText()).toBe(`a ${PASTE} b`);
  });

  it("a long single line becomes a chars marker; small pastes and stale markers stay text", () => {
    const ed = new EditorModel();
    ed.paste("x".repeat(1001));
    ed.paste("short\npaste");
    expect(ed.getText()).toBe("[paste #1 1001 chars]short\npaste");
    ed.setText("[paste #9 +20 lines] is just text");
    ed.lineStart();
    ed.right();
    expect(ed.col).toBe(1);
    expect(ed.submit().text).toBe("[paste #9 +20 lines] is just text");
  });

  it("only images whose markers remain are sent, in marker order", () => {
    const ed = new EditorModel();
    const img = (data: string) => ({ type: "image" as const, data, mimeType: "image/png" });
    ed.attachImage(img("one"));
    ed.attachImage(img("two"));
    ed.attachImage(img("three"));
    expect(ed.getText()).toBe("[image #1][image #2][image #3]");
    ed.left();
    ed.left();
    ed.backspace(); // removes [image #1]
    ed.setText("[image #3] then [image #2]");
    expect(ed.submit().images.map((i) => i.data)).toEqual(["three", "two"]);
    // A queued message coming back: its markers get fresh ids, in order; unmarked images are left over.
    const back = ed.attachments.reattach("[image #3] then [image #2] and [image #3]", [img("three"), img("two"), img("extra")]);
    expect(back.text).toBe("[image #1] then [image #2] and [image #1]");
    expect(back.rest.map((i) => i.data)).toEqual(["extra"]);
    expect(ed.attachments.submission(back.text).images.map((i) => i.data)).toEqual(["three", "two"]);
  });
});

describe("large pastes in the UI", () => {
  it("shows a marker, edits around it as a unit, sends the full text, and history brings it back", async () => {
    h = await startUi();
    h.sim.script({ text: "Got the paste." }, { text: "Got it again." });
    await h.send("before ");
    await h.send(bracketed(PASTE));
    await h.send(" after");
    let s = await h.waitFor(/before \[paste #1 \+15 lines\] after/);
    expect(s).not.toMatch(/pasted line 7/);
    for (let i = 0; i < 7; i++) await h.send(LEFT); // " after", then the whole marker
    await h.send("X");
    await h.waitFor(/before X\[paste #1 \+15 lines\] after/);
    await h.send(RIGHT);
    await h.send(KEYS.backspace);
    await h.waitFor(/before X after/);
    await h.send("\x1f"); // Ctrl+-: undo brings the marker back
    await h.waitFor(/before X\[paste #1 \+15 lines\] after/);
    await h.send(KEYS.enter);
    s = await h.waitFor(/Got the paste\./);
    expect(s).toMatch(/pasted line 15 after/); // the transcript shows what was sent
    expect(userJson(h)).toContain(JSON.stringify(`before X${PASTE} after`).slice(1, -1));
    await h.send(KEYS.up);
    expect(editorText(h)).toBe(`before X${PASTE} after`);
    await h.send(KEYS.enter);
    await h.waitFor(/Got it again\./);
    expect(userJson(h)).toContain(JSON.stringify(`before X${PASTE} after`).slice(1, -1));
  });

  it("a paste queued while working is sent in full; Esc puts it back in the editor intact", async () => {
    h = await startUi();
    h.sim.script({ toolCalls: [{ name: "bash", arguments: { command: "sleep 0.6" } }] }, { text: "Steered with the paste." });
    await h.send("start");
    await h.send(KEYS.enter);
    await h.waitFor(/\$ sleep 0\.6/);
    await h.send(bracketed(PASTE));
    await h.waitFor(/\[paste #1 \+15 lines\]/);
    await h.send(KEYS.enter);
    await h.waitFor(/Steering: pasted line 1 pasted line 2/);
    await h.waitFor(/Steered with the paste\./);
    expect(JSON.stringify(h.sim.requests.at(-1)!.body.messages)).toContain(JSON.stringify(PASTE).slice(1, -1));

    h.sim.script({ text: "This will stall somewhere in the middle", chunkSize: 4, fault: { kind: "stall", afterChunks: 3 } });
    await h.send("go");
    await h.send(KEYS.enter);
    await h.waitFor(/Working…/);
    await h.send(bracketed(PASTE));
    await h.send(KEYS.altEnter);
    await h.waitFor(/Follow-up: pasted line 1/);
    await h.send(KEYS.escape);
    await h.waitFor(/Aborted/);
    expect(editorText(h)).toBe(PASTE);
  });

  it("works the same in the full-screen UI", async () => {
    h = await startUi({ flags: { ui: "fullscreen" } });
    h.sim.script({ text: "Full-screen paste received." });
    await h.send(bracketed("y".repeat(1200)));
    await h.waitFor(/\[paste #1 1200 chars\]/);
    await h.send(KEYS.enter);
    await h.waitFor(/Full-screen paste received\./);
    expect(userJson(h)).toContain("y".repeat(1200));
  });
});

describe("images", () => {
  const imageUrl = `data:image/png;base64,${PNG.toString("base64")}`;

  it("a dropped image path (quoted, with a space) becomes [image #1] and is sent as an image", async () => {
    const file = join(scratch, "my shot.png");
    writeFileSync(file, PNG);
    h = await startUi({ beforeStart: visionModel });
    h.sim.script({ text: "I see a tiny image." });
    await h.send(bracketed(`'${file}' `));
    await h.waitFor(/^\[image #1\]\s*$/m);
    await h.send(" what is this?");
    await h.send(KEYS.enter);
    await h.waitFor(/I see a tiny image\./);
    const content = JSON.stringify(lastUser(h).content);
    expect(content).toContain(imageUrl);
    expect(content).toContain("[image #1] what is this?");
  });

  it("an image queued while working goes with the steering message; Esc restores it as a marker", async () => {
    const file = join(scratch, "queued.png");
    writeFileSync(file, PNG);
    h = await startUi({ beforeStart: visionModel });
    h.sim.script({ toolCalls: [{ name: "bash", arguments: { command: "sleep 0.6" } }] }, { text: "Steered with an image." });
    await h.send("start");
    await h.send(KEYS.enter);
    await h.waitFor(/\$ sleep 0\.6/);
    await h.send(bracketed(file));
    await h.send(" see this");
    await h.send(KEYS.enter);
    await h.waitFor(/Steering: \[image #1\] see this/);
    await h.waitFor(/Steered with an image\./);
    expect(JSON.stringify(lastUser(h).content)).toContain(imageUrl);

    h.sim.script({ text: "This will stall somewhere in the middle", chunkSize: 4, fault: { kind: "stall", afterChunks: 3 } });
    await h.send("go");
    await h.send(KEYS.enter);
    await h.waitFor(/Working…/);
    await h.send(bracketed(file));
    await h.send(" later");
    await h.send(KEYS.altEnter);
    await h.waitFor(/Follow-up: \[image #1\] later/);
    await h.send(KEYS.escape);
    await h.waitFor(/Aborted/);
    expect(editorText(h)).toBe("[image #1] later");
    h.sim.script({ text: "Restored image sent." });
    await h.send(KEYS.enter);
    await h.waitFor(/Restored image sent\./);
    expect(JSON.stringify(lastUser(h).content)).toContain(imageUrl);
  });

  it("a typed path of an existing image is attached; a pasted non-image path stays text", async () => {
    const file = join(scratch, "typed.png");
    writeFileSync(file, PNG);
    const notImage = join(scratch, "notes.png");
    writeFileSync(notImage, "not really a png");
    h = await startUi({ beforeStart: visionModel });
    h.sim.script({ text: "Typed image seen." });
    await h.send(bracketed(notImage));
    await h.waitFor(/notes\.png is not a PNG, JPEG, GIF or WebP image/);
    expect(editorText(h)).toBe(`${notImage} `);
    await h.send(KEYS.ctrlC);
    await h.send(`describe ${file}`);
    await h.send(KEYS.enter);
    await h.waitFor(/Typed image seen\./);
    const content = JSON.stringify(lastUser(h).content);
    expect(content).toContain(imageUrl);
    expect(content).toContain(`describe ${file}`);
  });

  describe("Ctrl+V reads the clipboard", () => {
    const saved = { PATH: process.env.PATH, WAYLAND_DISPLAY: process.env.WAYLAND_DISPLAY, XDG_SESSION_TYPE: process.env.XDG_SESSION_TYPE };
    const bin = () => join(scratch, "bin");
    const onPath = (dir: string) => {
      // Only this dir: a real xclip or wl-paste on the machine must not answer.
      process.env.PATH = dir;
      delete process.env.WAYLAND_DISPLAY;
      delete process.env.XDG_SESSION_TYPE;
    };
    /** A fake xclip: lists the given targets, and prints the PNG file when asked for image/png. */
    const fakeXclip = (targets: string) => {
      mkdirSync(bin(), { recursive: true });
      const png = join(scratch, "clip.png");
      writeFileSync(png, PNG);
      writeFileSync(
        join(bin(), "xclip"),
        `#!/bin/sh\ncase "$*" in\n  *TARGETS*) printf '${targets}' ;;\n  *image/png*) exec /bin/cat '${png}' ;;\n  *) exit 1 ;;\nesac\n`,
      );
      chmodSync(join(bin(), "xclip"), 0o755);
    };
    afterEach(() => {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      rmSync(bin(), { recursive: true, force: true });
    });

    it("attaches the clipboard's PNG as [image #1] and the request carries it", async () => {
      fakeXclip("TARGETS\\nUTF8_STRING\\nimage/png\\n");
      onPath(bin());
      h = await startUi({ beforeStart: visionModel });
      h.sim.script({ text: "Clipboard image received." });
      await h.send("look: ");
      await h.send(CTRL_V);
      await h.waitFor(/look: \[image #1\]/);
      await h.send(KEYS.enter);
      await h.waitFor(/Clipboard image received\./);
      const content = JSON.stringify(lastUser(h).content);
      expect(content).toContain(imageUrl);
    });

    it("says so when the clipboard holds no image, or when no clipboard tool is installed", async () => {
      fakeXclip("TARGETS\\nUTF8_STRING\\n");
      onPath(bin());
      h = await startUi();
      await h.send(CTRL_V);
      await h.waitFor(/There is no image in the clipboard/);
      onPath(join(scratch, "empty-bin"));
      await h.send(CTRL_V);
      await h.waitFor(/needs wl-paste \(package wl-clipboard\) or xclip/);
      expect(editorText(h)).toBe("");
    });
  });
});
