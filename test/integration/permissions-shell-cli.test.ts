// Bash permission rules against hostile shell spellings, through the real CLI in print mode and the
// loopback simulator: every spelling that hides `rm` (quotes, backslashes, paths, a tab, comments,
// ANSI-C quoting, subshells, groups, if, !, substitutions, wrappers, `bash -c`, eval, find -exec,
// a here-doc fed to a shell, a name built from a variable) is refused and its file stays; allow
// rules still let plain commands run without a question, but never a command they do not cover.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const MODEL = ["--provider", "sim", "--model", "sim-model"];

function toolResults(sim: { requests: { body: unknown }[] }, from: number): string[] {
  const body = sim.requests.slice(from).at(-1)!.body as { messages: { role: string; content: string }[] };
  return body.messages.filter((m) => m.role === "tool").map((m) => m.content);
}

/** Hostile spellings of `rm <file>`; `@` stands for the file each one targets. */
const HIDDEN_RM = [
  '"rm" @',
  "\\rm @",
  "r''m @",
  "/bin/rm @",
  "rm\t@",
  "# it's \"a note\nrm @",
  "echo $'\\'' ; rm @",
  "(cd . && rm @)",
  "{ rm @; }",
  "if true; then rm @; fi",
  "! rm @",
  "echo $(rm @)",
  "echo `rm @`",
  "command rm @",
  "env FOO=1 rm @",
  "time rm @",
  "nice -n 5 rm @",
  "timeout 5 rm @",
  "echo @ | xargs rm",
  "bash -c 'rm @'",
  'sh -c "rm @"',
  "eval 'rm @'",
  "find . -name @ -exec rm {} \\;",
  "X=rm; $X @",
  "bash <<'EOF'\nrm @\nEOF",
  "for f in @; do rm $f; done",
];

describe("bash rules against hostile shell spellings, through the spawned CLI", () => {
  const env = simProjects();

  function project(settings: object) {
    const p = env.project();
    writeFileSync(join(p.agentDir, "settings.json"), JSON.stringify(settings));
    const files = HIDDEN_RM.map((_, i) => `victim-${i}.txt`);
    for (const f of files) writeFileSync(join(p.project, f), "keep me\n");
    return { ...p, files };
  }

  it("a deny rule on rm refuses every spelling in yolo mode, with a bare Bash allow rule; no file is deleted", async () => {
    const { project: cwd, agentDir, files } = project({ permissions: { deny: ["Bash(rm:*)"], allow: ["Bash"] } });
    const commands = HIDDEN_RM.map((c, i) => c.replaceAll("@", files[i]));
    env.sim.script(...commands.map((command) => ({ toolCalls: [{ name: "bash", arguments: { command } }] })), { text: "done" });
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "-p", "clean up"], { cwd, env: { PI_CODING_AGENT_DIR: agentDir }, timeoutMs: 50_000 });
    expect(r.stdout).toBe("done\n");
    const results = toolResults(env.sim, from);
    expect(results).toHaveLength(commands.length);
    const through = commands.filter((_, i) => !existsSync(join(cwd, files[i])));
    expect(through).toEqual([]);
    for (const [i, result] of results.entries()) {
      expect(result, commands[i]).toMatch(
        /Permission denied by the rule Bash\(rm:\*\)|Permission needed for bash: .*cannot be judged.*No rule can allow a command that cannot be judged/s,
      );
    }
  }, 60_000);

  it("allow rules let plain commands run unasked, and never a command that hides rm (print mode in ask: denied)", async () => {
    const allow = ["Bash(echo:*)", "Bash(ls:*)", "Bash(cat:*)", "Bash(git status:*)"];
    const { project: cwd, agentDir, files } = project({ permissions: { allow } });
    mkdirSync(join(cwd, "sub"));
    const plain = ["ls -la sub && echo one | cat", "echo 'a && b' ; ls\tsub"];
    const hostile = HIDDEN_RM.map((c, i) => c.replaceAll("@", files[i])).map((c) => `echo hi ; ${c}`);
    hostile.push(`echo hi # it's\nrm ${files[0]}`, `echo $'\\'' ; rm ${files[1]}`);
    const commands = [...plain, ...hostile];
    env.sim.script(...commands.map((command) => ({ toolCalls: [{ name: "bash", arguments: { command } }] })), { text: "done" });
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--permission-mode", "ask", "-p", "go"], {
      cwd,
      env: { PI_CODING_AGENT_DIR: agentDir },
      timeoutMs: 50_000,
    });
    expect(r.stdout).toBe("done\n");
    const results = toolResults(env.sim, from);
    expect(results[0]).toMatch(/one$/);
    expect(results[1]).toBe("a && b");
    const through = files.filter((f) => !existsSync(join(cwd, f)));
    expect(through).toEqual([]);
    for (const [i, result] of results.slice(2).entries()) expect(result, hostile[i]).toMatch(/Permission needed for bash/);
    expect(readFileSync(join(cwd, files[0]), "utf8")).toBe("keep me\n");
  }, 60_000);
});

describe("the bash parser loads lazily", () => {
  const env = simProjects();

  /** Runs one print turn with a bash call and says whether the process required the parser. */
  async function parserLoaded(settings: object, mode: string): Promise<{ loaded: boolean; result: string }> {
    const { project: cwd, agentDir, root } = env.project();
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify(settings));
    const log = join(root, "required.txt");
    // require() of a package goes through Module._resolveFilename, from source and from the image alike.
    const preload = join(root, "record-requires.cjs");
    writeFileSync(
      preload,
      `const Module = require("node:module"); const fs = require("node:fs");
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (/tree-sitter/.test(request)) fs.appendFileSync(${JSON.stringify(log)}, request + "\\n");
  return resolve.call(this, request, ...rest);
};`,
    );
    env.sim.script({ toolCalls: [{ name: "bash", arguments: { command: "echo hi" } }] }, { text: "done" });
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--permission-mode", mode, "-p", "go"], {
      cwd,
      env: { PI_CODING_AGENT_DIR: agentDir, NODE_OPTIONS: `--require ${preload}` },
    });
    expect(r.stdout).toBe("done\n");
    return { loaded: existsSync(log) && readFileSync(log, "utf8").includes("web-tree-sitter"), result: toolResults(env.sim, from)[0] };
  }

  it("not in a run without bash rules; at the first bash call a bash rule has to judge", async () => {
    expect(await parserLoaded({}, "yolo")).toEqual({ loaded: false, result: "hi" });
    expect(await parserLoaded({ permissions: { allow: ["Bash"], deny: ["Read(./.env)"] } }, "ask")).toEqual({
      loaded: false,
      result: "hi",
    });
    expect(await parserLoaded({ permissions: { allow: ["Bash(echo:*)"] } }, "ask")).toEqual({ loaded: true, result: "hi" });
  }, 60_000);
});
