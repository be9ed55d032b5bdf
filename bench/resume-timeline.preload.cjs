// Preload for bench/resume-timeline.mjs (`node --require` it): stamps the time, the process's CPU
// (all threads) and its minor page faults at four points of a `-c -p` resume, and sums V8's
// collection pauses (a `gc` PerformanceObserver, main thread) between them:
//   preload  Node's own start is over (this file runs before the CLI's first line);
//   open     the first session file (`.jsonl`) is opened;
//   connect  the first outgoing connection (the request) starts;
//   data     its first answer byte arrives;
//   exit     the process exits (then the stamps go as one JSON line to $PI_RESUME_TIMELINE_OUT).
// Points are found from outside (fs.openSync, net.Socket's connect) so the agent carries no bench
// code. A plain `--require` sets no V8 flag, so the image's code caches serve as in a normal run.
"use strict";
const fs = require("node:fs");
const net = require("node:net");
const { PerformanceObserver, performance } = require("node:perf_hooks");

const out = process.env.PI_RESUME_TIMELINE_OUT;
const marks = {};
const pauses = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) pauses.push([e.startTime, e.duration]);
}).observe({ entryTypes: ["gc"] });

const mark = (name) => {
  if (marks[name]) return;
  const r = process.resourceUsage();
  marks[name] = { at: performance.now(), cpu: (r.userCPUTime + r.systemCPUTime) / 1000, faults: r.minorPageFault };
};
mark("preload");

const openSync = fs.openSync;
fs.openSync = function timelineOpenSync(path, ...rest) {
  if (String(path).endsWith(".jsonl")) mark("open");
  return openSync.call(this, path, ...rest);
};
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function timelineConnect(...args) {
  if (!marks.connect) {
    mark("connect");
    this.once("data", () => mark("data"));
  }
  return connect.apply(this, args);
};

process.on("exit", () => {
  mark("exit");
  const gc = {};
  const names = ["preload", "open", "connect", "data", "exit"].filter((n) => marks[n]);
  for (let i = 1; i < names.length; i++) {
    const from = marks[names[i - 1]].at;
    const to = marks[names[i]].at;
    gc[names[i]] = pauses.filter(([s]) => s >= from && s < to).reduce((sum, [, d]) => sum + d, 0);
  }
  if (out) fs.appendFileSync(out, `${JSON.stringify({ marks, gc })}\n`);
});
