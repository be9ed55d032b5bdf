#!/usr/bin/env node
// The "transport swap" for pi's RpcClient: it spawns `node <cliPath> --mode rpc ...args`; this
// cliPath runs `pi attach --stdio URL` instead (the URL with its token in PI_SERVE_URL), so the
// client's JSONL goes over the WebSocket of a `pi serve`.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const bin = fileURLToPath(new URL("../../bin/pi.js", import.meta.url));
const child = spawn(process.execPath, [bin, "attach", "--stdio", process.env.PI_SERVE_URL], { stdio: "inherit" });
process.on("SIGTERM", () => child.kill("SIGTERM"));
child.on("exit", (code) => process.exit(code ?? 1));
