// One summary request (compaction, branch summaries), streamed through the provider plugin
// (a real request, with the key the "models" service resolves), returning the reply's text.
// Side jobs go to the `small` model role when settings `modelRoles.small` names one.
import type { AssistantMessage, Model, PluginApi, ThinkingLevel } from "pi-kernel";

export interface SummaryCall {
  model: Model;
  systemPrompt: string;
  text: string;
  maxTokens: number;
  thinkingLevel: ThinkingLevel;
  signal: AbortSignal;
}

export async function complete(api: PluginApi, call: SummaryCall): Promise<string> {
  const models = api.services.get("models");
  const small = models?.role?.("small");
  const model = small?.model ?? call.model;
  const thinkingLevel = small ? (small.thinkingLevel ?? (small.model.reasoning ? call.thinkingLevel : "off")) : call.thinkingLevel;
  const provider = api.registry.get("provider", model.api);
  if (!provider) throw new Error(`no provider plugin handles api "${model.api}" (model ${model.provider}/${model.id})`);
  const apiKey = await models?.apiKey(model);
  let final: AssistantMessage | undefined;
  const stream = provider.stream(
    model,
    {
      systemPrompt: call.systemPrompt,
      messages: [{ role: "user", content: [{ type: "text", text: call.text }], timestamp: Date.now() }],
      tools: [],
    },
    {
      signal: call.signal,
      apiKey,
      maxTokens: Math.min(call.maxTokens, model.maxTokens || call.maxTokens),
      thinkingLevel,
    },
  );
  for await (const event of stream) {
    if (event.type === "done") final = event.message;
    else if (event.type === "error") final = event.error;
  }
  if (!final) throw new Error("the summary request ended without a reply");
  if (final.stopReason === "error" || final.stopReason === "aborted")
    throw new Error(`the summary request failed: ${final.errorMessage ?? final.stopReason}`);
  const text = final.content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("")
    .trim();
  if (!text) throw new Error("the model returned an empty summary");
  return text;
}
