// A seccomp filter that takes unix sockets away from a sandboxed command when the network is
// off. A network namespace cuts TCP and abstract unix sockets, but a socket *file* (docker.sock,
// dbus, an ssh or gpg agent) is reached through the filesystem, and such files sit anywhere
// (/run, /var/run, $HOME, /var/lib/...): hiding folders cannot hold. What holds is refusing
// socket(AF_UNIX, ...) itself, which every connect() to a path socket needs first (Claude Code's
// sandbox does the same). socketpair() stays allowed: it makes an unnamed, connected pair and
// reaches nothing outside, and node, python and make use it for their own children's pipes.
// io_uring is refused too, since its IORING_OP_SOCKET would make a socket seccomp never sees.
//
// The program is classic BPF, 8 bytes an instruction (u16 code, u8 jt, u8 jf, u32 k), given to
// bwrap through `--seccomp <fd>`.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const LD_ABS_W = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JEQ = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JGE = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const RET = 0x06; // BPF_RET | BPF_K

const RET_ALLOW = 0x7fff0000;
const RET_KILL_PROCESS = 0x80000000;
const RET_EPERM = 0x00050000 | 1; // SECCOMP_RET_ERRNO | EPERM: "Operation not permitted"
const AF_UNIX = 1;
const IO_URING_SETUP = 425; // the same number on every architecture (the unified syscall table)
const X32_BIT = 0x40000000;

// struct seccomp_data: nr at 0, arch at 4, args[0] at 16 (its low 32 bits first: little-endian).
const NR = 0;
const ARCH = 4;
const ARG0_LOW = 16;

interface Arch {
  audit: number;
  socket: number;
  /** x86_64's x32 ABI reaches the same calls with another number: refused outright. */
  x32?: boolean;
}

const ARCHES: Partial<Record<NodeJS.Architecture, Arch>> = {
  x64: { audit: 0xc000003e, socket: 41, x32: true },
  arm64: { audit: 0xc00000b7, socket: 198 },
};

/** An instruction whose jumps name labels ("allow", "deny", "kill") or fall through (0). */
type Insn = [code: number, jt: Label | 0, jf: Label | 0, k: number];
type Label = "allow" | "deny" | "kill";

/** The filter for an architecture, or undefined where none is known (the sandbox then refuses to start). */
export function unixSocketFilter(arch: NodeJS.Architecture = process.arch): Buffer | undefined {
  const a = ARCHES[arch];
  if (!a) return undefined;
  const program: Insn[] = [
    [LD_ABS_W, 0, 0, ARCH],
    // Another architecture's calls (i386 on x86_64) would bypass the numbers below: kill.
    [JEQ, 0, "kill", a.audit],
    [LD_ABS_W, 0, 0, NR],
    ...(a.x32 ? [[JGE, "deny", 0, X32_BIT] as Insn] : []),
    [JEQ, "deny", 0, IO_URING_SETUP],
    [JEQ, 0, "allow", a.socket],
    [LD_ABS_W, 0, 0, ARG0_LOW],
    [JEQ, "deny", "allow", AF_UNIX],
  ];
  const at: Record<Label, number> = { allow: program.length, deny: program.length + 1, kill: program.length + 2 };
  program.push([RET, 0, 0, RET_ALLOW], [RET, 0, 0, RET_EPERM], [RET, 0, 0, RET_KILL_PROCESS]);
  // A jump's offset counts the instructions it skips.
  const offset = (from: number, to: Label | 0) => (to === 0 ? 0 : at[to] - from - 1);
  const out = Buffer.alloc(program.length * 8);
  program.forEach(([code, jt, jf, k], i) => {
    out.writeUInt16LE(code, i * 8);
    out.writeUInt8(offset(i, jt), i * 8 + 2);
    out.writeUInt8(offset(i, jf), i * 8 + 3);
    out.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return out;
}

/** Writes the filter into a new folder only this user can enter; the folder goes when the process exits. */
export function writeUnixSocketFilter(): string | undefined {
  const filter = unixSocketFilter();
  if (!filter) return undefined;
  const dir = mkdtempSync(join(tmpdir(), "pi-sandbox-"));
  const file = join(dir, "no-unix-sockets.bpf");
  writeFileSync(file, filter, { mode: 0o400 });
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return file;
}
