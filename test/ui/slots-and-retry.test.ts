// pi's ctx.ui.setHeader / setFooter (its custom-header and custom-footer examples, as a pi
// extension file) and a turn retried after part of the answer streamed, in both interactive UIs:
// the plugin's header above the conversation and its footer in place of ours (with pi's
// footerData: the git branch and setStatus texts), both restored with undefined; the partial
// answer replaced by the retried one, and the retry said.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import piCompat from "../../plugins/pi-compat/index.js";
import { KEYS, startUi, type UiHarness } from "./harness.js";

const EXTENSION = `
import { truncateToWidth, visibleWidth } from "@mariozechner/pi-tui";

export default function (pi) {
  let enabled = false;
  pi.on("session_start", async (_event, ctx) => {
    if (ctx.hasUI) ctx.ui.setHeader((_tui, theme) => ({ render: () => [theme.fg("accent", "MASCOT HEADER"), "  a shitty coding agent"], invalidate() {} }));
  });
  pi.registerCommand("builtin-header", { handler: async (_args, ctx) => ctx.ui.setHeader(undefined) });
  pi.registerCommand("footer", {
    handler: async (_args, ctx) => {
      enabled = !enabled;
      if (!enabled) return ctx.ui.setFooter(undefined);
      ctx.ui.setStatus("mine", "status-text");
      ctx.ui.setFooter((tui, theme, footerData) => {
        const unsub = footerData.onBranchChange(() => tui.requestRender());
        return {
          dispose: () => { unsub(); globalThis.__footerDisposed = true; },
          invalidate() {},
          render(width) {
            let input = 0;
            for (const e of ctx.sessionManager.getBranch()) if (e.type === "message" && e.message.role === "assistant") input += e.message.usage.input;
            const left = theme.fg("dim", "CUSTOM in:" + input + " " + [...footerData.getExtensionStatuses().values()].join(","));
            const right = (ctx.model?.id || "no-model") + " (" + footerData.getGitBranch() + ")";
            return [truncateToWidth(left + " ".repeat(Math.max(1, width - visibleWidth(left) - visibleWidth(right))) + right, width)];
          },
        };
      });
    },
  });
}
`;

let dir: string;
let h: UiHarness | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "pik-slots-"));
  writeFileSync(join(dir, "slots-ext.ts"), EXTENSION);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await h?.close();
  h = undefined;
  delete (globalThis as { __footerDisposed?: unknown }).__footerDisposed;
});

async function run(ui: UiHarness, text: string): Promise<void> {
  await ui.send(text);
  await ui.send(KEYS.enter);
}

describe.each(["inline", "fullscreen"])("the %s UI", (ui) => {
  it("draws a plugin's header and footer (pi's examples) and restores its own", async () => {
    h = await startUi({
      flags: { ui },
      plugins: [piCompat],
      extensions: [join(dir, "slots-ext.ts")],
      beforeStart: (agentDir) => {
        mkdirSync(join(agentDir, "..", "project", ".git"), { recursive: true });
        writeFileSync(join(agentDir, "..", "project", ".git", "HEAD"), "ref: refs/heads/feature-x\n");
      },
    });
    await h.waitFor(/MASCOT HEADER\n\s*a shitty coding agent/);
    await run(h, "/footer");
    const custom = await h.waitFor(/CUSTOM in:0 status-text\s+sim-model \(feature-x\)/);
    expect(custom).not.toMatch(/\(sim\) sim-model/);
    await run(h, "/footer");
    await h.waitFor(/\(sim\) sim-model/);
    expect((globalThis as { __footerDisposed?: boolean }).__footerDisposed).toBe(true);
    await run(h, "/builtin-header");
    await h.waitFor((s) => !s.includes("MASCOT HEADER"));
  });

  it("replaces a partial answer with the retried one and says it retried", async () => {
    h = await startUi({ flags: { ui }, settings: { retry: { baseDelayMs: 5 } } });
    h.sim.script(
      { text: "PARTIAL-WORDS that break off here", chunkSize: 5, fault: { kind: "disconnect", afterChunks: 4 } },
      { text: "The retried answer." },
    );
    await run(h, "ask");
    const s = await h.waitFor(/The retried answer\./);
    expect(s).toMatch(/Retrying \(attempt 1 of 3\): /);
    expect(s).not.toMatch(/PARTIAL/);
  });
});
