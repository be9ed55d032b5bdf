// The ACP connection on stdin/stdout (newline-delimited JSON-RPC, the official SDK): initialize,
// sessions, prompts, cancel, modes and config options. stdout carries the protocol alone (the CLI
// sent every other stdout write to stderr before any plugin loaded). Serves until stdin closes.
import { Readable } from "node:stream";
import { agent, ndJsonStream, PROTOCOL_VERSION, type AgentCapabilities } from "@agentclientprotocol/sdk";
import type { PluginApi } from "pi-kernel";
import { exitOnSignals, guardStdout } from "../../lib/mode-kit/index.js";
import { agentInfo } from "./agent-info.js";
import { configOptions, setConfigOption, setMode } from "./config.js";
import { jobsCapability, serveJobMethods } from "./jobs.js";
import { permissionAsker } from "./permission.js";
import { registryLookup } from "./tool-info.js";
import { AcpPrompts } from "./prompt.js";
import { AcpSessions } from "./sessions.js";
import type { AcpState } from "./state.js";
import { EventBridge } from "./updates.js";

export async function serve(api: PluginApi, state: AcpState): Promise<number> {
  const bridge = new EventBridge(api, state);
  const sessions = new AcpSessions(api, state, bridge);
  const prompts = new AcpPrompts(api, state, bridge, sessions);
  const out = guardStdout();
  const decoder = new TextDecoder();
  const output = new WritableStream<Uint8Array>({ write: (chunk) => out.write(decoder.decode(chunk, { stream: true })) });
  const input = Readable.toWeb(process.stdin) as unknown as ReadableStream<Uint8Array>;

  const app = agent({ name: "pi-kernel" })
    .onRequest("initialize", ({ params }) => {
      state.caps = params.clientCapabilities ?? {};
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: capabilities(api),
        authMethods: [],
        agentInfo: agentInfo(),
      };
    })
    .onRequest("session/new", ({ params }) => sessions.create(params))
    .onRequest("session/load", ({ params }) => sessions.load(params))
    .onRequest("session/prompt", ({ params }) => prompts.prompt(params))
    .onNotification("session/cancel", ({ params }) => prompts.cancel(params.sessionId))
    .onRequest("session/set_mode", async ({ params }) => {
      await sessions.activate(params.sessionId);
      setMode(api, params.modeId);
      return {};
    })
    .onRequest("session/set_config_option", async ({ params }) => {
      await sessions.activate(params.sessionId);
      setConfigOption(api, params.configId, params.value);
      return { configOptions: configOptions(api) };
    });

  serveJobMethods(app, api);
  const connection = app.connect(ndJsonStream(output, input));
  state.client = connection.client;
  state.bridge = bridge;
  const undo = [exitOnSignals({ abort: () => api.actions.abort(), waitForIdle: () => api.actions.waitForIdle() })];
  const permissions = api.services.get("permissions");
  if (permissions) {
    undo.push(permissions.setAsker(permissionAsker(state, () => api.cwd, registryLookup(api))));
    undo.push(
      permissions.onModeChange((mode) => {
        if (!state.sessionId) return;
        bridge.send({ sessionUpdate: "current_mode_update", currentModeId: mode });
        bridge.send({ sessionUpdate: "config_option_update", configOptions: configOptions(api) });
      }),
    );
  }
  await connection.closed;
  // stdin closed: stop the run, then leave.
  api.actions.abort();
  await api.actions.waitForIdle();
  state.client = undefined;
  state.bridge = undefined;
  state.sessionId = undefined;
  for (const fn of undo.reverse()) fn();
  await out.flush();
  out.restore();
  return 0;
}

function capabilities(api: PluginApi): AgentCapabilities {
  return {
    loadSession: api.services.has("sessions"),
    promptCapabilities: { image: true, audio: false, embeddedContext: true },
    mcpCapabilities: { http: api.services.has("mcp"), sse: api.services.has("mcp") },
    // Extensions are advertised in _meta (ACP's extensibility rules): the jobs methods (jobs.ts).
    ...(jobsCapability(api) && { _meta: { "pi-kernel": jobsCapability(api) } }),
  };
}
