// /tree in both UIs (inline and full-screen) against the simulator: a branched session (two
// prompts, back to the first answer, a new prompt), then the tree view with its connectors and
// markers, a filter key, search by typing, a label (shift+L), and picking an entry, which changes
// the transcript and the editor.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import commandsCore from "../../plugins/commands-core/index.js";
import sessionCommands from "../../plugins/session-commands/index.js";
import sessionJsonl from "../../plugins/session-jsonl/index.js";
import { KEYS, startUi, type UiHarness } from "./harness.js";

let h: UiHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ctrlU = "\x15";
const ctrlD = "\x04";

/** The row the cursor is on (inside the full-screen UI's box too). */
const selected = (screen: string) => /› (.*?)\s*│?$/m.exec(screen)?.[1] ?? "";

async function prompt(text: string, answer: string): Promise<void> {
  h!.sim.script({ text: answer });
  await h!.send(text);
  await h!.send(KEYS.enter);
  await h!.waitFor(new RegExp(answer));
}

async function openTree(): Promise<string> {
  await h!.send("/tree");
  await h!.send(KEYS.enter);
  return h!.waitFor(/Session Tree[\s\S]*\(\d+\/\d+\)/);
}

/** Moves up until the selected row matches. */
async function selectRow(match: RegExp): Promise<void> {
  for (let i = 0; i < 12 && !match.test(selected((await h!.screen()).join("\n"))); i++) await h!.send(KEYS.up);
  expect(selected((await h!.screen()).join("\n"))).toMatch(match);
}

/** Picks the selected entry and answers pi's question with "No summary". */
async function pickWithoutSummary(): Promise<void> {
  await h!.send(KEYS.enter);
  await h!.waitFor(/Summarize branch\?[\s\S]*No summary/);
  await h!.send(KEYS.enter);
  await h!.waitFor((s) => !/Summarize branch\?/.test(s));
}

for (const ui of ["inline", "fullscreen"] as const) {
  describe(`/tree in the ${ui} UI`, () => {
    it("shows the branched session, filters, searches, labels, and moves to the picked entry", async () => {
      h = await startUi({ rows: 40, flags: { ui }, plugins: [commandsCore, sessionJsonl, sessionCommands] });
      await prompt("first question", "first answer");
      await prompt("second question", "second answer");

      // Back to the first answer, then a new prompt: the conversation branches there.
      let s = await openTree();
      expect(s).toMatch(/• assistant: second answer\s+← you are here/);
      await selectRow(/assistant: first answer/);
      await pickWithoutSummary();
      s = await h.waitFor(/Moved to entry/);
      expect(s).not.toMatch(/second answer/);
      await prompt("third question", "third answer");

      s = await openTree();
      expect(s).toMatch(/├─ • user: third question/);
      expect(s).toMatch(/│ {2}• assistant: third answer\s+← you are here/);
      expect(s).toMatch(/└─ user: second question/);
      expect(s).toMatch(/ {3}assistant: second answer/);
      expect(s).toMatch(/• user: first question/);

      // ctrl+u: user messages only.
      await h.send(ctrlU);
      s = await h.waitFor(/\[user\]/);
      expect(s).not.toMatch(/assistant: first answer/);
      expect(s).toMatch(/user: second question/);
      await h.send(ctrlD);
      s = await h.waitFor((t) => !/\[user\]/.test(t));
      expect(s).toMatch(/assistant: first answer/);

      // Typing searches; Esc clears the search (and does not close the tree).
      await h.send("second q");
      s = await h.waitFor(/Type to search: second q/);
      expect(s).toMatch(/\(1\/1\)/);
      expect(selected(s)).toMatch(/user: second question/);
      await h.send(KEYS.escape);
      s = await h.waitFor(/Type to search:\s*│?\s*$/m);
      expect(s).toMatch(/Session Tree/);

      // shift+L labels the selected entry; the label is written to the session.
      await selectRow(/assistant: second answer/);
      await h.send("L");
      await h.waitFor(/Label \(empty to remove\)/);
      await h.send("plan-b");
      await h.send(KEYS.enter);
      s = await h.waitFor(/\[plan-b\] assistant: second answer/);
      const dir = join(h.agentDir, "sessions");
      const files = readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith(".jsonl"));
      const entries = readFileSync(join(dir, files[0]), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(entries.find((e) => e.type === "label")).toMatchObject({ label: "plan-b" });

      // Picking a user message: the leaf goes to its parent and its text comes back to the editor.
      await selectRow(/user: second question/);
      await pickWithoutSummary();
      s = await h.waitFor(/Moved to entry/);
      expect(s).not.toMatch(/third answer/);
      expect(s).toMatch(/first answer/);
      expect(s).toMatch(/^\s*│?\s*second question\s*│?\s*$/m); // in the editor
      expect(h.kernel.host.current.services.get("sessions")).toBeDefined();
    });
  });
}

