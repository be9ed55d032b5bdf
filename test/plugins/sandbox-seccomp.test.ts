// The sandbox's seccomp program, run by a small classic-BPF interpreter over every syscall number
// below 1024 (and x32's) with every socket domain: only socket(AF_UNIX) and io_uring_setup are
// refused (EPERM), a foreign architecture is killed, everything else is allowed. The program's
// effect on real processes is tested through the CLI (test/integration/sandbox-escapes.test.ts).
import { describe, expect, it } from "vitest";
import { unixSocketFilter } from "../../plugins/sandbox/seccomp.js";

const ALLOW = 0x7fff0000;
const EPERM = 0x00050001;
const KILL = 0x80000000;

/** Runs the program on one seccomp_data (nr, arch, args[0]); returns the action. */
function evaluate(program: Buffer, data: { nr: number; arch: number; arg0: number }): number {
  const word = (offset: number) => (offset === 0 ? data.nr : offset === 4 ? data.arch : offset === 16 ? data.arg0 : 0);
  let acc = 0;
  for (let pc = 0; pc < program.length / 8; pc++) {
    const code = program.readUInt16LE(pc * 8);
    const jt = program.readUInt8(pc * 8 + 2);
    const jf = program.readUInt8(pc * 8 + 3);
    const k = program.readUInt32LE(pc * 8 + 4);
    if (code === 0x20) acc = word(k);
    else if (code === 0x15) pc += acc === k ? jt : jf;
    else if (code === 0x35) pc += acc >>> 0 >= k ? jt : jf;
    else if (code === 0x06) return k;
    else throw new Error(`unexpected opcode ${code}`);
  }
  throw new Error("fell off the end of the program");
}

const ARCHES = [
  { arch: "x64" as const, audit: 0xc000003e, socket: 41 },
  { arch: "arm64" as const, audit: 0xc00000b7, socket: 198 },
];

describe("the unix-socket seccomp filter", () => {
  for (const a of ARCHES) {
    it(`${a.arch}: refuses socket(AF_UNIX) and io_uring_setup, allows every other call`, () => {
      const program = unixSocketFilter(a.arch)!;
      for (let nr = 0; nr < 1024; nr++) {
        for (const arg0 of [0, 1, 2, 10, 16, 17, 0x10001]) {
          const expected = (nr === a.socket && arg0 === 1) || nr === 425 ? EPERM : ALLOW;
          expect(evaluate(program, { nr, arch: a.audit, arg0 }), `nr ${nr} arg0 ${arg0}`).toBe(expected);
        }
      }
    });

    it(`${a.arch}: kills a call made with another architecture's numbers`, () => {
      const program = unixSocketFilter(a.arch)!;
      expect(evaluate(program, { nr: 102, arch: 0x40000003, arg0: 1 })).toBe(KILL); // i386 socketcall
      expect(evaluate(program, { nr: 41, arch: 0xc00000b7 ^ a.audit ^ 0xc000003e, arg0: 1 })).toBe(KILL);
    });
  }

  it("x64: the x32 ABI (the same calls under other numbers) is refused", () => {
    const program = unixSocketFilter("x64")!;
    expect(evaluate(program, { nr: 0x40000000 + 41, arch: 0xc000003e, arg0: 1 })).toBe(EPERM);
    expect(evaluate(program, { nr: 0x40000000, arch: 0xc000003e, arg0: 0 })).toBe(EPERM);
  });

  it("has no program for an architecture it does not know (the sandbox then refuses to start)", () => {
    expect(unixSocketFilter("ia32")).toBeUndefined();
  });
});
