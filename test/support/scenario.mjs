// The read → edit → bash → answer scenario on a real temp project, shared by the end-to-end test
// and the bench: a project, an agent dir whose models.json points at the simulator, and the
// scripted turns a model would send.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const ANSWER = "The greeting now says goodbye, and the app prints it.";

export function makeProject(simUrl) {
  const root = mkdtempSync(join(tmpdir(), "pik-scenario-"));
  const project = join(root, "project");
  const agentDir = join(root, "agent");
  mkdirSync(join(project, "src"), { recursive: true });
  mkdirSync(agentDir, { recursive: true });
  writeFileSync(join(project, "src", "app.js"), 'const greeting = "hello";\nconsole.log(greeting + ", world");\n');
  writeFileSync(
    join(agentDir, "models.json"),
    JSON.stringify(
      {
        providers: {
          sim: {
            baseUrl: `${simUrl}/v1`,
            api: "openai-completions",
            apiKey: "sim-secret-key",
            models: [{ id: "sim-model", name: "Simulated", contextWindow: 200000, maxTokens: 8192 }],
          },
        },
      },
      null,
      2,
    ),
  );
  return { root, project, agentDir };
}

/** Replaces the project's models.json with two simulator models: sim-model and sim-other (reasoning). */
export function writeTwoModels(agentDir, simUrl) {
  writeFileSync(
    join(agentDir, "models.json"),
    JSON.stringify({
      providers: {
        sim: {
          baseUrl: `${simUrl}/v1`,
          api: "openai-completions",
          apiKey: "sim-secret-key",
          models: [
            { id: "sim-model", name: "Simulated", contextWindow: 200000, maxTokens: 8192 },
            { id: "sim-other", name: "Other", contextWindow: 100000, maxTokens: 4096, reasoning: true },
          ],
        },
      },
    }),
  );
}

/**
 * models.json with one simulator model per wire format: `a/m-anthropic-messages`,
 * `r/m-openai-responses`, `g/m-google-generative-ai`, `c/m-openai-completions` (reasoning), all with `apiKey`.
 */
export function writeApiModels(agentDir, simUrl, apiKey) {
  const provider = (api, baseUrl) => ({ api, baseUrl, apiKey, models: [{ id: `m-${api}`, reasoning: true }] });
  const providers = {
    a: provider("anthropic-messages", simUrl),
    r: provider("openai-responses", `${simUrl}/v1`),
    g: provider("google-generative-ai", `${simUrl}/v1beta`),
    c: provider("openai-completions", `${simUrl}/v1`),
  };
  writeFileSync(join(agentDir, "models.json"), JSON.stringify({ providers }));
}

export function scenarioTurns() {
  return [
    { text: "Let me look at the file.", toolCalls: [{ name: "read", arguments: { path: "src/app.js" } }] },
    { toolCalls: [{ name: "edit", arguments: { path: "src/app.js", edits: [{ oldText: '"hello"', newText: '"goodbye"' }] } }] },
    { toolCalls: [{ name: "bash", arguments: { command: "node src/app.js" } }] },
    { text: ANSWER },
  ];
}
