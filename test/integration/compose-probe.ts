// What a composed agent is made of, as the real CLI reports it: the spawned `pi --mode rpc` answers
// get_commands (extension, prompt and skill commands, with where each came from) and one prompt,
// whose request to the simulator lists the tools the model is offered; `pi -p /help` lists every
// command, the built-in ones too.
import type { SimProjects } from "../support/sim-projects.js";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";

export interface Composed {
  tools: string[];
  /** get_commands: pi's list (extension, prompt and skill commands). */
  commands: { name: string; source: string; path: string }[];
  /** Every command `/help` lists, sorted. */
  help: string[];
  stderr: string;
}

export async function probeAgent(sims: SimProjects, p: { project: string; agentDir: string }, args: string[]): Promise<Composed> {
  const rpc = new RpcProcess([...args, "--provider", "sim", "--model", "sim-model", "--no-session"], {
    cwd: p.project,
    env: { PI_CODING_AGENT_DIR: p.agentDir },
  });
  try {
    const listed = await rpc.call({ type: "get_commands" });
    const commands = (listed.data?.commands ?? []).map((c: { name: string; source: string; sourceInfo?: { path?: string } }) => ({
      name: c.name,
      source: c.source,
      path: c.sourceInfo?.path ?? "",
    }));
    const start = sims.sim.requests.length;
    sims.sim.script({ text: "composed" });
    const from = rpc.records.length;
    await rpc.call({ type: "prompt", message: "which tools?" });
    await rpc.waitFor((r) => r.type === "agent_end", from, 15_000);
    const request = sims.sim.requests[start];
    if (!request) throw new Error(`no request reached the simulator; stderr: ${rpc.stderr}`);
    const tools = (request.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name).sort() as string[];
    const help = await runCli([...args, "--no-session", "-p", "/help"], { cwd: p.project, env: { PI_CODING_AGENT_DIR: p.agentDir } });
    const names = [...help.stdout.matchAll(/^\s+\/(\S+)/gm)].map((m) => m[1]!).sort();
    return { tools, commands, help: names, stderr: rpc.stderr };
  } finally {
    await rpc.close();
  }
}
