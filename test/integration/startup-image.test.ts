// The start-up image (scripts/bundle-image.mjs, cli/image-loader.ts): the CLI runs from it, every
// module it loads comes from it, and its code cache is written, reused and refused as it should be.
// The loader cases use a small image of hand-written files in a temp dir, in real processes (the
// caches are written at exit, or soon after start-up in a process that runs longer).
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANSWER, makeProject, scenarioTurns } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { recordLoads } from "../support/load-recorder.js";
import { type CliResult, runCli } from "../support/run-cli.js";

const packageRequire = createRequire(join(import.meta.dirname, "..", "..", "package.json"));
/** An ES-module-only package and a CommonJS one, as the image would require them. */
const ESM_PACKAGE = packageRequire.resolve("string-width");
const CJS_PACKAGE = packageRequire.resolve("picomatch");
/** The loader as bin/pi.js requires it (the build compiles cli/image-loader.ts to CommonJS). */
const LOADER = pathToFileURL(join(import.meta.dirname, "..", "..", "dist", "image", "loader.cjs")).href;
/** Start-up's hold on TurboFan, whose state the loader's copy of it shares (a process-wide slot). */
const HOLD = pathToFileURL(join(import.meta.dirname, "..", "..", "dist", "compose", "optimizer-hold.js")).href;

/**
 * A two-file image: the entry requires a.cjs, imports node:os and two npm packages through the
 * loader (an ES module's namespace; a CommonJS package's exports as the default), asks the
 * interop question.
 */
function smallImage(): string {
  const dir = mkdtempSync(join(tmpdir(), "pik-image-"));
  writeFileSync(
    join(dir, "entry.cjs"),
    [
      'const a = require("./a.cjs");',
      "exports.value = a.value;",
      'exports.os = () => __piImport("node:os").then((m) => typeof m.cpus);',
      "exports.imported = (name) => __piImport(name).then((m) => [typeof m.default, Object.keys(m).includes('default')]);",
      "exports.interop = (name) => __piInterop(require(name));",
      "exports.filename = __filename;",
    ].join("\n"),
  );
  writeFileSync(join(dir, "a.cjs"), "exports.value = 1;\n");
  // Bare names resolve from the file, as they do in dist/image/.
  symlinkSync(join(import.meta.dirname, "..", "..", "node_modules"), join(dir, "node_modules"));
  return dir;
}

/**
 * Loads the image in a new process and prints what its entry exports; `then` runs before it exits,
 * `before` before the image loads.
 */
