// /login and /logout on the real `pi` in tmux, in the inline and the full-screen UI, against the
// loopback authorization server and the simulator: the picker, the address (or device code)
// shown, the sign-in completed, the subscription's model answering, and /logout taking it away.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OAuthServer, startOAuthServer } from "../support/oauth-server.js";
import { PI_BIN } from "../support/run-cli.js";
import { type Simulator, startSimulator } from "../support/simulator/index.mjs";
import { hasTmux, tmuxServer } from "../support/tmux.js";

const { run: tmux, type, keys, waitForPane, kill } = tmuxServer("pik-login");
// No key of any provider may reach the child from this machine's environment.
const KEYS = Object.keys(process.env).filter((k) => /_API_KEY$|_TOKEN$/.test(k));

/** The sign-in address on the screen: the rows after the last "Open this address", inside a dialog's frame if any. */
function addressOn(pane: string): string {
  const rows = pane.split("\n").map((row) => {
    const left = row.indexOf("│");
    if (left < 0) return row.trim();
    const right = row.indexOf("│", left + 1);
    return row.slice(left + 1, right < 0 ? undefined : right).trim();
  });
  const start = rows.lastIndexOf("Open this address to sign in:");
  const parts: string[] = [];
  for (const row of rows.slice(start + 1)) {
    if (!row || /\s/.test(row)) break;
    parts.push(row);
  }
  return parts.join("");
}

describe.skipIf(!hasTmux)("/login and /logout in tmux", () => {
  let server: OAuthServer;
  let sim: Simulator;
  const root = mkdtempSync(join(tmpdir(), "pik-login-"));
  beforeAll(async () => {
    [server, sim] = await Promise.all([startOAuthServer(), startSimulator()]);
  });
  afterAll(async () => {
    kill();
    await Promise.all([server?.close(), sim?.close()]);
    // The killed agent's checkpoint (a git child) may still be writing into the agent dir.
    rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  });

  function startPi(ui: string): { agentDir: string; auth(): Record<string, { type: string; access: string }> } {
    const agentDir = join(root, ui, "agent");
    mkdirSync(agentDir, { recursive: true });
    // The subscriptions' requests go to the simulator.
    const providers = { anthropic: { baseUrl: sim.url }, "github-copilot": { baseUrl: sim.url } };
    writeFileSync(join(agentDir, "models.json"), JSON.stringify({ providers }));
    const unset = KEYS.map((k) => `-u ${k}`).join(" ");
    const env = `NODE_ENV=test PI_KERNEL_PROBE_PORTS=none PI_KERNEL_TEST_OAUTH_SERVER=${server.url} PI_CODING_AGENT_DIR='${agentDir}'`;
    const cmd = `env ${unset} ${env} '${process.execPath}' '${PI_BIN}' --ui ${ui} --no-session; echo "pi exited with $?"; sleep 30`;
    tmux("new-session", "-d", "-s", ui, "-x", "120", "-y", "45", "-c", join(root, ui), cmd);
    return { agentDir, auth: () => JSON.parse(readFileSync(join(agentDir, "auth.json"), "utf8")) };
  }

  const command = async (ui: string, text: string, shown: RegExp) => {
    type(ui, text);
    await waitForPane(ui, (p) => p.includes(text));
    keys(ui, "Enter");
    return waitForPane(ui, shown);
  };

  it("full-screen: Claude Pro/Max through the browser, its model answers, /logout signs out", async () => {
    const ui = "fullscreen";
    const { agentDir, auth } = startPi(ui);
    await waitForPane(ui, /no model/);
    let pane = await command(ui, "/login", /Sign in with\s+\(type to filter\)/);
    for (const name of ["Anthropic (Claude Pro/Max)", "GitHub Copilot", "Google Gemini CLI", "Antigravity", "ChatGPT Plus/Pro"])
      expect(pane).toContain(name);
    keys(ui, "Enter"); // the first: Anthropic
    pane = await waitForPane(ui, /Paste the redirect URL/);
    // The address stays readable while the paste prompt is open.
    const address = addressOn(pane);
    expect(new URL(address).searchParams.get("code_challenge_method")).toBe("S256");
    // The browser: approve, follow the redirect to pi's loopback callback.
    expect((await fetch(address)).status).toBe(200);
    pane = await waitForPane(ui, /Signed in: Anthropic \(Claude Pro\/Max\)/);
    expect(pane).toMatch(/\(anthropic\) claude-/);
    expect(auth().anthropic).toMatchObject({ type: "oauth", access: expect.stringMatching(/^sk-ant-oat01-/) });
    expect(statSync(join(agentDir, "auth.json")).mode & 0o777).toBe(0o600);

    sim.script({ text: "hello subscriber" });
    const before = sim.requests.length;
    await command(ui, "hi there", /hello subscriber/);
    expect(sim.requests[before]!.headers.authorization).toBe(`Bearer ${auth().anthropic.access}`);

    pane = await command(ui, "/logout", /Sign out of\s+\(type to filter\)/);
    expect(pane).toContain("Anthropic (Claude Pro/Max) ✓ signed in");
    keys(ui, "Enter");
    pane = await waitForPane(ui, /Signed out: Anthropic \(Claude Pro\/Max\)/);
    expect(pane).toContain("anthropic/claude-opus-4-5 needs /login again, or /model.");
    expect(auth().anthropic).toBeUndefined();
  });

  it("inline: GitHub Copilot's device code, its models offered, and gone after /logout", async () => {
    const ui = "inline";
    const { auth } = startPi(ui);
    await waitForPane(ui, /no model/);
    await command(ui, "/login", /Sign in with\s+\(type to filter\)/);
    keys(ui, "Down");
    keys(ui, "Enter"); // GitHub Copilot
    await waitForPane(ui, /GitHub Enterprise address/);
    keys(ui, "Enter"); // github.com
    let pane = await waitForPane(ui, /Signed in: GitHub Copilot/);
    expect(pane).toContain("https://github.com/login/device");
    expect(pane).toContain("Enter the code SIM-1234");
    expect(pane).toMatch(/\(github-copilot\) claude-sonnet-4\.5/);
    expect(auth()["github-copilot"]).toMatchObject({ type: "oauth" });
    // The subscription's models are offered.
    keys(ui, "C-l");
    pane = await waitForPane(ui, /gpt-4\.1/);
    expect(pane).toMatch(/claude-haiku-4\.5|gpt-5/);
    keys(ui, "Escape");
    await waitForPane(ui, (p) => !/gpt-4\.1/.test(p));

    pane = await command(ui, "/logout github-copilot", /Signed out: GitHub Copilot/);
    expect(pane).toContain("github-copilot/claude-sonnet-4.5 needs /login again, or /model.");
    expect(auth()["github-copilot"]).toBeUndefined();
    // Its models are offered no more.
    keys(ui, "C-l");
    await waitForPane(ui, /No models available/);
  });
});
