// npm run bench:vs-pi — pi-kernel and pi side by side, whole processes, interleaved in one run:
// for each workload the two alternate run by run, so a busy machine slows both alike. Prints
// medians of wall time, user+sys CPU of the process tree and peak RSS, and the ratio
// pi-kernel / pi next to the issue's target.
//
//   node bench/vs-pi.mjs [--runs N] [--only <substring>]
//
// pi is the 0.73.1 devDependency, run with this Node. PI_REF_CLI and PI_REF_NODE point the
// script at another pi instead (e.g. the current line, which needs Node 22). CPU and RSS come
// from GNU time (/usr/bin/time); without it only wall times are shown.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { makeProject, scenarioTurns } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { PI_BIN, ROOT, stats } from "./measure.mjs";
import { resumeProject } from "./resume-cases.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(opt("--runs", 5));
const ONLY = opt("--only", "");
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
const PI_CLI = process.env.PI_REF_CLI ?? join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js");
const PI_NODE = process.env.PI_REF_NODE ?? process.execPath;
const PI_VERSION = JSON.parse(readFileSync(join(dirname(PI_CLI), "..", "package.json"), "utf8")).version;
const SHAPE_NAMES = { "every-1000": "compacted every 1,000", "150k": "compacted at 150k tokens", never: "never compacted" };
const API_PATHS = {
  openai: "/v1/chat/completions",
  anthropic: "/v1/messages",
  responses: "/v1/responses",
  gemini: "/v1beta/models/sim-model:streamGenerateContent?alt=sse",
};
const SIDES = { pi: [PI_NODE, PI_CLI], "pi-kernel": [process.execPath, PI_BIN] };
const BARE = [process.execPath, join(ROOT, "bench", "bare-reader.mjs")];

