// Typed output (--output-schema FILE): the final answer must be one JSON value valid against the
// JSON Schema in FILE. The model is told in the system prompt; a final answer that does not match
// gets one corrective follow-up naming the problems, and if the answer after it still does not
// match, print mode and `pi run` fail (exit 1). Print mode's stdout is then exactly the JSON.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type AssistantMessage, definePlugin } from "pi-kernel";
import type { OutputSchemaService } from "../../contracts/output-schema.js";
import { checkAnswer, compileSchema } from "./answer.js";

export default definePlugin({
  name: "output-schema",
  provides: ["output-schema"],
  flags: {
    "output-schema": { type: "string", description: "the final answer must be JSON valid against this JSON Schema file" },
  },
  setup(api) {
    const file = api.flags.outputSchema;
    if (typeof file !== "string" || file === "") return;
    const loaded = load(resolve(api.cwd, file));
    if (typeof loaded === "string") {
      api.on("boot", () =>
        api.diagnose({ level: "error", where: "output-schema", fatal: true, message: `--output-schema ${file}: ${loaded}` }),
      );
      return;
    }
    const { schemaText, validate } = loaded;
    const service: OutputSchemaService = { file, check: (answer) => checkAnswer(validate, answer) };
    api.services.provide("output-schema", service);
    api.on("systemPrompt", (prompt) =>
      [
        prompt,
        "## Output format",
        "Your final answer (the message you end with, once no more tool calls are needed) must be exactly one JSON value,",
        "valid against this JSON Schema, with no other text and no code fence:",
        schemaText,
      ].join("\n\n"),
    );
    let corrected = false;
    api.on("event", (event) => {
      if (event.type === "agent_start") corrected = false;
      if (event.type !== "turn_end" || corrected) return;
      const message = event.message as AssistantMessage;
      if (message.role !== "assistant" || message.stopReason === "error" || message.stopReason === "aborted") return;
      if (message.content.some((c) => c.type === "toolCall")) return;
      const verdict = checkAnswer(validate, message);
      if (verdict.ok) return;
      // Queued before the loop looks for follow-ups, so the run goes on with the correction.
      corrected = true;
      api.actions.followUp(
        `Your final answer is not valid: ${verdict.error}. Reply again with only the JSON value, valid against the schema, and nothing else.`,
      );
    });
  },
});

function load(path: string): { schemaText: string; validate: Exclude<ReturnType<typeof compileSchema>, string> } | string {
  let schema: unknown;
  try {
    schema = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : `not a JSON file: ${(error as Error).message}`;
  }
  const validate = compileSchema(schema);
  return typeof validate === "string" ? `not a valid JSON Schema: ${validate}` : { schemaText: JSON.stringify(schema), validate };
}
