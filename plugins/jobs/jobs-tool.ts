// The model's side of background jobs: `jobs` lists them, pages their output, waits for an exit
// or a line, asks to be told about a line, and kills a job's whole process tree. It only reads or
// ends what the model already started through the gated bash tool, so it declares effect "read".
// Typing into a job is another matter (a job may be a shell): that is `job_input`, effect
// "other", which the permission modes ask about like any unclassified tool.
import { defineTool, Type } from "pi-kernel";
import type { JobTable } from "./job-table.js";
import { compilePattern } from "./output-watch.js";
import { pageFrom, pageNote, pageTail } from "./output-page.js";
import { describeEnd } from "./notices.js";

const jobsParameters = Type.Object({
  action: Type.Union([Type.Literal("list"), Type.Literal("output"), Type.Literal("wait"), Type.Literal("notify"), Type.Literal("kill")], {
    description:
      "list: all jobs; output: a job's output (the end, or from `offset`); wait: until the job exits or prints a line " +
      "matching `pattern`, at most `timeout` seconds; notify: tell me when a new line matches `pattern`; kill: end the job and everything it started",
  }),
  id: Type.Optional(Type.String({ description: "The job id (from bash with run_in_background, or list)" })),
  offset: Type.Optional(Type.Integer({ minimum: 1, description: "output: first line to show (1-based); without it, the last lines" })),
  pattern: Type.Optional(Type.String({ description: "wait / notify: a regular expression matched against each output line" })),
  timeout: Type.Optional(Type.Number({ minimum: 0, maximum: 600, description: "wait: seconds (default 30, at most 600)" })),
});

const text = (t: string) => ({ content: [{ type: "text" as const, text: t }], details: {} });

function need(id: string | undefined, action: string): string {
  if (!id) throw new Error(`jobs ${action} needs an id`);
  return id;
}

function ago(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : s < 3600 ? `${Math.floor(s / 60)}m${s % 60}s` : `${Math.floor(s / 3600)}h${Math.floor((s % 3600) / 60)}m`;
}

export function formatList(table: JobTable): string {
  const jobs = table.list();
  if (jobs.length === 0) return "No background jobs.";
  return jobs
    .map((j) => {
      const state =
        j.state === "running" ? "running" : `${j.state}${j.exitCode !== undefined && j.exitCode !== null ? ` (${j.exitCode})` : ""}`;
      const time = ago((j.endedAt ?? Date.now()) - j.startedAt);
      return `${j.id}  ${state}  ${time}  pid ${j.pid}${j.detach ? "  detached" : ""}  ${j.command}`;
    })
    .join("\n");
}

export function createJobsTool(table: () => JobTable) {
  return defineTool({
    name: "jobs",
    label: "Jobs",
    defaultActive: false, // offered once a job exists (index.ts), so pi's default tool set stays as it is
    effect: "read",
    description:
      "Manage background jobs started with bash `run_in_background: true`: list them, read a job's output " +
      "(the end, or pages from `offset`, truncated like bash with the full output in a file), wait for a job to exit " +
      "or print a line matching `pattern`, ask to be notified of such a line, or kill a job with everything it started. " +
      "When a job exits you are told in a short notice.",
    promptSnippet: "jobs: List, read, wait for and kill background jobs",
    parameters: jobsParameters,
    async execute(_id, p, signal) {
      const t = table();
      switch (p.action) {
        case "list":
          return text(formatList(t));
        case "output": {
          const job = t.get(need(p.id, "output"));
          const page = p.offset ? await pageFrom(job.record.outputPath, p.offset) : await pageTail(job.record.outputPath);
          const state = job.state === "running" ? "running" : describeEnd(job);
          const note = pageNote(page, job.record.outputPath);
          return text([`${job.id} ${state}`, page.text, note].filter(Boolean).join("\n"));
        }
        case "wait": {
          const id = need(p.id, "wait");
          const pattern = p.pattern !== undefined ? compilePattern(p.pattern) : undefined;
          const r = await t.wait(id, { pattern, timeoutMs: (p.timeout ?? 30) * 1000, signal });
          const job = t.get(id);
          if (r.reason === "match") return text(`${id} printed a matching line:\n${r.line}`);
          if (r.reason === "exit") {
            const page = await pageTail(job.record.outputPath, { maxLines: 20, maxBytes: 4096 });
            return text(`${id} ${describeEnd(job)}.${page.text ? `\nLast lines:\n${page.text}` : ""}`);
          }
          return text(`${id} is still running (${r.reason === "timeout" ? `waited ${p.timeout ?? 30}s` : "wait aborted"}).`);
        }
        case "notify":
          if (!p.pattern) throw new Error("jobs notify needs a pattern");
          t.notifyOn(need(p.id, "notify"), compilePattern(p.pattern));
          return text(`You will be told when ${p.id} prints a line matching /${p.pattern}/.`);
        case "kill": {
          const { info, pids } = await t.kill(need(p.id, "kill"));
          return text(pids.length ? `${info.id} killed (processes ${pids.join(", ")}).` : `${info.id} had already ${info.state}.`);
        }
      }
    },
  });
}

const inputParameters = Type.Object({
  id: Type.String({ description: "The job id" }),
  input: Type.String({ description: "Text written to the job's standard input (add \\n to end a line)" }),
  end: Type.Optional(Type.Boolean({ description: "Close the job's input afterwards (end of file)" })),
});

export function createJobInputTool(table: () => JobTable) {
  return defineTool({
    name: "job_input",
    label: "Job input",
    defaultActive: false,
    description: "Write text to the standard input of a running background job (one that ends with the session).",
    promptSnippet: "job_input: Type into a background job",
    parameters: inputParameters,
    async execute(_id, p) {
      table()
        .get(p.id)
        .send(p.input, p.end === true);
      return text(`Sent ${Buffer.byteLength(p.input, "utf8")} bytes to ${p.id}${p.end ? " and closed its input" : ""}.`);
    },
  });
}
