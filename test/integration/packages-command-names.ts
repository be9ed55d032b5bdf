// The command names a spawned `pi --mode rpc` lists (get_commands: extension, prompt and skill
// commands) and its stderr so far: how the packages and config tests see what an agent loaded.
import { RpcProcess } from "../support/rpc-process.js";

export async function commandNames(p: { project: string; agentDir: string }, args: string[] = [], cwd = p.project) {
  const rpc = new RpcProcess([...args, "--provider", "sim", "--model", "sim-model", "--no-session"], {
    cwd,
    env: { PI_CODING_AGENT_DIR: p.agentDir },
  });
  try {
    const listed = await rpc.call({ type: "get_commands" });
    return { names: (listed.data.commands as { name: string }[]).map((c) => c.name), stderr: rpc.stderr };
  } finally {
    await rpc.close();
  }
}
