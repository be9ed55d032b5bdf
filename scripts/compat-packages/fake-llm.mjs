// A loopback stand-in for a model, speaking the OpenAI chat-completions streaming format, so a
// package's tool can be called in both runtimes without a real provider: the first request of a run
// answers with one call of the planned tool, the next one (carrying the tool result) records that
// result and answers "done". Each run has its own base URL: http://127.0.0.1:<port>/run/<id>/v1.
import { createServer } from "node:http";

function chunk(delta, finishReason = null) {
  return {
    id: "compat",
    object: "chat.completion.chunk",
    created: 0,
    model: "fake",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

function toolCallChunks(plan) {
  const call = {
    index: 0,
    id: "call_compat_1",
    type: "function",
    function: { name: plan.tool, arguments: JSON.stringify(plan.args ?? {}) },
  };
  return [chunk({ role: "assistant", tool_calls: [call] }), chunk({}, "tool_calls")];
}

function textChunks(text) {
  return [chunk({ role: "assistant", content: text }), chunk({}, "stop")];
}

function sendStream(res, chunks) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const c of chunks) res.write(`data: ${JSON.stringify(c)}\n\n`);
  res.write(
    `data: ${JSON.stringify({ ...chunk({}), choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`,
  );
  res.end("data: [DONE]\n\n");
}

function toolResultText(message) {
  const content = message.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p === "string" ? p : (p.text ?? `[${p.type}]`))).join("\n");
  return JSON.stringify(content);
}

/** Starts the server; `plan(id, plan)` sets what a run's model does, `results(id)` reads what came back. */
export async function startFakeLlm() {
  const plans = new Map();
  const seen = new Map();
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => {
      body += d;
    });
    req.on("end", () => {
      const id = /^\/run\/([^/]+)\//.exec(req.url ?? "")?.[1] ?? "";
      const plan = plans.get(id);
      let request = {};
      try {
        request = JSON.parse(body || "{}");
      } catch {
        // An unparsable body still gets an answer, so the runtime never hangs on us.
      }
      const messages = Array.isArray(request.messages) ? request.messages : [];
      const toolMessages = messages.filter((m) => m.role === "tool");
      const log = seen.get(id) ?? { requests: 0, toolResults: [] };
      log.requests += 1;
      seen.set(id, log);
      if (!plan?.tool || toolMessages.length > 0) {
        log.toolResults.push(...toolMessages.map(toolResultText));
        sendStream(res, textChunks("done"));
        return;
      }
      sendStream(res, toolCallChunks(plan));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    baseUrl: (id) => `http://127.0.0.1:${port}/run/${id}/v1`,
    plan: (id, plan) => plans.set(id, plan),
    results: (id) => seen.get(id) ?? { requests: 0, toolResults: [] },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
