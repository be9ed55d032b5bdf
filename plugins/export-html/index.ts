// Exporting sessions: `pi --export <session.jsonl|id> [out.html]` and `/export [file]`, to a
// self-contained HTML page (tree sidebar, search, tool calls and diffs, theme colours), for a
// `.jsonl` target to a copy of the session file, and for a `.json` target to a Harbor trajectory
// (ATIF). Other session files are found and read by the "sessions" service; this plugin never
// reads the file format itself.
//
// The page's code (renderer, viewer, colours: ./export.ts) loads on the first export: every
// start loads this plugin, few runs export, and loading it was ~0.5 ms of each start.
import { definePlugin } from "pi-kernel";

const exporter = () => import("./export.js");

export default definePlugin({
  name: "export-html",
  uses: ["sessions", "themes"],
  provides: ["export"],
  setup(api) {
    api.register.surface({
      name: "export",
      description: "export a session file to HTML and exit",
      claims: (flags) => flags.export !== undefined,
      run: async ({ messages }) => {
        try {
          const out = (await exporter()).exportFile(api, String(api.flags.export), messages[0]);
          process.stdout.write(`Session exported to: ${out}\n`);
          return 0;
        } catch (error) {
          process.stderr.write(`pi: export failed: ${(error as Error).message}\n`);
          return 1;
        }
      },
    });
    // For RPC's export_html and other front ends.
    api.services.provide("export", { exportHtml: async (outputPath?: string) => (await exporter()).exportCurrent(api, outputPath ?? "") });
    api.register.command({
      name: "export",
      source: "builtin",
      argumentHint: "[file.html|file.jsonl|trajectory.json]",
      description: "Export this session to a self-contained HTML file (a .jsonl copy, or a .json Harbor trajectory)",
      handler: async (args) => `Session exported to: ${(await exporter()).exportCurrent(api, args.trim())}`,
    });
  },
});
