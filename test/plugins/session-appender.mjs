// A child process for the crash tests: it opens (or creates) a session with the compiled session
// library, takes its lock like the plugin does, then either appends entries as fast as it can
// (reporting each one on stdout) until it is killed, or just holds the lock.
import { acquireLock } from "../../dist/plugins/session-jsonl/format/lock.js";
import { Session } from "../../dist/plugins/session-jsonl/model/session.js";

const [mode, file] = process.argv.slice(2);
const report = (message) => process.stderr.write(`${message}\n`);
const session = Session.open(file, report);
const lock = acquireLock(file);
if (!lock.ok) {
  process.stdout.write(`locked-by ${lock.pid}\n`);
  process.exit(2);
}
process.stdout.write("ready\n");
if (mode === "hold") {
  setInterval(() => {}, 1000);
} else {
  // Big entries make a kill in the middle of a write likely.
  const filler = "x".repeat(256 * 1024);
  for (let i = 0; ; i++) {
    const e = session.append({ type: "message", message: { role: "user", content: `entry ${i} ${filler}`, timestamp: Date.now() } });
    process.stdout.write(`wrote ${e.id}\n`);
    if (i % 8 === 0) await new Promise((r) => setImmediate(r));
  }
}
