// In the headless modes stdout belongs to the protocol (the answer, the JSON lines): anything a
// plugin writes with console.log / console.info goes to stderr instead.
export function guardStdout(): { write(text: string): void; restore(): void } {
  const { log, info } = console;
  console.log = (...args: unknown[]) => console.error(...args);
  console.info = console.log;
  return {
    write: (text) => void process.stdout.write(text),
    restore() {
      console.log = log;
      console.info = info;
    },
  };
}
