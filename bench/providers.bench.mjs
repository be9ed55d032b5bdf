// CPU time to consume a 200,000-token streamed answer, per wire format: the simulator's frames
// for one long turn (one token per delta, as real APIs stream), fed in 16 KiB network-sized
// pieces through each provider's compiled decoder. No network. Target: under 1 s of CPU.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./measure.mjs";
import * as anthropic from "../demo/simulator/anthropic.mjs";
import * as cloudcode from "../demo/simulator/cloudcode.mjs";
import * as gemini from "../demo/simulator/gemini.mjs";
import * as openai from "../demo/simulator/openai.mjs";
import * as responses from "../demo/simulator/responses.mjs";
import { normalizeTurn } from "../demo/simulator/turns.mjs";

export const title = "providers: CPU to decode a 200,000-token streamed answer";

const TOKENS = 200_000;
const FORMATS = [
  { name: "anthropic-messages", format: anthropic, plugin: "provider-anthropic", wire: "anthropicWire", path: "/v1/messages" },
  {
    name: "openai-completions",
    format: openai,
    plugin: "provider-openai-completions",
    wire: "chatCompletionsWire",
    path: "/v1/chat/completions",
  },
  { name: "openai-responses", format: responses, plugin: "provider-openai-responses", wire: "responsesWire", path: "/v1/responses" },
  {
    name: "google-generative-ai",
    format: gemini,
    plugin: "provider-google",
    wire: "geminiWire",
    path: "/v1beta/models/m:streamGenerateContent",
  },
  // Gemini CLI / Antigravity sign-ins: Gemini's frames, each wrapped as {"response": ...}.
  { name: "google-gemini-cli", format: cloudcode, plugin: "provider-google", file: "cloud-code.js", wire: "cloudCodeWire", path: "" },
];

// Real response ids are this long; the compact shape keeps the bench's old short one.
const RESPONSE_ID = { false: "resp_bench", true: "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT" };

const dist = (...parts) => pathToFileURL(join(ROOT, "dist", ...parts)).href;

export async function rows(runs) {
  const { MessageAssembler, decodeBytes } = await import(dist("lib", "provider-kit", "index.js"));
  const out = [];
  // The simulator's compact events, then full-size ones (every field the real APIs send, ~270 bytes).
  for (const fullEvents of [false, true]) for (const f of FORMATS) out.push(await row(f, fullEvents, runs, MessageAssembler, decodeBytes));
  return out;
}

async function row(f, fullEvents, runs, MessageAssembler, decodeBytes) {
  // "word " is about one token; one token per delta is the worst case a real API sends.
  const turn = normalizeTurn(
    { text: "word ".repeat(TOKENS), chunkSize: 5, usage: { input: 10, output: TOKENS }, fullEvents },
    { stream_options: { include_usage: true } },
    () => "id",
  );
  {
    const wire = (await import(dist("plugins", f.plugin, f.file ?? "stream.js")))[f.wire];
    const bytes = Buffer.from(
      f.format
        .frames(
          turn,
          { model: fullEvents ? "gpt-4.1-2025-04-14" : "m", stream_options: { include_usage: true } },
          RESPONSE_ID[fullEvents],
          f.path,
        )
        .join(""),
      "utf8",
    );
    const model = {
      id: "m",
      name: "m",
      api: f.name,
      provider: "bench",
      baseUrl: "",
      reasoning: false,
      input: ["text"],
      cost: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
      contextWindow: 1e6,
      maxTokens: 1e6,
    };
    const times = [];
    for (let i = 0; i < (runs || 5); i++)
      times.push(await consume((body, out) => decodeBytes(wire, body, out, model), MessageAssembler, model, bytes));
    times.sort((a, b) => a - b);
    return {
      name: `${f.name} (${(bytes.length / 1e6).toFixed(0)} MB SSE${fullEvents ? ", full-size events" : ""})`,
      n: times.length,
      min: times[0],
      median: times[Math.floor(times.length / 2)],
      max: times.at(-1),
      unit: "ms CPU",
    };
  }
}

async function consume(decode, MessageAssembler, model, bytes) {
  const assembler = new MessageAssembler(model);
  async function* pieces() {
    for (let i = 0; i < bytes.length; i += 16_384) yield bytes.subarray(i, i + 16_384);
  }
  const before = process.cpuUsage();
  // Deltas of one network read arrive merged: count the text they carry, not the events.
  let streamed = 0;
  for await (const event of decode(pieces(), assembler)) if (event.type === "text_delta") streamed += event.delta.length;
  const used = process.cpuUsage(before);
  if (streamed !== TOKENS * 5) throw new Error(`${model.api}: expected ${TOKENS * 5} characters of deltas, got ${streamed}`);
  return (used.user + used.system) / 1000;
}
