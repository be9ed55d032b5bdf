// Writes a turn's SSE frames to a response, applying the turn's fault at the right frame.

/**
 * `closed` is a promise that settles when the response or the whole simulator closes, so every
 * wait here (delays, drains, stalls) ends promptly on `sim.close()` or a client abort.
 */
export async function writeFrames(res, frames, turn, faultFrames, closed) {
  const fault = turn.fault;
  const at = fault && fault.kind !== "status" && fault.kind !== "body" ? Math.max(0, fault.afterChunks ?? 0) : -1;
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  res.flushHeaders();
  if (!fault && !(turn.delayMs > 0) && frames.length > BATCHED_AFTER) return writeBatched(res, frames, closed);
  for (let i = 0; i <= frames.length; i++) {
    if (i === at && !(await applyFault(res, fault, faultFrames, closed))) return;
    if (i === frames.length) break;
    if (i > 0 && turn.delayMs > 0) await race(sleep(turn.delayMs), closed);
    if (!(await write(res, frames[i], closed))) return;
  }
  if (!res.destroyed) res.end();
}

/**
 * Frames of a long turn without faults or pauses go out as a fast server's do: many a write,
 * honouring backpressure, not one write and one wait per frame (which made the simulator itself the
 * bottleneck of the streaming benches: ~4 s of its CPU for 200,000 frames). Short turns keep the
 * one-by-one path, so tests see each frame written on its own as before.
 */
const BATCHED_AFTER = 1_000;
const BATCH_BYTES = 64 * 1024;

async function writeBatched(res, frames, closed) {
  let batch = "";
  for (const frame of frames) {
    batch += frame;
    if (batch.length < BATCH_BYTES) continue;
    if (!(await writeWithBackpressure(res, batch, closed))) return;
    batch = "";
  }
  if (batch && !(await writeWithBackpressure(res, batch, closed))) return;
  if (!res.destroyed) res.end();
}

async function writeWithBackpressure(res, text, closed) {
  if (res.destroyed || res.writableEnded) return false;
  if (!res.write(text)) await race(new Promise((resolve) => res.once("drain", resolve)), closed);
  return !res.destroyed;
}

/** Returns whether writing should carry on after the fault. */
async function applyFault(res, fault, faultFrames, closed) {
  switch (fault.kind) {
    case "disconnect":
      // Let frames already handed to the socket go out first, then cut it like a dropped link.
      await new Promise((resolve) => setImmediate(resolve));
      res.socket?.destroy();
      return false;
    case "malformed":
      // The rest still follows, so a client that skips bad chunks would wrongly look healthy.
      return write(res, faultFrames.malformed, closed);
    case "error":
      // The API's own error event inside the 200 stream; the server then ends the response.
      if (await write(res, faultFrames.error(fault), closed)) res.end();
      return false;
    case "stall":
      if (fault.ms === undefined) {
        await closed;
        return false;
      }
      await race(sleep(fault.ms), closed);
      return !res.destroyed;
    default:
      throw new Error(`simulator: unknown fault kind ${JSON.stringify(fault.kind)}`);
  }
}

// Waits until the frame reaches the socket, so a disconnect right after it cannot discard it.
async function write(res, frame, closed) {
  if (res.destroyed || res.writableEnded) return false;
  await race(new Promise((resolve) => res.write(frame, resolve)), closed);
  return !res.destroyed;
}

// Timers are unref'd: a stalled turn must never keep a test process alive.
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function race(promise, closed) {
  return Promise.race([promise.catch(() => {}), closed]);
}

/** Sends an error status with the format's real error body and retry headers. */
export function writeStatusFault(res, fault, format) {
  const status = fault.status ?? 500;
  const headers = { "content-type": "application/json" };
  if (fault.retryAfter !== undefined) headers["retry-after"] = String(fault.retryAfter);
  if (fault.retryAfterMs !== undefined) headers["retry-after-ms"] = String(fault.retryAfterMs);
  const body = fault.body ?? format.errorBody(status, fault.message ?? DEFAULT_MESSAGES[status] ?? `Simulated error ${status}`);
  res.writeHead(status, headers);
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

const DEFAULT_MESSAGES = {
  429: "Rate limit exceeded (simulated)",
  500: "Internal server error (simulated)",
  503: "Service unavailable (simulated)",
  529: "Overloaded (simulated)",
};

/** A 200 that is not an event stream: a JSON body (a server ignoring `stream: true`) or nothing. */
export function writeBodyFault(res, fault) {
  const body = fault.body ?? "";
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(200, { "content-type": fault.contentType ?? (text === "" ? "text/event-stream" : "application/json") });
  res.end(text);
}
