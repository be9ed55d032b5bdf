// A pi-kernel plugin: a tool the model can call and a slash command, registered in setup().
// Load it with `pi -e examples/plugins/word-count`, or list its folder in a pi-packages.json.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { definePlugin, defineTool, Type } from "pi-kernel";

const wordCount = defineTool({
  name: "word_count",
  label: "Word count",
  description: "Count the lines, words and characters of a text file",
  promptSnippet: "word_count: count lines, words and characters of a file",
  parameters: Type.Object({ path: Type.String({ description: "File to count, relative to the working directory" }) }),
  async execute(_id, params, _signal, _onUpdate, ctx) {
    const text = await readFile(resolve(ctx.cwd, params.path), "utf8");
    const counts = {
      lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0),
      words: text.split(/\s+/).filter(Boolean).length,
      chars: text.length,
    };
    return {
      content: [{ type: "text", text: `${params.path}: ${counts.lines} lines, ${counts.words} words, ${counts.chars} characters` }],
      details: counts,
    };
  },
});

export default definePlugin({
  name: "word-count",
  setup(api) {
    api.register.tool(wordCount);
    api.register.command({
      name: "words",
      description: "Count the words of what follows",
      argumentHint: "<text>",
      source: "extension",
      // A returned string is shown to the user (print mode: written to stdout).
      handler: (args) => `${args.split(/\s+/).filter(Boolean).length} words`,
    });
  },
});