/** Two prompts, then /tree back to the first answer: stops at pi's summary question. */
async function pickFirstAnswerOfTwo(): Promise<UiHarness> {
  h = await startUi({ rows: 40, plugins: [commandsCore, sessionJsonl, sessionCommands] });
  await prompt("first question", "first answer");
  await prompt("second question", "second answer");
  await openTree();
  await selectRow(/assistant: first answer/);
  await h.send(KEYS.enter);
  await h.waitFor(/Summarize branch\?/);
  return h;
}

describe("/tree's summary question", () => {
  it("Esc goes back to the tree; 'Summarize with custom prompt' asks for the focus and summarizes the branch left", async () => {
    h = await pickFirstAnswerOfTwo();
    await h.send(KEYS.escape);
    let s = await h.waitFor(/Session Tree/);
    expect(selected(s)).toMatch(/assistant: first answer/); // back on the same entry
    await h.send(KEYS.enter);
    await h.waitFor(/Summarize branch\?/);
    await h.send(KEYS.down + KEYS.down);
    await h.send(KEYS.enter);
    await h.waitFor(/Custom summarization instructions/);
    h.sim.script({ text: "BRANCH SUMMARY TEXT" });
    await h.send("the caching idea");
    await h.send(KEYS.enter);
    s = await h.waitFor(/Moved to entry .*left a summary of the branch/);
    const request = JSON.stringify(h.sim.requests.at(-1)!.body.messages);
    expect(request).toContain("Additional focus: the caching idea");
    expect(request).toContain("second question");
    expect(h.kernel.agent.messages.map((m) => m.role)).toEqual(["user", "assistant", "branchSummary"]);
  });
});

describe("/tree's branch summary can be stopped", () => {
  it("Esc while the summary is written cancels the move and keeps the conversation", async () => {
    h = await pickFirstAnswerOfTwo();
    h.sim.script({ text: "never finished", fault: { kind: "stall", afterChunks: 1 } });
    await h.send(KEYS.down);
    await h.send(KEYS.enter);
    await h.waitFor(/Summarizing the branch you leave… \(esc to cancel\)/);
    await h.send(KEYS.escape);
    const s = await h.waitFor(/Branch summary cancelled; you stay where you were\./);
    expect(s).toMatch(/second answer/);
    expect(h.kernel.agent.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });
});

describe("double Esc on an empty editor (pi's doubleEscapeAction)", () => {
  it("opens /tree by default, and does nothing with doubleEscapeAction: none", async () => {
    h = await startUi({ rows: 40, plugins: [commandsCore, sessionJsonl, sessionCommands] });
    await prompt("first question", "first answer");
    await h.send(KEYS.escape);
    await h.send(KEYS.escape);
    await h.waitFor(/Session Tree[\s\S]*\(\d+\/\d+\)/);
    await h.close();

    h = await startUi({ rows: 40, settings: { doubleEscapeAction: "none" }, plugins: [commandsCore, sessionJsonl, sessionCommands] });
    await prompt("first question", "first answer");
    await h.send(KEYS.escape);
    await h.send(KEYS.escape);
    await new Promise((r) => setTimeout(r, 300));
    expect((await h.screen()).join("\n")).not.toMatch(/Session Tree/);
  });
});
