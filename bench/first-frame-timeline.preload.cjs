// Preload for bench/first-frame-timeline.mjs (`node --require` it): stamps process.uptime() and the
// process's CPU (all threads) at four points of an interactive start and writes them as JSON to
// $PI_TIMELINE_OUT when the first frame's first box line ("─") is written:
//   preload  Node's own start is over (this file runs before the CLI's first line);
//   ui       the UI's modules start loading (the interactive app's chunk, or the tui chunk before it);
//   frame-module  the frame's own chunk (inline or full-screen) starts loading;
//   frame    the first output holding "─" is written (as bench/vs-pi.mjs takes the frame).
// Points are found from outside (the image's file names, the terminal writes) so the agent carries
// no bench code; a start that never reaches a point leaves it out. A plain `--require` sets no V8
// flag, so the image's code caches are used as in a normal start (a `--cpu-prof` run refuses them).
"use strict";
const fs = require("node:fs");
const net = require("node:net");
const vm = require("node:vm");

const marks = [];
const mark = (name) => {
  if (marks.some((m) => m.name === name)) return;
  const cpu = process.cpuUsage();
  marks.push({
    name,
    uptime: process.uptime() * 1000,
    cpu: (cpu.user + cpu.system) / 1000,
    faults: process.resourceUsage().minorPageFault,
  });
};
mark("preload");

// The image loads each file through a vm.Script named by its path: watch the names go by.
const Script = vm.Script;
vm.Script = function TimelineScript(code, options) {
  const file = options?.filename ?? "";
  // The app's chunk (up to round nine) or the UI's tui chunk, whichever comes first (round ten).
  if (/[\\/]chunks[\\/](ui-service|tui-ui)-[^\\/]+\.cjs$/.test(file)) mark("ui");
  if (/[\\/]chunks[\\/](inline|fullscreen)-frame-[^\\/]+\.cjs$/.test(file)) mark("frame-module");
  return new Script(code, options);
};
vm.Script.prototype = Script.prototype;

let done = false;
function seen(chunk) {
  if (done) return;
  const text = typeof chunk === "string" ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString() : "";
  if (!text.includes("─")) return;
  done = true;
  mark("frame");
  fs.writeFileSync(process.env.PI_TIMELINE_OUT, JSON.stringify(marks));
}
const writeSync = fs.writeSync;
fs.writeSync = function (fd, data, ...rest) {
  if (fd === 1) seen(data);
  return writeSync.call(this, fd, data, ...rest);
};
const write = net.Socket.prototype.write;
net.Socket.prototype.write = function (chunk, ...rest) {
  seen(chunk);
  return write.call(this, chunk, ...rest);
};
