// Collects a command's output with bounded memory. Small outputs stay in memory whole. Once the
// output outgrows what the model will be shown, everything is streamed to a private temp file
// (so the full text stays available) and only a tail is kept in memory.
import { randomBytes } from "../random-bytes.js";
import { createWriteStream, type WriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_LIMITS, type Limits } from "../output/truncate.js";

export class OutputSink {
  totalBytes = 0;
  private newlines = 0;
  private lastByte = -1;
  private chunks: Buffer[] = [];
  private retained = 0;
  private spill?: WriteStream;
  /** Set once output is being saved to disk. */
  spillPath?: string;
  spillError?: Error;

  constructor(private readonly limits: Limits = DEFAULT_LIMITS) {}

  /** Lines so far; a final newline ends the last line rather than starting one. */
  get totalLines(): number {
    return this.newlines + (this.totalBytes > 0 && this.lastByte !== 10 ? 1 : 0);
  }

  /** False when the disk is behind: the caller should pause its sources until `onDrain`. */
  write(chunk: Buffer): boolean {
    this.totalBytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.newlines += 1;
    if (chunk.length > 0) this.lastByte = chunk[chunk.length - 1];
    this.chunks.push(chunk);
    this.retained += chunk.length;
    if (!this.spill && !this.spillError && this.needsSpill()) this.startSpill();
    if (this.spill || this.spillError) this.trimTail();
    return this.spill ? this.spill.write(chunk) : true;
  }

  onDrain(fn: () => void): void {
    if (this.spill?.writableNeedDrain) this.spill.once("drain", fn);
    else fn();
  }

  /** The retained output, decoded. It is the whole output unless it was spilled. */
  tailText(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }

  /** Flushes the spill file; safe to call more than once. */
  async close(): Promise<void> {
    const spill = this.spill;
    if (!spill || spill.closed) return;
    await new Promise<void>((resolve) => {
      spill.once("close", resolve);
      spill.end();
    });
  }

  private needsSpill(): boolean {
    return this.totalBytes > this.limits.maxBytes || this.totalLines > this.limits.maxLines;
  }

  private startSpill(): void {
    this.spillPath = join(tmpdir(), `pi-bash-${randomBytes(8).toString("hex")}.log`);
    const spill = createWriteStream(this.spillPath, { flags: "wx", mode: 0o600 });
    spill.on("error", (error) => {
      // Losing the full copy must not fail the command: the tail is still shown.
      this.spillError = error;
      this.spill = undefined;
      spill.destroy();
    });
    this.spill = spill;
    // Everything so far except the chunk being written now, which write() passes on itself.
    for (const chunk of this.chunks.slice(0, -1)) spill.write(chunk);
  }

  /** Keeps at least twice the display limit, so the shown tail never starts mid-retained-line. */
  private trimTail(): void {
    const keep = this.limits.maxBytes * 2;
    while (this.chunks.length > 1 && this.retained - this.chunks[0].length >= keep) {
      this.retained -= this.chunks.shift()!.length;
    }
  }
}