function run(dir: string, uid?: number, then = "", before = "") {
  const script = `${before}
const { loadImage } = await import(${JSON.stringify(LOADER)});
const m = loadImage(${JSON.stringify(join(dir, "entry.cjs"))});
${then}
const imported = { esm: await m.imported("string-width"), cjs: await m.imported("picomatch") };
console.log(JSON.stringify({ value: m.value, os: await m.os(), esm: m.interop(${JSON.stringify(ESM_PACKAGE)}), cjs: m.interop(${JSON.stringify(CJS_PACKAGE)}), imported, filename: m.filename }));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: dir,
    encoding: "utf8",
    ...(uid === undefined ? {} : { uid, gid: uid }),
  });
  expect(r.stderr).toBe("");
  return JSON.parse(r.stdout) as { value: number; os: string; esm: boolean; cjs: boolean; imported: unknown; filename: string };
}

const mtime = (file: string) => statSync(file).mtimeMs;

describe("the start-up image's loader", () => {
  it("runs the files, serves import() and tells an ES module from a CommonJS package", () => {
    const dir = smallImage();
    expect(run(dir)).toEqual({
      value: 1,
      os: "function",
      esm: false,
      cjs: true,
      // string-width's default is its own function; picomatch's module.exports is a function too.
      imported: { esm: ["function", true], cjs: ["function", true] },
      filename: join(dir, "entry.cjs"),
    });
  });

  it("writes each file's cache at exit and reuses it (an accepted cache is not written again)", () => {
    const dir = smallImage();
    run(dir);
    const caches = ["entry.cjs.cache", "a.cjs.cache"].map((f) => join(dir, f));
    for (const c of caches) expect(existsSync(c)).toBe(true);
    const before = caches.map(mtime);
    // An accepted cache is left alone, so a second run rewrites nothing.
    utimesSync(caches[0], new Date(0), new Date(0));
    run(dir);
    expect(mtime(caches[0])).toBe(0);
    expect(mtime(caches[1])).toBe(before[1]);
  });

  it("writes a long-lived process's caches while it runs, and leaves a late one to the next run rather than delay its exit", () => {
    const dir = smallImage();
    writeFileSync(join(dir, "entry.cjs"), `${readFileSync(join(dir, "entry.cjs"), "utf8")}\nexports.late = () => require("./late.cjs");\n`);
    writeFileSync(join(dir, "late.cjs"), "exports.value = 2;\n");
    const caches = ["entry.cjs.cache", "a.cjs.cache"].map((f) => join(dir, f));
    // Waits (without a deadline of its own) until both caches are on disk, then loads one more file and exits.
    const waited = `const { existsSync } = await import("node:fs");
await new Promise((ok) => { const t = setInterval(() => { if (${JSON.stringify(caches)}.every((c) => existsSync(c))) { clearInterval(t); ok(); } }, 10); });
m.late();`;
    expect(run(dir, undefined, waited).value).toBe(1);
    expect(existsSync(join(dir, "late.cjs.cache"))).toBe(false);
    // The next run, short, writes it at its exit.
    run(dir, undefined, "m.late();");
    expect(existsSync(join(dir, "late.cjs.cache"))).toBe(true);
  });

  it("writes every pending cache of a long-lived process that is idle (nothing else wakes its event loop)", async () => {
    const dir = smallImage();
    const caches = ["entry.cjs.cache", "a.cjs.cache"].map((f) => join(dir, f));
    // As an interactive session waiting for a key: alive, and nothing due for a minute.
    const script = `const { loadImage } = await import(${JSON.stringify(LOADER)});
loadImage(${JSON.stringify(join(dir, "entry.cjs"))});
setTimeout(() => {}, 60_000);
console.log("loaded");`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, stdio: ["ignore", "pipe", "inherit"] });
    try {
      await once(child.stdout, "data");
      // The caches are due SAVE_AFTER_MS (1.5 s) after loading; the deadline is only for the failure.
      const deadline = Date.now() + 10_000;
      while (!caches.every((c) => existsSync(c)) && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 50));
      expect(caches.map((c) => existsSync(c))).toEqual([true, true]);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("reads and writes every cache under V8's own flags, in a process holding TurboFan back and in one that never did (compose/optimizer-hold.ts)", () => {
    const dir = smallImage();
    writeFileSync(join(dir, "entry.cjs"), `${readFileSync(join(dir, "entry.cjs"), "utf8")}\nexports.late = () => require("./late.cjs");\n`);
    writeFileSync(join(dir, "late.cjs"), "exports.value = 2;\n");
    const caches = ["entry.cjs.cache", "a.cjs.cache", "late.cjs.cache"].map((f) => join(dir, f));
    // A terminal's process holds TurboFan back from its start (holdOptimizer looks at the terminal; here the slot says so).
    const held = `(await import("node:v8")).setFlagsFromString("--ticks-before-optimization=1000000 --max-bytecode-size-for-early-opt=0 --no-sparkplug");
globalThis[Symbol.for("pi-kernel.optimizer-hold")] = "held";`;
    // Held: the late file is loaded during the hold, the others' caches are written at exit.
    run(dir, undefined, "m.late();", held);
    for (const c of caches) expect(existsSync(c)).toBe(true);
    // A print run (never held) accepts them all and writes none.
    for (const c of caches) utimesSync(c, new Date(0), new Date(0));
    run(dir, undefined, "m.late();");
    for (const c of caches) expect(mtime(c)).toBe(0);
    // And the other way round: caches a print run wrote, read by a held process, once released too.
    rmSync(caches[2]!);
    run(dir, undefined, "m.late();");
    utimesSync(caches[2]!, new Date(0), new Date(0));
    run(dir, undefined, `(await import(${JSON.stringify(HOLD)})).releaseOptimizer(); m.late();`, held);
    for (const c of caches) expect(mtime(c)).toBe(0);
  });

  it("never runs an edited file's old code, even at the same length (V8 checks only the length)", () => {
    const dir = smallImage();
    run(dir);
    writeFileSync(join(dir, "a.cjs"), "exports.value = 2;\n");
    utimesSync(join(dir, "a.cjs"), new Date(), new Date(Date.now() + 5_000));
    expect(run(dir).value).toBe(2);
    // …and its cache is written again for the new text.
    expect(readFileSync(join(dir, "a.cjs.cache")).readDoubleLE(8)).toBe(mtime(join(dir, "a.cjs")));
  });

  it("writes no cache for a file replaced while it ran (a rebuild under a running agent)", () => {
    const dir = smallImage();
    const a = join(dir, "a.cjs");
    // Same length, newer mtime: V8 would take a cache of the old text for the new one.
    const replace = `(await import("node:fs")).writeFileSync(${JSON.stringify(a)}, "exports.value = 3;\\n");`;
    expect(run(dir, undefined, replace).value).toBe(1);
    expect(existsSync(`${a}.cache`)).toBe(false);
    expect(existsSync(join(dir, "entry.cjs.cache"))).toBe(true);
    expect(run(dir).value).toBe(3);
  });

  it("compiles from source when a cache is damaged, and replaces it", () => {
    const dir = smallImage();
    run(dir);
    const cache = join(dir, "entry.cjs.cache");
    const damaged = readFileSync(cache);
    damaged.fill(7, 16);
    writeFileSync(cache, damaged);
    expect(run(dir).value).toBe(1);
    expect(readFileSync(cache).subarray(16).equals(damaged.subarray(16))).toBe(false);
  });

  it("caches the npm CommonJS files it requires (never an edited one's old code) and leaves import() to Node", () => {
    const dir = smallImage();
    const pkg = join(dir, "deps", "node_modules", "fake-cjs");
    mkdirSync(pkg, { recursive: true });
    const files = {
      "index.js": `const b = require("./b.js");
module.exports = { b: b.value, self: this === module.exports, resolves: require.resolve("./b.js") === require.cache[require.resolve("./b.js")].filename, file: __filename, dyn: require("./dyn.js") };`,
      "b.js": "exports.value = 1;\n",
      // A code-cached vm script cannot import() on Node 20: this file stays Node's.
      "dyn.js": 'module.exports = () => import("node:os").then((m) => typeof m.cpus);\n',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(pkg, name), text);
    writeFileSync(
      join(dir, "entry.cjs"),
      `${readFileSync(join(dir, "entry.cjs"), "utf8")}\nexports.fake = () => require(${JSON.stringify(pkg)});\n`,
    );
    const fake = () => {
      const script = `const { loadImage } = await import(${JSON.stringify(LOADER)});
const f = loadImage(${JSON.stringify(join(dir, "entry.cjs"))}).fake();
console.log(JSON.stringify({ ...f, dyn: await f.dyn() }));`;
      const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" });
      expect(r.stderr).toBe("");
      return JSON.parse(r.stdout);
    };
    const expected = { b: 1, self: true, resolves: true, file: join(pkg, "index.js"), dyn: "function" };
    expect(fake()).toEqual(expected);
    const cache = (name: string) => join(dir, "npm-cache", `fake-cjs!${name}.cache`);
    expect([existsSync(cache("index.js")), existsSync(cache("b.js")), existsSync(cache("dyn.js"))]).toEqual([true, true, false]);
    // Accepted: not written again. Edited at the same length: the new text runs, and gets its own cache.
    utimesSync(cache("index.js"), new Date(0), new Date(0));
    writeFileSync(join(pkg, "b.js"), "exports.value = 2;\n");
    utimesSync(join(pkg, "b.js"), new Date(), new Date(Date.now() + 5_000));
    expect(fake()).toEqual({ ...expected, b: 2 });
    expect(mtime(cache("index.js"))).toBe(0);
    expect(readFileSync(cache("b.js")).readDoubleLE(8)).toBe(mtime(join(pkg, "b.js")));
  });

  it("loads node:fs/promises, child_process and assert at their first use, not at the require of a file that names them", () => {
    const dir = smallImage();
    const pkg = join(dir, "deps", "node_modules", "fake-spawner");
    mkdirSync(pkg, { recursive: true });
    writeFileSync(
      join(pkg, "index.js"),
      [
        'const cp = require("child_process");',
        'const assert = require("assert");',
        "exports.spawnSync = (...a) => cp.spawnSync(...a);",
        // Checks that hold load nothing; a failing one is Node's own, with its error.
        'exports.check = (a, b) => { assert(a); assert.ok(a); assert.equal(a, b); assert.strictEqual(a, b); return "held"; };',
      ].join("\n"),
    );
    writeFileSync(join(dir, "fsp.cjs"), 'const fsp = require("node:fs/promises");\nexports.read = (f) => (0, fsp.readFile)(f, "utf8");\n');
    writeFileSync(
      join(dir, "entry.cjs"),
      `${readFileSync(join(dir, "entry.cjs"), "utf8")}\nexports.fsp = require("./fsp.cjs");\nexports.fake = () => require(${JSON.stringify(pkg)});\n`,
    );
    // A CommonJS process: its own start loads neither module (an ES module one loads fs/promises).
    const script = `const { loadImage } = require(${JSON.stringify(fileURLToPath(LOADER))});
const has = (m) => process.moduleLoadList.includes("NativeModule " + m);
const m = loadImage(${JSON.stringify(join(dir, "entry.cjs"))});
const fake = m.fake();
const held = fake.check(1, 1);
const before = [has("fs/promises"), has("child_process"), has("assert")];
const failed = [[1, 2], [0, 0], ["1", 1]].map(([a, b]) => { try { return fake.check(a, b); } catch (e) { return e.code; } });
m.fsp.read(${JSON.stringify(join(dir, "a.cjs"))}).then((text) => {
  const status = fake.spawnSync(process.execPath, ["-e", "0"]).status;
  const after = [has("fs/promises"), has("child_process"), has("assert")];
  console.log(JSON.stringify({ held, before, failed, after, text, status, keys: Object.keys(m.fsp) }));
});`;
    const r = spawnSync(process.execPath, ["-e", script], { cwd: dir, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual({
      held: "held",
      before: [false, false, false],
      // "1" == 1 holds for equal (Node's own check), not for strictEqual.
      failed: ["ERR_ASSERTION", "ERR_ASSERTION", "ERR_ASSERTION"],
      after: [true, true, true],
      text: "exports.value = 1;\n",
      status: 0,
      keys: ["read"],
    });
  });

  it.runIf(process.getuid?.() === 0)("runs from an image it cannot write to (no cache, no error)", () => {
    const dir = smallImage();
    chmodSync(dir, 0o755);
    expect(run(dir, 65534).value).toBe(1);
    expect(existsSync(join(dir, "entry.cjs.cache"))).toBe(false);
  });
});

describe("pi runs from the start-up image", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  /** The ES module files of dist/ that a `pi -p hi` run loads. */
  async function esmLoads(env: Record<string, string>): Promise<string[]> {
    const loads = recordLoads(/\/dist\//);
    const { project, agentDir } = makeProject(sim.url);
    sim.script({ text: "hi" });
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir, ...loads.env, ...env },
      timeoutMs: 30_000,
    });
    expect(r.stdout).toBe("hi\n");
    return loads.urls();
  }

  /**
   * A preload that says at exit, one line each, which of these the process loaded: Node's ES module
   * translators (`translators:`), npm files required from node_modules (`npm:`), node:v8 (`v8:`),
   * node:crypto (`crypto:`), and the built-ins an idle session has no use for (`loaded:`). All are
   * read before any line is written, so one run answers every question as a probe of its own would.
   */
  function exitProbe(): string {
    const probe = join(mkdtempSync(join(tmpdir(), "pik-probe-")), "probe.cjs");
    // child_process (with dgram) and readline load on first use; chokidar and strip-ansi are in the
    // image, so Node's ES module loader never starts. (perf_hooks: an RPC start loads undici, which loads it.)
    const unused = [
      "NativeModule child_process",
      "NativeModule dgram",
      "NativeModule readline",
      "NativeModule internal/modules/esm/translators",
    ];
    writeFileSync(
      probe,
      `const unused = ${JSON.stringify(unused)};\n` +
        'process.on("exit", () => {\n' +
        "  const loaded = process.moduleLoadList;\n" +
        "  const lines = [\n" +
        '    `translators: ${loaded.some((m) => m.endsWith("esm/translators"))}`,\n' +
        '    `npm: ${Object.keys(require.cache).filter((f) => f.includes("node_modules")).length}`,\n' +
        '    `v8: ${loaded.includes("NativeModule v8")}`,\n' +
        '    `crypto: ${loaded.includes("NativeModule crypto")}`,\n' +
        '    `loaded: ${unused.filter((m) => loaded.includes(m)).join() || "none"}`,\n' +
        "  ];\n" +
        '  process.stderr.write(`${lines.join("\\n")}\\n`);\n' +
        "});\n",
    );
    return probe;
  }
  /** The probe's lines of a run's stderr named by `keys`, in that order. */
  function probed(r: CliResult, ...keys: string[]): (string | undefined)[] {
    const lines = r.stderr.trim().split("\n");
    return keys.map((k) => lines.find((l) => l.startsWith(`${k}: `)));
  }

  // Two tests below ask different questions of the same `pi -p hi` run (the image's default,
  // a fresh project, the probe preloaded), and two of the same RPC start that sends nothing: one
  // CLI start each, not two (each start is ~0.25 s of CPU).
  let printRunOnce: Promise<CliResult> | undefined;
  function printRun(): Promise<CliResult> {
    printRunOnce ??= (async () => {
      const { project, agentDir } = makeProject(sim.url);
      sim.script({ text: "hi" });
      return runCli(["--provider", "sim", "--model", "sim-model", "-p", "hi"], {
        cwd: project,
        env: { PI_CODING_AGENT_DIR: agentDir, NODE_OPTIONS: `--require ${exitProbe()}`, PI_KERNEL_IMAGE: "1" },
      });
    })();
    return printRunOnce;
  }
  let idleRpcOnce: Promise<CliResult> | undefined;
  function idleRpc(): Promise<CliResult> {
    idleRpcOnce ??= (async () => {
      const { project, agentDir } = makeProject(sim.url);
      return runCli(["--mode", "rpc"], {
        cwd: project,
        input: "",
        env: { PI_CODING_AGENT_DIR: agentDir, NODE_OPTIONS: `--require ${exitProbe()}` },
      });
    })();
    return idleRpcOnce;
  }

  it("loads no module of dist/ as an ES module (PI_KERNEL_IMAGE=0 does)", async () => {
    // The launcher and the loader are CommonJS, and the image requires Node's built-ins for import().
    expect(await esmLoads({})).toEqual([]);
    // Nor does Node's ES module loader run at all: its translators, which every ES module (or
    // import() of a built-in) goes through, are never loaded. And no npm package is required from
    // node_modules (resolved and compiled anew by every run): what the run needs of them (the
    // frontmatter parser of the bundled skills above all) is in the image, with its code cache.
    const [translators, npm] = probed(await printRun(), "translators", "npm");
    expect(translators).toBe("translators: false");
    expect(npm).toBe("npm: 0");
    // The same probe with PI_KERNEL_IMAGE=0: Node's ES module loader runs.
    const { project, agentDir } = makeProject(sim.url);
    sim.script({ text: "hi" });
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir, NODE_OPTIONS: `--require ${exitProbe()}`, PI_KERNEL_IMAGE: "0" },
    });
    expect(probed(r, "translators")).toEqual(["translators: true"]);
    const esm = await esmLoads({ PI_KERNEL_IMAGE: "0" });
    expect(esm.some((u) => u.includes("/dist/plugins/session-jsonl/index.js"))).toBe(true);
    expect(esm.some((u) => u.includes("/dist/chunks/"))).toBe(true);
  });

  /** A preload that says at exit whether the process loaded node:crypto. */
  function cryptoProbe(): string {
    const probe = join(mkdtempSync(join(tmpdir(), "pik-crypto-")), "probe.cjs");
    writeFileSync(
      probe,
      'process.on("exit", () => process.stderr.write(`crypto: ${process.moduleLoadList.includes("NativeModule crypto")}\\n`));\n',
    );
    return probe;
  }

  it("loads no node:crypto in a --no-session read → edit → bash print run (~2 ms of start-up)", async () => {
    // Temp names and ids come from /dev/urandom (lib/tool-kit/random-bytes.ts); the kernel's
    // watcher and default session id load crypto only when used.
    const probe = cryptoProbe();
    const { project, agentDir } = makeProject(sim.url);
    sim.script(...scenarioTurns());
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "--no-session", "-p", "Make the app say goodbye"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir, NODE_OPTIONS: `--require ${probe}` },
    });
    expect(r.stdout).toBe(`${ANSWER}\n`);
    expect(r.stderr.trim()).toBe("crypto: false");
  });

  it("loads no node:v8 in a short print run (a terminal's held optimizer, a long stream and a long session file set V8 flags)", async () => {
    const r = await printRun();
    expect(r.stdout).toBe("hi\n");
    expect(probed(r, "v8")).toEqual(["v8: false"]);
  });

  it("loads none of the interactive UI's chunks in a print run (the app's tui modules are one chunk: scripts/bundle-dist.mjs)", async () => {
    // Every image file goes through a vm.Script named by its path. Print runs load the tree layout
    // and the themes' tokens of lib/tui; the UI's own modules (renderer, editor, markdown, dialogs)
    // share one chunk that only the UI may load, or every print run would read and run all of it.
    const probe = join(mkdtempSync(join(tmpdir(), "pik-chunks-")), "probe.cjs");
    writeFileSync(
      probe,
      'const vm = require("node:vm"); const Script = vm.Script; const files = [];\n' +
        "vm.Script = function (code, options) { files.push(options?.filename ?? ''); return new Script(code, options); };\n" +
        "vm.Script.prototype = Script.prototype;\n" +
        'process.on("exit", () => process.stderr.write(`files: ${files.map((f) => f.split("/").pop()).join(" ")}\\n`));\n',
    );
    const { project, agentDir } = makeProject(sim.url);
    sim.script({ text: "hi" });
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir, NODE_OPTIONS: `--require ${probe}` },
    });
    expect(r.stdout).toBe("hi\n");
    const files = (r.stderr.trim().split("\n").at(-1) ?? "").split(" ");
    expect(files).toContain("image-entry.cjs");
    expect(files.filter((f) => /^(tui-ui|tui-keys|ui-service|shortcuts|inline-frame|fullscreen-frame)-/.test(f))).toEqual([]);
  });

  it("loads no node:crypto in an RPC start that sends nothing (mode-rpc, serve and checkpoints load it when used)", async () => {
    expect(probed(await idleRpc(), "crypto")).toEqual(["crypto: false"]);
  });

  it("loads none of the built-ins an idle session has no use for in an RPC start (issue 34: idle RSS)", async () => {
    // The probe's `loaded:` line (exitProbe above): child_process, dgram, readline, the ES module translators.
    expect(probed(await idleRpc(), "loaded")).toEqual(["loaded: none"]);
  });
});
