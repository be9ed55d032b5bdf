// The web UI in a real headless browser (Debian's Chromium, driven by playwright-core) against one
// spawned `pi serve` on the loopback simulator: the page loads with the printed token (and drops
// it from the address bar), streams a markdown answer (sanitised), completes slash commands,
// switches model and thinking level, asks the permission dialog with the edit's diff and obeys it,
// draws the edit's diff in its tool row, rewinds code and conversation, and lists, starts and
// switches sessions. Screenshots of each step go to test-artifacts/ui-web (not the repository).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTwoModels } from "../support/scenario.mjs";
import { simProjects } from "../support/sim-projects.js";
import { artifactsDir, hasChromium, launchBrowser } from "./browser.js";
import { type Served, startServe } from "../serve/served.js";

if (!hasChromium) console.warn("test/ui-web/web-ui.test.ts skipped: Chromium is not installed (apt-get install chromium)");

const ANSWER = 'Hello from **the simulator**.\n\n<img src=x onerror="window.__pwned=1"> and `code`.';

describe.skipIf(!hasChromium)("the web UI in headless Chromium", () => {
  const env = simProjects();
  let served: Served;
  let browser: Browser;
  let page: Page;
  let project: string;
  const shot = (name: string) => page.screenshot({ path: join(artifactsDir(), `${name}.png`) });

  beforeAll(async () => {
    const p = env.project();
    project = p.project;
    writeTwoModels(p.agentDir, env.sim.url);
    [served, browser] = await Promise.all([
      startServe(["--provider", "sim", "--model", "sim-model", "--permission-mode", "ask"], {
        cwd: project,
        env: { PI_CODING_AGENT_DIR: p.agentDir },
      }),
      launchBrowser(),
    ]);
    page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  });
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it("loads, connects with the printed token and takes the token out of the address bar", async () => {
    // The address pi serve prints for a browser.
    await page.goto(`${served.url}/?token=${encodeURIComponent(served.token)}`);
    await page.locator(".app[data-connection=open]").waitFor();
    expect(page.url()).not.toContain("token");
    // The session is read once connected (get_state, get_messages, the models): the picker follows.
    await expect.poll(() => page.locator("select[aria-label=Model]").inputValue()).toBe("sim/sim-model");
    await shot("1-loaded");
  });

  it("streams a markdown answer, sanitised", async () => {
    env.sim.script({ text: ANSWER, chunkSize: 3, delayMs: 25 });
    await page.locator("textarea[aria-label=Message]").fill("say hello");
    await page.keyboard.press("Enter");
    // Drawn while it streams, then kept once it ends.
    await page.locator(".streaming .msg-assistant").waitFor();
    await page.locator(".app[data-streaming=false] .msg-assistant strong", { hasText: "the simulator" }).waitFor();
    expect(await page.locator(".msg-user").first().textContent()).toBe("say hello");
    expect(await page.locator(".msg-assistant img[onerror]").count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await shot("2-answer");
  });

  it("completes slash commands and switches model and thinking level", async () => {
    await page.locator("textarea[aria-label=Message]").fill("/rew");
    await page.locator(".completions [role=option]", { hasText: "/rewind" }).waitFor();
    await shot("3-completion");
    await page.keyboard.press("Tab");
    expect(await page.locator("textarea[aria-label=Message]").inputValue()).toBe("/rewind ");
    await page.locator("textarea[aria-label=Message]").fill("");
    await page.locator("select[aria-label=Model]").selectOption("sim/sim-other");
    await page.locator("select[aria-label='Thinking level']:not([disabled])").waitFor();
    await page.locator("select[aria-label='Thinking level']").selectOption("high");
    await expect.poll(() => fetchState(served).then((s) => [s.model?.id, s.thinkingLevel])).toEqual(["sim-other", "high"]);
  });

  it("asks the permission dialog with the edit's diff, obeys Allow once, and draws the diff in the tool row", async () => {
    env.sim.script(
      { toolCalls: [{ name: "edit", arguments: { path: "src/app.js", edits: [{ oldText: '"hello"', newText: '"goodbye"' }] } }] },
      { text: "Changed the greeting." },
    );
    await page.locator("textarea[aria-label=Message]").fill("change the greeting");
    await page.keyboard.press("Enter");
    const dialog = page.locator(".dialog[data-dialog=select]");
    await dialog.locator(".diff-add", { hasText: '+const greeting = "goodbye";' }).waitFor();
    expect(await dialog.locator("h2").textContent()).toContain("Allow edit: src/app.js?");
    await shot("4-permission");
    await dialog.locator("button", { hasText: "Allow once" }).click();
    await page.locator(".app[data-streaming=false] .msg-assistant", { hasText: "Changed the greeting." }).waitFor();
    const row = page.locator(".tool-done[data-tool=edit]");
    expect(await row.locator(".diff-del").textContent()).toBe('-const greeting = "hello";');
    expect(await row.locator(".diff-add").textContent()).toBe('+const greeting = "goodbye";');
    expect(readFileSync(join(project, "src", "app.js"), "utf8")).toContain('"goodbye"');
    await shot("5-diff");
  });

  it("rewinds the code and the conversation to before the edit, and puts the message back in the editor", async () => {
    await page.locator("textarea[aria-label=Message]").fill("/rewind");
    await page.keyboard.press("Enter");
    await page.locator(".choices button", { hasText: "change the greeting" }).click();
    await shot("6-rewind");
    await page.locator("button", { hasText: "Restore code and conversation" }).click();
    await page.locator(".toast", { hasText: "Rewound" }).waitFor();
    expect(readFileSync(join(project, "src", "app.js"), "utf8")).toContain('"hello"');
    await expect.poll(() => page.locator(".tool[data-tool=edit]").count()).toBe(0);
    expect(await page.locator("textarea[aria-label=Message]").inputValue()).toBe("change the greeting");
    expect(await page.locator(".msg-assistant strong").textContent()).toBe("the simulator");
    await shot("7-rewound");
  });

  it("lists the sessions, starts a new one and switches back", async () => {
    await page.locator("textarea[aria-label=Message]").fill("");
    await page.locator("button", { hasText: "Sessions" }).click();
    await page.locator(".choices button", { hasText: "say hello" }).waitFor();
    await shot("8-sessions");
    await page.locator("button", { hasText: "+ New session" }).click();
    await page.locator(".transcript .empty").waitFor();
    await page.locator("button", { hasText: "Sessions" }).click();
    await page.locator(".choices button", { hasText: "say hello" }).click();
    await page.locator(".msg-user", { hasText: "say hello" }).waitFor();
  });
});

async function fetchState(served: Served): Promise<{ model?: { id: string }; thinkingLevel?: string }> {
  const response = await fetch(`${served.url}/api/state`, { headers: { authorization: `Bearer ${served.token}` } });
  return (await response.json()) as { model?: { id: string }; thinkingLevel?: string };
}
