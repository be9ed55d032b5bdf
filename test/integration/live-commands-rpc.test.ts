// A skill and a prompt template deleted mid-session are gone for real, through the CLI: from RPC
// get_commands and from the kernel's command registry (what pi.getCommands() and the UI's slash
// completion read), with no "(removed)" placeholder left behind; new ones appear in both.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RpcProcess } from "../support/rpc-process.js";
import { BUILTIN_NAMES } from "../support/builtin-resources.js";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";

const skillMd = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nDo it.\n`;
const template = (description: string) => `---\ndescription: ${description}\n---\nDo $1.\n`;

// /cmds shows what the extension API's pi.getCommands() answers (the registry, read at once).
const extension = `export default function (pi: any) {
  pi.registerCommand("cmds", { description: "List commands", handler: async (_args: string, ctx: any) => {
    ctx.ui.notify(JSON.stringify(pi.getCommands()), "info");
  } });
}
`;

interface Info {
  name: string;
  description?: string;
}

describe("skills and templates deleted mid-session (RPC)", () => {
  let sim: Simulator;
  let root: string;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("their commands leave get_commands and the registry; new ones appear; no placeholder", async () => {
    const dirs = makeProject(sim.url);
    root = dirs.root;
    const cwd = dirs.project;
    const skill = (name: string) => join(cwd, ".pi", "skills", name, "SKILL.md");
    const prompt = (name: string) => join(cwd, ".pi", "prompts", `${name}.md`);
    mkdirSync(join(cwd, ".pi", "skills", "deploy"), { recursive: true });
    mkdirSync(join(cwd, ".pi", "prompts"), { recursive: true });
    writeFileSync(skill("deploy"), skillMd("deploy", "Deploy the app"));
    writeFileSync(prompt("greet"), template("Greets"));
    writeFileSync(join(root, "cmds.ts"), extension);
    const rpc = new RpcProcess(["--provider", "sim", "--model", "sim-model", "-e", join(root, "cmds.ts")], {
      cwd,
      env: { PI_CODING_AGENT_DIR: dirs.agentDir },
    });
    // Not the extension's own command, nor pi-kernel's built-in templates and skills.
    const mine = (c: Info) => c.name !== "cmds" && !BUILTIN_NAMES.has(c.name);
    const rpcList = async () => ((await rpc.call({ type: "get_commands" })).data.commands as Info[]).filter(mine);
    const registryList = async (): Promise<Info[]> => {
      const from = rpc.records.length;
      await rpc.call({ type: "prompt", message: "/cmds" });
      const note = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "notify", from);
      return (JSON.parse(note.message) as Info[]).filter(mine);
    };
    const names = (list: Info[]) => list.map((c) => c.name).sort();
    try {
      expect(names(await rpcList())).toEqual(["greet", "skill:deploy"]);
      expect(names(await registryList())).toEqual(["greet", "skill:deploy"]);

      rmSync(join(cwd, ".pi", "skills", "deploy"), { recursive: true });
      rmSync(prompt("greet"));
      mkdirSync(join(cwd, ".pi", "skills", "ship"), { recursive: true });
      writeFileSync(skill("ship"), skillMd("ship", "Ship the release"));
      writeFileSync(prompt("bye"), template("Says bye"));
      await vi.waitFor(async () => expect(names(await rpcList())).toEqual(["bye", "skill:ship"]), { timeout: 10_000, interval: 100 });
      const listed = await registryList();
      expect(names(listed)).toEqual(["bye", "skill:ship"]);
      expect(JSON.stringify([listed, await rpcList()])).not.toContain("removed");
    } finally {
      await rpc.close();
    }
  });
});
