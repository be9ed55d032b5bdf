// Resuming big sessions (issue 5): a child process opens a generated session of 1,000 / 10,000 /
// 100,000 entries through the session plugin in a real kernel and reports how long resuming took
// and its peak RSS. Sessions that long have been compacted along the way, as real ones are: a
// compaction every 1,000 entries keeps the last 40. Targets for 100,000: < 1 s, < 200 MB.
import { mkdirSync, mkdtempSync, rmSync, openSync, writeSync, closeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT, runProcess, stats } from "./measure.mjs";

export const title = "sessions: resume a long session (time inside the process, peak RSS)";

const SELF = fileURLToPath(import.meta.url);
const PRELOAD = join(ROOT, "bench", "rss-preload.mjs");

export async function rows(runs) {
  const root = mkdtempSync(join(tmpdir(), "pik-bench-sessions-"));
  const out = [];
  try {
    // The first bench's shape at three sizes, then 100,000 entries in the other two (SHAPES below).
    const cases = [
      [1_000, "every-1000"],
      [10_000, "every-1000"],
      [100_000, "every-1000"],
      [100_000, "150k"],
      [100_000, "never"],
    ];
    for (const [n, shape] of cases) {
      const project = join(root, `p${n}-${shape}`);
      const agentDir = join(root, `a${n}-${shape}`);
      mkdirSync(project, { recursive: true });
      mkdirSync(agentDir, { recursive: true });
      const file = join(root, `s${n}-${shape}.jsonl`);
      writeSession(file, n, project, shape);
      const times = [];
      const rss = [];
      for (let i = 0; i < (runs || 3); i++) {
        const rssFile = join(root, `rss-${n}-${shape}-${i}`);
        const r = await runProcess(["--import", PRELOAD, SELF, "--child", file, project, agentDir], {
          env: { ...process.env, BENCH_RSS_FILE: rssFile },
        });
        if (r.status !== 0) throw new Error(`resume of ${n} entries failed: ${r.stderr}`);
        const { ms, messages } = JSON.parse(r.stdout);
        if (messages < 40) throw new Error(`resume of ${n} entries restored only ${messages} messages`);
        times.push(ms);
        rss.push(Number((await import("node:fs")).readFileSync(rssFile, "utf8").trim()) / 1024);
      }
      const label = shape === "every-1000" ? "" : shape === "never" ? ", never compacted" : ", compacted at 150k tokens";
      out.push({ name: `resume ${n.toLocaleString("en")} entries${label}`, ...stats(times), unit: "ms", rssMB: Math.max(...rss) });
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return out;
}

/**
 * The shapes of long sessions the benches resume (docs/internals/benchmarks.md says why):
 * - "every-1000": a compaction every 1,000 entries keeping the last 40 (the first bench's shape);
 * - "150k": compacted whenever the context passed 150k tokens, keeping the last ~20k tokens, cut
 *   at a user or assistant message, as pi's auto-compaction leaves a session (a compaction every
 *   ~900 entries, each keeping ~140);
 * - "never": never compacted (a 1M-context model's long session: every entry is in the request).
 */
export const SHAPES = ["every-1000", "150k", "never"];

const CONTEXT_LIMIT = 150_000;
const KEEP_RECENT = 20_000;
const tokensOf = (line) => Math.ceil(line.length / 4);

/** A linear session: user → assistant (tool call) → tool result → assistant, compacted as `shape` says. */
export function writeSession(file, n, cwd, shape = "every-1000") {
  const fd = openSync(file, "w");
  const t = Date.parse("2026-01-01T00:00:00.000Z");
  const usage = {
    input: 1000,
    output: 100,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 1100,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  };
  const output = "line of tool output that a real read or bash call would return\n".repeat(16);
  let buf = `${JSON.stringify({ type: "session", version: 3, id: "01a1ff48-0000-7000-8000-000000000000", timestamp: new Date(t).toISOString(), cwd })}\n`;
  let parent = null;
  const ids = [];
  // "150k": the entries in the context since the last compaction, with their token estimates.
  let window = [];
  let context = 0;
  for (let i = 0; i < n; i++) {
    const id = i.toString(16).padStart(8, "0");
    const ts = new Date(t + i * 1000).toISOString();
    let entry;
    if (shape === "every-1000" && i % 1000 === 999) {
      entry = {
        type: "compaction",
        summary: `## Goal\nWork item ${i}\n\n## Progress\n- [x] steps up to ${i}`,
        firstKeptEntryId: ids[i - 40],
        tokensBefore: 150000,
      };
    } else if (shape === "150k" && context > CONTEXT_LIMIT) {
      // Keep the newest entries worth ~20k tokens, starting at a user or assistant message.
      let kept = 0;
      let k = window.length;
      while (k > 0 && (kept < KEEP_RECENT || window[k].cuttable === false)) kept += window[--k].tokens;
      const summary = `## Goal\nWork item ${i}\n\n## Progress\n${"- [x] a step that was done and checked\n".repeat(40)}`;
      entry = { type: "compaction", summary, firstKeptEntryId: window[k].id, tokensBefore: context };
      window = window.slice(k);
      context = kept + tokensOf(summary);
    } else entry = { type: "message", message: messageAt(i, t, usage, output) };
    const line = `${JSON.stringify({ type: entry.type, id, parentId: parent, timestamp: ts, ...entry })}\n`;
    buf += line;
    if (entry.type === "message") {
      const tokens = tokensOf(line);
      window.push({ id, tokens, cuttable: entry.message.role !== "toolResult" });
      context += tokens;
    }
    ids.push(id);
    parent = id;
    if (buf.length > 1 << 20) {
      writeSync(fd, buf);
      buf = "";
    }
  }
  writeSync(fd, buf);
  closeSync(fd);
}

function messageAt(i, t, usage, output) {
  const k = i % 4;
  if (k === 0) return { role: "user", content: `Please do step ${i} of the plan and report back.`, timestamp: t + i };
  if (k === 2)
    return {
      role: "toolResult",
      toolCallId: `call_${i - 1}`,
      toolName: "bash",
      content: [{ type: "text", text: output }],
      isError: false,
      timestamp: t + i,
    };
  const content =
    k === 1
      ? [
          { type: "text", text: `Working on step ${i}.` },
          { type: "toolCall", id: `call_${i}`, name: "bash", arguments: { command: `make step-${i}` } },
        ]
      : [{ type: "text", text: `Step ${i} is done; the build passes and nothing else changed.` }];
  return {
    role: "assistant",
    content,
    api: "openai-completions",
    provider: "sim",
    model: "sim-model",
    usage,
    stopReason: k === 1 ? "toolUse" : "stop",
    timestamp: t + i,
  };
}

/** The measured side: a kernel with the session plugin resuming the file. */
async function child([file, cwd, agentDir]) {
  const { createKernel } = await import(join(ROOT, "dist", "kernel", "index.js"));
  const session = (await import(join(ROOT, "dist", "plugins", "session-jsonl", "index.js"))).default;
  const t0 = performance.now();
  const kernel = createKernel({ cwd, agentDir, flags: { session: file }, plugins: [session] });
  await kernel.start();
  const ms = performance.now() - t0;
  const messages = kernel.agent.messages.length;
  await kernel.stop();
  process.stdout.write(JSON.stringify({ ms, messages }));
}

if (process.argv[2] === "--child") await child(process.argv.slice(3));
