// A loopback LLM server: real HTTP, real SSE framing, answers from a queue of scripted turns.
import { createServer } from "node:http";
import { StringDecoder } from "node:string_decoder";
import * as anthropic from "./anthropic.mjs";
import * as cloudcode from "./cloudcode.mjs";
import * as gemini from "./gemini.mjs";
import * as openai from "./openai.mjs";
import * as responses from "./responses.mjs";
import { normalizeTurn } from "./turns.mjs";
import { writeBodyFault, writeFrames, writeStatusFault } from "./writer.mjs";

const ROUTES = [
  {
    paths: ["/v1/chat/completions", "/chat/completions"],
    name: "openai",
    format: openai,
    callPrefix: "call_sim_",
    responsePrefix: "chatcmpl-sim-",
  },
  { paths: ["/v1/messages", "/messages"], name: "anthropic", format: anthropic, callPrefix: "toolu_sim_", responsePrefix: "msg_sim_" },
  {
    paths: ["/v1/responses", "/responses", "/codex/responses"],
    name: "responses",
    format: responses,
    callPrefix: "call_sim_",
    responsePrefix: "resp_sim_",
  },
  // Gemini says "stream" in the URL, not in the body.
  {
    pattern: /^(?:\/v1beta|\/v1)?\/models\/[^/]+:streamGenerateContent$/,
    name: "gemini",
    format: gemini,
    callPrefix: "gemini_sim_",
    responsePrefix: "gem_sim_",
    urlStreams: true,
  },
  {
    pattern: /^\/v1internal:streamGenerateContent$/,
    name: "cloudcode",
    format: cloudcode,
    callPrefix: "gemini_sim_",
    responsePrefix: "gem_sim_",
    urlStreams: true,
  },
];

const matches = (route, path) => (route.pattern ? route.pattern.test(path) : route.paths.includes(path));

/** @type {import("./index.d.mts").startSimulator} */
export async function startSimulator(options = {}) {
  const state = { queue: [], requests: [], sockets: new Set(), closing: false, ids: 0 };
  let signalClose;
  const closing = new Promise((resolve) => {
    signalClose = resolve;
  });
  const server = createServer((req, res) => {
    handle(req, res, state, closing, options).catch((error) => fail(res, error));
  });
  server.on("connection", (socket) => {
    state.sockets.add(socket);
    socket.on("close", () => state.sockets.delete(socket));
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address();
  const sim = {
    url: `http://127.0.0.1:${port}`,
    port,
    requests: state.requests,
    get remaining() {
      return state.queue.length;
    },
    script(...turns) {
      state.queue.push(...turns);
      return sim;
    },
    async close() {
      if (state.closing) return;
      state.closing = true;
      signalClose();
      const done = new Promise((resolve) => server.close(() => resolve()));
      for (const socket of state.sockets) socket.destroy();
      await done;
    },
  };
  return sim;
}

async function handle(req, res, state, closing, options) {
  const raw = await readBody(req);
  const path = new URL(req.url ?? "/", "http://sim").pathname;
  if (path.startsWith("/__sim/")) return control(req, res, path, raw, state);
  // What a local OpenAI-compatible server lists (the models plugin probes this).
  if (req.method === "GET" && (path === "/v1/models" || path === "/models")) {
    return json(res, 200, {
      object: "list",
      data: (options.models ?? ["sim-local-model"]).map((id) => ({ id, object: "model", owned_by: "simulator" })),
    });
  }
  const route = ROUTES.find((r) => req.method === "POST" && matches(r, path));
  const body = parseJson(raw);
  state.requests.push({
    method: req.method,
    path,
    headers: { ...req.headers },
    body: body.ok ? body.value : undefined,
    rawBody: raw,
    format: route?.name,
  });
  if (!route) return json(res, 404, { error: { message: `simulator: no route for ${req.method} ${path}`, type: "not_found" } });
  const { format } = route;
  if (!body.ok) return json(res, 400, format.errorBody(400, `simulator: request body is not JSON: ${body.error}`));
  if (!route.urlStreams && body.value?.stream !== true)
    return json(res, 400, format.errorBody(400, "simulator: only streaming requests (stream: true) are supported"));
  const next = state.queue.shift();
  if (next === undefined) {
    const message = `simulator script ran out: no scripted turn left for request #${state.requests.length} (${req.method} ${path})`;
    return json(res, 500, format.errorBody(500, message));
  }
  const scripted = typeof next === "function" ? await next(state.requests.at(-1)) : next;
  const turn = normalizeTurn(scripted ?? {}, body.value, () => `${route.callPrefix}${++state.ids}`);
  const responseId = `${route.responsePrefix}${++state.ids}`;
  res.setHeader(format.requestIdHeader, `req_sim_${state.ids}`);
  if (turn.fault?.kind === "status") return writeStatusFault(res, turn.fault, format);
  if (turn.fault?.kind === "body") return writeBodyFault(res, turn.fault);
  const closed = Promise.race([closing, new Promise((resolve) => res.once("close", resolve))]);
  await writeFrames(
    res,
    format.frames(turn, body.value, responseId, path),
    turn,
    {
      malformed: format.malformedFrame(responseId),
      error: (fault) =>
        format.errorFrame(fault.status ?? 529, fault.message ?? DEFAULT_STREAM_ERRORS[fault.status ?? 529] ?? "Simulated error"),
    },
    closed,
  );
}

const DEFAULT_STREAM_ERRORS = { 429: "Rate limit exceeded (simulated)", 500: "The server had an error (simulated)", 529: "Overloaded" };

// Lets a simulator in another process (serve.mjs) be scripted and inspected over HTTP.
function control(req, res, path, raw, state) {
  if (req.method === "POST" && path === "/__sim/script") {
    const turns = parseJson(raw);
    if (!turns.ok || !Array.isArray(turns.value)) return json(res, 400, { error: "expected a JSON array of turns" });
    state.queue.push(...turns.value);
    return json(res, 200, { remaining: state.queue.length });
  }
  if (req.method === "GET" && path === "/__sim/requests") return json(res, 200, state.requests);
  return json(res, 404, { error: `no control endpoint ${req.method} ${path}` });
}

// Decoded a part at a time as it arrives (a character cut between parts waits in the decoder), as
// a server reading a request in a stream would, so decoding overlaps the upload; the text is joined
// once at the end and parsed whole, as before.
function readBody(req) {
  return new Promise((resolve, reject) => {
    const decoder = new StringDecoder("utf8");
    const parts = [];
    req.on("data", (part) => parts.push(decoder.write(part)));
    req.on("end", () => {
      parts.push(decoder.end());
      resolve(parts.join(""));
    });
    req.on("error", reject);
  });
}

function parseJson(text) {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error.message };
  }
}

function json(res, status, value) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

// A bug in a scripted function must reach the test as a visible error, not a hang.
function fail(res, error) {
  if (res.headersSent) return void res.destroy();
  json(res, 500, { error: { message: `simulator: ${error?.stack ?? error}`, type: "simulator_error" } });
}
