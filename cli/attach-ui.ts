// The interactive UI on a served session: to come (the RPC bridge, `pi attach --stdio`, works).
import type { AttachTarget } from "./attach-target.js";

export async function attachUi(_target: AttachTarget, _opts: { ui?: string }): Promise<number> {
  process.stderr.write("pi attach: the interactive UI over a served session is not built yet; use --stdio with an RPC client\n");
  return 1;
}
