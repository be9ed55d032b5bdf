// The web UI's weight and speed (issue 38: first paint under 300 ms on loopback, the page under
// 200 KB compressed). One `pi serve` on the simulator; the page fetched as a browser would (brotli,
// gzip) for its size; then headless Chromium (Debian's, through playwright-core) opens it in a
// fresh context each run (no cache) and reads the paint timings the browser records, and the time
// until the page is connected and has drawn the session. Skipped, saying so, without Chromium.
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { makeProject } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { PI_BIN, stats } from "./measure.mjs";

export const title = "web UI: page weight and first paint over loopback (pi serve, headless Chromium)";

const CHROMIUM = process.env.PI_CHROMIUM ?? "/usr/bin/chromium";

export async function rows(runs) {
  const n = runs || 10;
  if (!existsSync(CHROMIUM)) {
    console.warn(`web.bench.mjs skipped: Chromium is not installed at ${CHROMIUM} (apt-get install chromium)`);
    return [];
  }
  const { chromium } = await import("playwright-core");
  const sim = await startSimulator();
  const { root, project, agentDir } = makeProject(sim.url);
  const served = await serve(project, agentDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--headless=new", "--disable-gpu"] });
  try {
    const weight = async (encoding) => {
      const response = await fetch(served.open, { headers: { "accept-encoding": encoding } });
      const body = await response.arrayBuffer();
      if (response.headers.get("content-encoding") !== encoding) throw new Error(`the page was not sent with ${encoding}`);
      return body.byteLength / 1024;
    };
    const paints = { fp: [], fcp: [], ready: [] };
    for (let i = 0; i < n; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(served.open);
      await page.locator(".app[data-connection=open] .empty").waitFor();
      const t = await page.evaluate(() => {
        const paint = Object.fromEntries(performance.getEntriesByType("paint").map((e) => [e.name, e.startTime]));
        return { fp: paint["first-paint"], fcp: paint["first-contentful-paint"], ready: performance.now() };
      });
      paints.fp.push(t.fp);
      paints.fcp.push(t.fcp);
      paints.ready.push(t.ready);
      await context.close();
    }
    const br = await weight("br");
    const gzip = await weight("gzip");
    return [
      { name: "page weight, brotli (limit 200)", ...stats([br]), unit: "KB" },
      { name: "page weight, gzip (limit 200)", ...stats([gzip]), unit: "KB" },
      { name: "first paint, cold (limit 300)", ...stats(paints.fp), unit: "ms" },
      { name: "first contentful paint, cold", ...stats(paints.fcp), unit: "ms" },
      { name: "connected, session drawn", ...stats(paints.ready), unit: "ms" },
    ];
  } finally {
    await browser.close();
    await served.stop();
    await sim.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/** `pi serve --port 0` in the project; resolves with the printed page address (token included). */
function serve(cwd, agentDir) {
  const child = spawn(process.execPath, [PI_BIN, "serve", "--port", "0", "--provider", "sim", "--model", "sim-model"], {
    cwd,
    env: { ...process.env, PI_CODING_AGENT_DIR: agentDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`pi serve exited (${code}): ${err}`)));
    child.stdout.on("data", (d) => {
      out += d;
      const open = /browser:\s+(\S+\?token=\S+)/.exec(out)?.[1];
      if (!open) return;
      child.removeAllListeners("exit");
      resolve({
        open,
        stop: () =>
          new Promise((done) => {
            child.once("exit", done);
            child.kill("SIGTERM");
          }),
      });
    });
  });
}
