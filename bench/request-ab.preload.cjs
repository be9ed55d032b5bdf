// Preload for bench/request-ab.mjs (`node --require` it): at the process's first outgoing connection
// (the request) writes its CPU (all threads, process.cpuUsage) and uptime as JSON to
// $PI_REQUEST_AB_OUT; with PI_REQUEST_AB_FILES=1 also each image file's vm.Script making and
// module-body self time (nested loads taken out), from a wrapped vm.Script.
"use strict";
const fs = require("node:fs");
const net = require("node:net");
const vm = require("node:vm");
const { performance } = require("node:perf_hooks");
const files = [];
const stack = [];
const PER = process.env.PI_REQUEST_AB_FILES === "1";
if (PER) {
  const Script = vm.Script;
  vm.Script = function S(code, options) {
    const t0 = performance.now();
    const s = new Script(code, options);
    const rec = { file: options?.filename ?? "", make: performance.now() - t0, body: 0, child: 0, setup: 0, hooks: 0 };
    files.push(rec);
    const run = s.runInThisContext;
    s.runInThisContext = function (...a) {
      const fn = run.apply(this, a);
      return function (...b) {
        const t = performance.now();
        stack.push(rec);
        try {
          return fn.apply(this, b);
        } finally {
          stack.pop();
          const d = performance.now() - t;
          rec.body += d;
          if (stack.length) stack[stack.length - 1].child += d;
          // A plugin's setup(): timed too (its own time, awaits not counted past its first await).
          const def = b[2]?.exports?.default;
          if (def && typeof def.setup === "function" && !def.setup.timed) {
            const setup = def.setup;
            const timed = function (...c) {
              const t1 = performance.now();
              // Its hooks' handlers too (their synchronous part), through a wrapped api.on.
              const api = c[0];
              const on = api?.on;
              if (typeof on === "function")
                c[0] = new Proxy(api, {
                  get(target, key, receiver) {
                    if (key !== "on") return Reflect.get(target, key, receiver);
                    return (event, handler, ...rest) =>
                      on.call(
                        target,
                        event,
                        function (...h) {
                          const t2 = performance.now();
                          try {
                            return handler.apply(this, h);
                          } finally {
                            rec.hooks += performance.now() - t2;
                          }
                        },
                        ...rest,
                      );
                  },
                });
              try {
                return setup.apply(this, c);
              } finally {
                rec.setup += performance.now() - t1;
              }
            };
            timed.timed = true;
            try {
              def.setup = timed;
            } catch {}
          }
        }
      };
    };
    return s;
  };
  vm.Script.prototype = Script.prototype;
}
let done = false;
const conn = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...a) {
  if (!done) {
    done = true;
    const c = process.cpuUsage();
    const out = {
      cpu: (c.user + c.system) / 1000,
      uptime: process.uptime() * 1000,
      files: PER ? files.map((f) => ({ file: f.file, make: f.make, self: f.body - f.child, setup: f.setup, hooks: f.hooks })) : undefined,
    };
    fs.writeFileSync(process.env.PI_REQUEST_AB_OUT, JSON.stringify(out));
  }
  return conn.apply(this, a);
};
