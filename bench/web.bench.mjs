// The web UI's weight and speed (issue 38: first paint under 300 ms on loopback, the page under
// 200 KB compressed). One `pi serve` on the simulator; the page's files (the shell and the app's
// script) fetched as a browser would (brotli, gzip) for its size; then headless Chromium (Debian's,
// through playwright-core) opens it in a fresh context each run (no cache) and reads the paint
// timings the browser records, and the time until the page is connected and has drawn the session.
// A one-line page opened the same way gives the machine's floor. Skipped, saying so, without Chromium.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createServer, get } from "node:http";
import { join } from "node:path";
import { makeProject } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { PI_BIN, ROOT, stats } from "./measure.mjs";

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
    const paints = { fp: [], fcp: [], ready: [], floor: [] };
    const floor = await onePageServer();
    for (let i = 0; i < n; i++) {
      paints.floor.push(await firstPaint(browser, floor.url));
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
    floor.close();
    const br = await pageWeight(served.open, "br");
    const gzip = await pageWeight(served.open, "gzip");
    return [
      { name: "page weight, brotli (limit 200)", ...stats([br]), unit: "KB" },
      { name: "page weight, gzip (limit 200)", ...stats([gzip]), unit: "KB" },
      { name: "first paint, cold (limit 300)", ...stats(paints.fp), unit: "ms" },
      { name: "first contentful paint, cold", ...stats(paints.fcp), unit: "ms" },
      { name: "connected, session drawn", ...stats(paints.ready), unit: "ms" },
      { name: "first paint of a one-line page (floor)", ...stats(paints.floor), unit: "ms" },
    ];
  } finally {
    await browser.close();
    await served.stop();
    await sim.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/** Every file of the page (dist/web/page.json), compressed as it travels, in KB. */
async function pageWeight(open, encoding) {
  const { files } = JSON.parse(readFileSync(join(ROOT, "dist", "web", "page.json"), "utf8"));
  const url = new URL(open);
  let total = 0;
  for (const f of files) total += await weight(`${url.origin}${f.path}${url.search}`, encoding);
  return total;
}

/** One file's compressed size in KB, as it travels (Node's fetch would decompress it). */
function weight(url, encoding) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": encoding } }, (res) => {
      if (res.headers["content-encoding"] !== encoding) reject(new Error(`the page was not sent with ${encoding}`));
      let bytes = 0;
      res.on("data", (d) => (bytes += d.length));
      res.on("end", () => resolve(bytes / 1024));
    }).on("error", reject);
  });
}

/**
 * The machine's floor: a one-line page from a bare server, opened the same way. On a busy machine
 * every first paint is slow; this row says how much of the page's own is the machine.
 */
async function onePageServer() {
  const server = createServer((_req, res) => res.end("<!doctype html><p>pi</p>"));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

async function firstPaint(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  const fp = await page.waitForFunction(() => performance.getEntriesByName("first-paint")[0]?.startTime);
  const value = await fp.jsonValue();
  await context.close();
  return value;
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