/** One whole process: wall ms, CPU ms (user+sys, with waited-for children), peak RSS MB. */
function run(side, argv, { cwd, env, input } = {}) {
  const [node, cli] = side === "bare" ? BARE : SIDES[side];
  const out = join(tmpdir(), `pik-vs-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const cmd = TIME ? [TIME, "-f", "%U %S %M", "-o", out, node, cli, ...argv] : [node, cli, ...argv];
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(cmd[0], cmd.slice(1), { cwd, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.stdin.end(input ?? "");
    child.on("error", reject);
    child.on("close", (status) => {
      const wall = Number(process.hrtime.bigint() - t0) / 1e6;
      let cpu;
      let rss;
      if (TIME && existsSync(out)) {
        const [u, s, kb] = readFileSync(out, "utf8").trim().split(/\s+/).slice(-3).map(Number);
        cpu = (u + s) * 1000;
        rss = kb / 1024;
        rmSync(out, { force: true });
      }
      resolve({ status, stdout, stderr, wall, cpu, rss });
    });
  });
}

/** The processes below `pid` (from /proc), deepest last. */
function descendants(pid) {
  const parents = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out = [];
  const walk = (p) => {
    for (const [child, parent] of parents) if (parent === p) out.push(child), walk(child);
  };
  walk(pid);
  return out;
}

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** The interactive UI in a pseudo-terminal (script(1)), idle for `settleMs`: the agent process's RSS in MB. */
async function idleRss(side, { cwd, env }, settleMs = 4_000) {
  const [node, cli] = SIDES[side];
  const child = spawn("script", ["-qfec", `${node} ${cli} --provider sim --model sim-model`, "/dev/null"], {
    cwd,
    env: { ...process.env, ...env, TERM: "xterm-256color" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdout.resume();
  await new Promise((r) => setTimeout(r, settleMs));
  const pids = descendants(child.pid);
  // The agent is the Node process under script(1) (pi renames itself "pi", so not by its command line).
  const nodeBin = realpathSync(node);
  const isNode = (p) => {
    try {
      return realpathSync(`/proc/${p}/exe`) === nodeBin;
    } catch {
      return false;
    }
  };
  const rss = Math.max(0, ...pids.map((p) => (isNode(p) ? rssOf(p) : 0)));
  for (const p of pids.reverse()) {
    try {
      process.kill(p, "SIGKILL");
    } catch {
      // already gone
    }
  }
  child.kill("SIGKILL");
  return rss;
}

/**
 * The interactive UI in a pseudo-terminal (script(1)): ms from spawn to the first frame (the
 * first output drawing a box line, which both agents' editors have), then from Ctrl+D (or
 * `/quit` + Enter) to the process's exit.
 */
async function firstFrameAndExit(side, { cwd, env }, key, extra = []) {
  const [node, cli] = SIDES[side];
  const t0 = process.hrtime.bigint();
  const ms = () => Number(process.hrtime.bigint() - t0) / 1e6;
  const child = spawn("script", ["-qfec", [node, cli, "--provider", "sim", "--model", "sim-model", ...extra].join(" "), "/dev/null"], {
    cwd,
    env: { ...process.env, ...env, TERM: "xterm-256color", COLUMNS: "100", LINES: "30" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const closed = new Promise((resolve) => child.on("close", resolve));
  let out = "";
  const first = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(Number.NaN), 30_000);
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("─")) {
        clearTimeout(timer);
        resolve(ms());
      }
    });
  });
  child.stdout.resume();
  await new Promise((r) => setTimeout(r, 1_500)); // settled, idle
  const t1 = ms();
  child.stdin.write(key === "quit" ? "/quit\r" : "\x04");
  const timeout = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await closed;
  clearTimeout(timeout);
  return { first, exit: ms() - t1 };
}

/** Alternates the two sides `RUNS` times; `check` throws on a wrong answer. */
async function workload(w) {
  const samples = { pi: [], "pi-kernel": [], bare: [] };
  for (let i = 0; i < RUNS; i++) {
    for (const side of [...Object.keys(SIDES), ...(w.bare ? ["bare"] : [])]) {
      w.before?.(side);
      const r = await run(side, side === "bare" ? [w.bare.url, w.bare.path] : w.argv(side), w.opts?.(side));
      if (r.status !== 0) throw new Error(`${w.name} (${side}) exited ${r.status}: ${r.stderr.slice(-600)}`);
      w.check?.(r, side);
      samples[side].push(r);
    }
  }
  const med = (side, key) => (samples[side][0]?.[key] === undefined ? undefined : stats(samples[side].map((s) => s[key])).median);
  return { ...w, med };
}

const fmt = (v, unit = "") => (v === undefined ? "–" : `${v >= 100 ? Math.round(v).toLocaleString("en") : v.toFixed(1)}${unit}`);

function table(results) {
  const head = [
    "workload",
    "pi wall",
    "kernel wall",
    "ratio",
    "target",
    "pi CPU",
    "kernel CPU",
    "CPU ratio",
    "pi RSS",
    "kernel RSS",
    "bare wall",
  ];
  const rows = results.map((r) => {
    const [pw, kw, pc, kc] = [r.med("pi", "wall"), r.med("pi-kernel", "wall"), r.med("pi", "cpu"), r.med("pi-kernel", "cpu")];
    return [
      r.name,
      fmt(pw, " ms"),
      fmt(kw, " ms"),
      (kw / pw).toFixed(2),
      r.target,
      fmt(pc, " ms"),
      fmt(kc, " ms"),
      pc ? (kc / pc).toFixed(2) : "–",
      fmt(r.med("pi", "rss"), " MB"),
      fmt(r.med("pi-kernel", "rss"), " MB"),
      r.bare ? `${fmt(r.med("bare", "wall"), " ms")} (kernel ${(kw / r.med("bare", "wall")).toFixed(1)}×)` : "",
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/**
 * What NODE_EXTRA_CA_CERTS costs every Node process here (both sides, and each `node` a bash
 * command starts): Node 20 parses the bundle before any JavaScript runs. Medians of 7 `node -e 0`.
 */
async function caNote(ca) {
  const bare = async (env) => {
    const walls = [];
    for (let i = 0; i < 7; i++) {
      const t0 = process.hrtime.bigint();
      await new Promise((resolve) => spawn(process.execPath, ["-e", "0"], { env, stdio: "ignore" }).on("close", resolve));
      walls.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    return stats(walls).median;
  };
  const { NODE_EXTRA_CA_CERTS: _, ...without } = process.env;
  const [withCa, withoutCa] = [await bare(process.env), await bare(without)];
  return `NODE_EXTRA_CA_CERTS=${ca} is set: every Node process parses it at start (\`node -e 0\` ${fmt(withCa, " ms")} with it, ${fmt(withoutCa, " ms")} without); both sides pay it, e2e twice (the agent and its \`node src/app.js\`).`;
}

async function main() {
  const sim = await startSimulator();
  const root = mkdtempSync(join(tmpdir(), "pik-vs-pi-"));
  const { project, agentDir } = makeProject(sim.url);
  const env = { PI_CODING_AGENT_DIR: agentDir };
  const sim2 = (extra) => ({ cwd: project, env: { ...env, ...extra } });
  const file = join(project, "src", "app.js");
  const original = readFileSync(file, "utf8");
  const anthropicDir = join(root, "agent-anthropic");
  mkdirSync(anthropicDir, { recursive: true });
  writeFileSync(
    join(anthropicDir, "models.json"),
    JSON.stringify({
      providers: {
        sim: {
          baseUrl: sim.url,
          api: "anthropic-messages",
          apiKey: "sim-secret-key",
          models: [{ id: "sim-model", name: "Simulated", contextWindow: 200000, maxTokens: 8192 }],
        },
      },
    }),
  );
  const apiDirs = { openai: agentDir, anthropic: anthropicDir };
  for (const [api, name] of [
    ["responses", "openai-responses"],
    ["gemini", "google-generative-ai"],
  ]) {
    apiDirs[api] = join(root, `agent-${api}`);
    mkdirSync(apiDirs[api], { recursive: true });
    writeFileSync(
      join(apiDirs[api], "models.json"),
      readFileSync(join(anthropicDir, "models.json"), "utf8").replace("anthropic-messages", name),
    );
  }
  const big = "word ".repeat(200_000);
  const longAnswer = (fullEvents = false) => sim.script({ text: big, chunkSize: 5, usage: { input: 10, output: 200_000 }, fullEvents });
  // A small reported usage: the answer must not make either agent compact after it.
  const sayHi = () => sim.script({ text: "hi", usage: { input: 1000, output: 1 } });
  const model = ["--provider", "sim", "--model", "sim-model"];
  const says = (text) => (r) => {
    if (!r.stdout.includes(text)) throw new Error(`unexpected answer: ${r.stdout.slice(0, 200)}`);
  };
  const workloads = [
    { name: "--version", target: "keep", argv: () => ["--version"] },
    {
      name: "print e2e read→edit→bash→answer (openai)",
      target: "≤ 0.20",
      argv: () => [...model, "--no-session", "-p", "Make the app say goodbye"],
      opts: () => sim2(),
      before: () => {
        writeFileSync(file, original);
        sim.script(...scenarioTurns());
      },
      check: says("goodbye"),
    },
    {
      name: "print `hi`, new session",
      target: "≤ 0.20",
      argv: () => [...model, "-p", "hi"],
      opts: () => sim2(),
      before: sayHi,
      check: says("hi"),
    },
    ...[
      ["openai", agentDir],
      ["anthropic", anthropicDir],
    ].map(([api, dir]) => ({
      name: `200k-token streamed answer (${api})`,
      target: "≤ 0.20 CPU",
      argv: () => [...model, "--no-session", "-p", "long"],
      opts: () => ({ cwd: project, env: { PI_CODING_AGENT_DIR: dir } }),
      before: () => longAnswer(),
      check: says("word word"),
    })),
    // Events the size the real APIs send (~270 bytes: every field they carry), on every API.
    ...Object.entries(apiDirs).map(([api, dir]) => ({
      name: `200k tokens, full-size events (${api})`,
      target: "CPU ≤ 0.5 s, wall ≤ 1.5× bare",
      argv: () => [...model, "--no-session", "-p", "long"],
      opts: () => ({ cwd: project, env: { PI_CODING_AGENT_DIR: dir } }),
      before: () => longAnswer(true),
      check: says("word word"),
      bare: { url: sim.url, path: API_PATHS[api] },
    })),
  ];
  for (const [n, shape, target] of [
    [5_000, "every-1000", "≤ 0.20"],
    [5_000, "never", "≤ 0.15"],
    [100_000, "every-1000", "≤ 1.0 s, ≤ 200 MB"],
    [100_000, "150k", "≤ 0.6 s, ≤ 120 MB"],
    [100_000, "never", "≤ 2.0 s, ≤ 250 MB"],
  ]) {
    let project;
    workloads.push({
      name: `resume ${n.toLocaleString("en")} entries (${SHAPE_NAMES[shape]}), -c -p hi`,
      target,
      argv: () => [...model, "-c", "-p", "hi"],
      opts: () => ({ cwd: project.cwd, env }),
      before: () => {
        project ??= resumeProject(root, agentDir, n, shape);
        project.reset();
        sayHi();
      },
      check: says("hi"),
    });
  }
  const results = [];
  let idle;
  let interactive;
  try {
    for (const w of workloads.filter((w) => w.name.includes(ONLY))) {
      process.stderr.write(`${w.name}…\n`);
      results.push(await workload(w));
    }
    if ("interactive idle RSS".includes(ONLY) && existsSync("/usr/bin/script")) {
      process.stderr.write("interactive idle RSS…\n");
      idle = { pi: [], "pi-kernel": [] };
      for (let i = 0; i < Math.min(RUNS, 3); i++) for (const side of Object.keys(SIDES)) idle[side].push(await idleRss(side, sim2()));
    }
    if ("interactive first frame and exit".includes(ONLY) && existsSync("/usr/bin/script")) {
      process.stderr.write("interactive first frame and exit…\n");
      interactive = [];
      for (const [ui, key] of [
        ["inline", "ctrl-d"],
        ["fullscreen", "quit"],
      ]) {
        const samples = { pi: [], "pi-kernel": [] };
        for (let i = 0; i < Math.min(RUNS, 3); i++)
          for (const side of Object.keys(SIDES))
            samples[side].push(
              await firstFrameAndExit(side, sim2(), key, side === "pi-kernel" && ui === "fullscreen" ? ["--ui", "fullscreen"] : []),
            );
        interactive.push({ ui, key, samples });
      }
    }
  } finally {
    await sim.close();
    rmSync(root, { recursive: true, force: true });
  }
  console.log(
    `pi-kernel vs pi ${PI_VERSION} (${PI_NODE === process.execPath ? `Node ${process.version}` : PI_NODE}), medians of ${RUNS}, interleaved`,
  );
  if (results.length) console.log(table(results));
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  if (ca) console.log(`\n${await caNote(ca)}`);
  for (const { ui, key, samples } of interactive ?? []) {
    const med = (side, k) => stats(samples[side].map((x) => x[k])).median;
    console.log(
      `\ninteractive ${ui} (pi: its only UI), first frame: pi ${fmt(med("pi", "first"), " ms")}, pi-kernel ${fmt(med("pi-kernel", "first"), " ms")} (target ≤ 200 ms); exit after ${key}: pi ${fmt(med("pi", "exit"), " ms")}, pi-kernel ${fmt(med("pi-kernel", "exit"), " ms")} (target ≤ 250 ms)`,
    );
  }
  if (idle) {
    const [p, k] = [stats(idle.pi).median, stats(idle["pi-kernel"]).median];
    console.log(
      `\ninteractive idle RSS (script(1) pty, 4 s after start): pi ${fmt(p, " MB")}, pi-kernel ${fmt(k, " MB")}, ratio ${(k / p).toFixed(2)} (target ≤ 50 MB)`,
    );
  }
}

await main();
