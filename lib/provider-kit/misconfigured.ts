// Answers that retrying cannot fix, because the endpoint is wrong rather than busy: a baseUrl that
// is not a URL, a 200 with a JSON body instead of an event stream, an empty 200. Each fails at once
// with a message naming the provider and, for a models.json model, the file to fix.
import type { Model } from "pi-kernel";
import { StreamProtocolError } from "./errors.js";

/**
 * Where a model was configured: the models plugin sets `source` (the models.json path) on the models
 * it reads from that file; other models have none.
 */
export function modelSource(model: Model): string | undefined {
  const source = (model as Model & { source?: unknown }).source;
  return typeof source === "string" && source !== "" ? source : undefined;
}

/** `provider "x" (model y, from /path/models.json)` */
export function describeProvider(model: Model): string {
  const source = modelSource(model);
  return `provider "${model.provider}" (model ${model.id}${source ? `, from ${source}` : ""})`;
}

/** Throws, not retryably, when the request URL built from the model's baseUrl is not an http(s) URL. */
export function checkUrl(model: Model, url: string): void {
  let protocol: string | undefined;
  try {
    protocol = new URL(url).protocol;
  } catch {
    // reported below
  }
  if (protocol === "http:" || protocol === "https:") return;
  const fix = modelSource(model) ? `fix providers.${model.provider}.baseUrl in ${modelSource(model)}` : "fix the provider's baseUrl";
  throw new StreamProtocolError(
    `The baseUrl of ${describeProvider(model)} is not an http(s) URL: ${JSON.stringify(model.baseUrl)} (${fix})`,
  );
}

const PREVIEW = 200;

/** A 200 whose body is JSON: the server answered without streaming. */
export function notAStream(model: Model, body: string): StreamProtocolError {
  const text = body.trim();
  const preview = text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text;
  return new StreamProtocolError(
    `${capital(describeProvider(model))} answered with a JSON body instead of an event stream (is its baseUrl an endpoint that streams?)${preview ? `: ${preview}` : ""}`,
  );
}

/** A 200 with no body at all. */
export function emptyResponse(model: Model): StreamProtocolError {
  return new StreamProtocolError(`${capital(describeProvider(model))} sent an empty response (status 200, no body)`);
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
