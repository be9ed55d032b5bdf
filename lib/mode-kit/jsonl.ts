// Strict JSONL framing for RPC: records end at "\n" only (a trailing "\r" is dropped), so
// U+2028 / U+2029 inside JSON strings are never taken for line breaks (Node's readline would).
import { StringDecoder } from "node:string_decoder";

export function jsonLine(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}

/** Calls `onLine` for every complete record; `onEnd` after the stream ends. */
export function readJsonl(stream: NodeJS.ReadableStream, onLine: (line: string) => void, onEnd: () => void = () => {}): () => void {
  const decoder = new StringDecoder("utf8");
  let buffer = "";
  const emit = (line: string) => onLine(line.endsWith("\r") ? line.slice(0, -1) : line);
  const onData = (chunk: Buffer | string) => {
    buffer += typeof chunk === "string" ? chunk : decoder.write(chunk);
    let at = buffer.indexOf("\n");
    let start = 0;
    while (at !== -1) {
      emit(buffer.slice(start, at));
      start = at + 1;
      at = buffer.indexOf("\n", start);
    }
    buffer = buffer.slice(start);
  };
  const finish = () => {
    buffer += decoder.end();
    if (buffer.length > 0) emit(buffer);
    buffer = "";
    onEnd();
  };
  stream.on("data", onData);
  stream.on("end", finish);
  return () => {
    stream.off("data", onData);
    stream.off("end", finish);
  };
}
