// The `bash` command's partial output (an optional extension of pi's protocol, asked for with
// `"stream": true`): while the command runs, the client that sent it gets
// `{type: "bash_output", id, output}` records, `output` being the bounded tail of what it printed so
// far (each record replaces the last). Clients that do not ask get nothing new, so pi's RpcClient
// is unaffected. Records are sent at most every OUTPUT_EVERY_MS, so a chatty command does not
// flood the socket; the response carries the final output, and nothing is sent after it.
import type { RpcContext } from "./handler.js";

const OUTPUT_EVERY_MS = 100;

export function streamBashOutput(ctx: RpcContext, id: unknown): { onData(tail: string): void; end(): void } {
  let latest: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    if (latest === undefined) return;
    ctx.send({ type: "bash_output", ...(id !== undefined && { id }), output: latest });
    latest = undefined;
  };
  return {
    onData(tail) {
      latest = tail;
      // The first chunk goes at once (a prompt's first line shows without delay), later ones batched.
      if (!timer) {
        flush();
        timer = setTimeout(flush, OUTPUT_EVERY_MS);
      }
    },
    end() {
      clearTimeout(timer);
      timer = undefined;
      latest = undefined;
    },
  };
}
