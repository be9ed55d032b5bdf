// The floor for the streaming workloads of bench/vs-pi.mjs: a bare Node process that sends one
// streaming request to the simulator and reads the answer's bytes to the end, decoding nothing.
// An agent's wall time is compared with this one's: what is above it is the agent's own cost.
//
//   node bench/bare-reader.mjs <simulator url> <path>
const [url, path] = process.argv.slice(2);
const body = { model: "sim-model", stream: true, messages: [{ role: "user", content: "long" }], max_tokens: 8192 };
const res = await fetch(new URL(path, url), {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
let bytes = 0;
for await (const chunk of res.body) bytes += chunk.length;
process.stdout.write(`read ${bytes} bytes; word word\n`);
