// Google's Cloud Code Assist (api "google-gemini-cli"): the Gemini CLI and Antigravity sign-ins.
// The Gemini request travels wrapped as `{project, model, request}` to `/v1internal:
// streamGenerateContent`, and each answer frame comes wrapped as `{"response": {...}}`; the key is
// pi's JSON `{"token", "projectId"}` from the sign-in.
import { randomUUID } from "node:crypto";
import type { LlmContext, Model, StreamOptions } from "pi-kernel";
import { type SseEvent, type Wire, type WireRequest, withModelHeaders } from "../../lib/provider-kit/index.js";
import { antigravitySystemInstruction } from "./antigravity.js";
import { innerFrame } from "./cloud-code-frames.js";
import { buildBody } from "./request.js";
import { geminiWire } from "./stream.js";

const CLIENT_METADATA = JSON.stringify({ ideType: "IDE_UNSPECIFIED", platform: "PLATFORM_UNSPECIFIED", pluginType: "GEMINI" });
const GEMINI_CLI_HEADERS = {
  "user-agent": "google-cloud-sdk vscode_cloudshelleditor/0.1",
  "x-goog-api-client": "gl-node/22.17.0",
  "client-metadata": CLIENT_METADATA,
};
const ANTIGRAVITY_HEADERS = {
  "user-agent": "antigravity/1.11.5 darwin/arm64",
  "x-goog-api-client": "google-cloud-sdk vscode_cloudshelleditor/0.1",
  "client-metadata": CLIENT_METADATA,
};

export const cloudCodeWire: Wire = {
  request: (model, context, options, apiKey, settings) => buildCloudCodeRequest(model, context, options, apiKey, settings),
  decode: (batches, out, model) => geminiWire.decode(unwrapped(batches), out, model),
};

function credentials(apiKey: string | undefined): { token: string; projectId: string } {
  let parsed: { token?: unknown; projectId?: unknown } | undefined;
  try {
    parsed = apiKey ? JSON.parse(apiKey) : undefined;
  } catch {
    parsed = undefined;
  }
  if (typeof parsed?.token !== "string" || typeof parsed.projectId !== "string") {
    throw new Error("Google Cloud Code Assist needs a Google sign-in: run /login (Gemini CLI or Antigravity)");
  }
  return { token: parsed.token, projectId: parsed.projectId };
}

export function buildCloudCodeRequest(
  model: Model,
  context: LlmContext,
  options: StreamOptions,
  apiKey: string | undefined,
  settings?: Readonly<Record<string, unknown>>,
): WireRequest {
  const { token, projectId } = credentials(apiKey);
  const antigravity = model.provider === "google-antigravity";
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "text/event-stream",
    authorization: `Bearer ${token}`,
    ...(antigravity ? ANTIGRAVITY_HEADERS : GEMINI_CLI_HEADERS),
  };
  const request = buildBody(model, context, options, settings);
  if (antigravity) request.systemInstruction = antigravitySystemInstruction(context.systemPrompt);
  const body: Record<string, unknown> = {
    project: projectId,
    model: model.id,
    request,
    // Antigravity's own client names itself and its agent requests so.
    userAgent: antigravity ? "antigravity" : "pi-coding-agent",
    requestId: `${antigravity ? "agent" : "pi"}-${randomUUID()}`,
  };
  if (antigravity) body.requestType = "agent";
  const url = `${model.baseUrl.replace(/\/+$/, "")}/v1internal:streamGenerateContent?alt=sse`;
  return { url, headers: withModelHeaders(headers, model), body };
}

/** Each frame's `response` as a plain Gemini frame (errors, which come unwrapped, pass as they are). */
async function* unwrapped(batches: AsyncIterable<Iterable<SseEvent>>): AsyncGenerator<Iterable<SseEvent>> {
  for await (const batch of batches) {
    const events: SseEvent[] = [];
    for (const event of batch) {
      const inner = innerFrame(event.data);
      events.push(inner === undefined ? event : { ...event, data: inner });
    }
    yield events;
  }
}
