// A pi extension, written against pi's own packages: it runs unchanged in pi and in pi-kernel.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { Type } from "typebox";

export default function todoCount(pi: ExtensionAPI) {
  pi.registerTool({
    name: "count_todos",
    label: "Count TODOs",
    description: "Count the TODO and FIXME markers in a file",
    parameters: Type.Object({ path: Type.String() }),
    async execute(_id, params, _signal, _onUpdate, ctx) {
      const text = await readFile(resolve(ctx.cwd, params.path), "utf8");
      const found = text.match(/\b(TODO|FIXME)\b/g) ?? [];
      return { content: [{ type: "text", text: `${params.path}: ${found.length} TODO/FIXME markers` }], details: { count: found.length } };
    },
  });
  pi.on("session_start", (_event, ctx) => {
    if (ctx.hasUI) ctx.ui.setStatus("review-kit", "review-kit loaded");
  });
}
