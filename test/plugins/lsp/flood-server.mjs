// A language server that answers `initialize` and then floods: log messages and diagnostics for
// files nobody opened, as fast as it can, and never answers anything else.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const P = require("vscode-languageserver-protocol/node");
const conn = P.createProtocolConnection(new P.StreamMessageReader(process.stdin), new P.StreamMessageWriter(process.stdout));
conn.onRequest("initialize", () => {
  setImmediate(flood);
  return { capabilities: { textDocumentSync: 1 } };
});
conn.onRequest(() => new Promise(() => {}));
conn.listen();

let n = 0;
function flood() {
  for (let i = 0; i < 200; i++) {
    n += 1;
    conn.sendNotification("window/logMessage", { type: 4, message: `noise ${n} ${"x".repeat(200)}` });
    conn.sendNotification("textDocument/publishDiagnostics", { uri: `file:///elsewhere/${n}.flood`, diagnostics: [] });
    process.stderr.write(`stderr noise ${n}\n`);
  }
  setTimeout(flood, 5);
}
