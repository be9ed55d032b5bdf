// `/jobs` for the person, in both UIs (and RPC's prompt): `/jobs` lists them (in an interactive UI,
// a picker: choose a job, then view its output or kill it), `/jobs <id>` shows a job's output,
// `/jobs kill <id>` kills one.
import type { PluginApi } from "pi-kernel";
import type { JobTable } from "./job-table.js";
import { formatList } from "./jobs-tool.js";
import { pageNote, pageTail } from "./output-page.js";

async function outputOf(table: JobTable, id: string): Promise<string> {
  const job = table.get(id);
  const page = await pageTail(job.record.outputPath, { maxLines: 40, maxBytes: 8192 });
  return [`${job.id}: ${job.record.command} (${job.state})`, page.text || "(no output yet)", pageNote(page, job.record.outputPath)]
    .filter(Boolean)
    .join("\n");
}

async function kill(table: JobTable, id: string): Promise<string> {
  const { info, pids } = await table.kill(id);
  return pids.length ? `${info.id} killed (processes ${pids.join(", ")})` : `${info.id} had already ${info.state}`;
}

async function pick(api: PluginApi, table: JobTable): Promise<string | undefined> {
  const ui = api.services.get("ui");
  const jobs = table.list();
  if (!ui || jobs.length === 0) return formatList(table);
  const lines = formatList(table).split("\n");
  const chosen = await ui.select("Background jobs", lines);
  if (!chosen) return undefined;
  const id = chosen.split(/\s+/)[0];
  const running = table.get(id).state === "running";
  const action = await ui.select(`${id}`, running ? ["Show output", "Kill"] : ["Show output"]);
  if (action === "Kill") return kill(table, id);
  if (action === "Show output") return outputOf(table, id);
  return undefined;
}

export function registerJobsCommand(api: PluginApi, table: () => JobTable): void {
  api.register.command({
    name: "jobs",
    description: "Background jobs: list, show output (/jobs <id>), kill (/jobs kill <id>)",
    argumentHint: "[<id> | kill <id>]",
    source: "builtin",
    async handler(args) {
      const words = args.trim().split(/\s+/).filter(Boolean);
      try {
        if (words.length === 0) return await pick(api, table());
        if (words[0] === "kill" && words[1]) return await kill(table(), words[1]);
        return await outputOf(table(), words[0]);
      } catch (error) {
        return (error as Error).message;
      }
    },
    getArgumentCompletions: (prefix) =>
      table()
        .list()
        .filter((j) => j.id.startsWith(prefix))
        .map((j) => ({ value: j.id, label: `${j.id} ${j.command}` })),
  });
}
