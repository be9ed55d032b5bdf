// Telling the model (and the user) that the sandbox, not the command, is why it failed: the
// errors a blocked write or connection produces, turned into one line that says so and what
// would allow it.
import type { SandboxConfig } from "./config.js";

const READ_ONLY = /Read-only file system|EROFS/;
const NETWORK =
  /Network is unreachable|ENETUNREACH|Could not resolve host|Temporary failure in name resolution|EAI_AGAIN|getaddrinfo|Connection refused|ECONNREFUSED/;

// socket(AF_UNIX) refused by the seccomp filter: node says "listen EPERM"/"connect EPERM",
// python and C tools "Operation not permitted" next to the socket call or path.
const UNIX_SOCKET = /\b(listen|connect|socket)\b[^\n]*(EPERM|Operation not permitted)|(EPERM|Operation not permitted)[^\n]*\bsocket/i;

export function explainBlocked(config: SandboxConfig, cwd: string, output: string): string | undefined {
  const notes: string[] = [];
  if (READ_ONLY.test(output)) {
    notes.push(
      config.mode === "read-only"
        ? `[sandbox] The sandbox (read-only) blocked a write: the whole filesystem is read-only for shell commands except a private /tmp. Writes need --sandbox workspace-write (or off).`
        : `[sandbox] The sandbox (workspace-write) blocked a write outside the workspace ${cwd} (or into its .git or agent configuration: .pi, .claude, .mcp.json): only the workspace, sandbox.allowWrite paths and a private /tmp are writable.`,
    );
  }
  if (!config.network && NETWORK.test(output))
    notes.push(
      `[sandbox] The sandbox blocked network access (shell commands have no network; set "sandbox": {"network": true} to allow it).`,
    );
  if (!config.network && UNIX_SOCKET.test(output))
    notes.push(
      `[sandbox] The sandbox refuses unix sockets while the network is off (they reach services outside it: docker, ` +
        `dbus, ssh agents); socketpair and TCP on the sandbox's own loopback work. Set "sandbox": {"network": true} to allow them.`,
    );
  return notes.length ? notes.join("\n") : undefined;
}
