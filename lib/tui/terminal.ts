// Where frames go and keys come from. ProcessTerminal is the real TTY (raw mode, bracketed paste,
// the Kitty keyboard protocol's "disambiguate" level); StreamTerminal writes to any stream and is
// fed bytes by hand, for virtual terminals in tests and benches.

export interface Terminal {
  readonly columns: number;
  readonly rows: number;
  write(data: string): void;
  start(onInput: (data: string) => void, onResize: () => void): void;
  stop(): void;
}

const ENABLE = "\x1b[?2004h\x1b[>1u"; // bracketed paste; Kitty: report modified keys as CSI u
const DISABLE = "\x1b[<u\x1b[?2004l";

export class ProcessTerminal implements Terminal {
  private cleanup: (() => void) | undefined;

  constructor(
    private readonly input: NodeJS.ReadStream = process.stdin,
    private readonly output: NodeJS.WriteStream = process.stdout,
  ) {}

  get columns(): number {
    return this.output.columns || 80;
  }

  get rows(): number {
    return this.output.rows || 24;
  }

  write(data: string): void {
    this.output.write(data);
  }

  start(onInput: (data: string) => void, onResize: () => void): void {
    const wasRaw = this.input.isRaw;
    if (this.input.isTTY) this.input.setRawMode(true);
    this.input.setEncoding("utf8");
    const onData = (d: string | Buffer) => onInput(d.toString());
    this.input.on("data", onData);
    this.input.resume();
    this.output.on("resize", onResize);
    this.write(ENABLE);
    this.cleanup = () => {
      this.write(DISABLE);
      this.input.off("data", onData);
      this.output.off("resize", onResize);
      if (this.input.isTTY) this.input.setRawMode(wasRaw ?? false);
      this.input.pause();
    };
  }

  stop(): void {
    this.cleanup?.();
    this.cleanup = undefined;
  }
}

export class StreamTerminal implements Terminal {
  private onInput: ((data: string) => void) | undefined;
  private onResize: (() => void) | undefined;

  constructor(
    private readonly out: { write(data: string): unknown },
    public columns = 80,
    public rows = 24,
  ) {}

  write(data: string): void {
    this.out.write(data);
  }

  start(onInput: (data: string) => void, onResize: () => void): void {
    this.onInput = onInput;
    this.onResize = onResize;
  }

  stop(): void {
    this.onInput = undefined;
  }

  /** Types bytes as if from the keyboard. */
  feed(data: string): void {
    this.onInput?.(data);
  }

  resize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.onResize?.();
  }
}
