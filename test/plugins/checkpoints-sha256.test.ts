// The shadow directory's name is hashed in plain JavaScript (no node:crypto on an answer-only print
// run): it must be exactly what node:crypto's SHA-256 gives, or an upgrade would lose every
// workspace's checkpoints (a new directory name). Compared with node:crypto on any string
// (multi-byte characters, lone surrogates, the 55/56/64-byte padding edges), and on the
// standard's own test vectors.
import { createHash } from "node:crypto";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shadowDir } from "../../plugins/checkpoints/shadow-dir.js";
import { sha256Hex } from "../../plugins/checkpoints/sha256.js";

const nodeSha = (s: string) => createHash("sha256").update(s).digest("hex");

describe("sha256Hex", () => {
  it("gives the standard's test vectors", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
  });

  it("matches node:crypto on every length around the block and padding edges", () => {
    for (let n = 0; n <= 200; n++) expect(sha256Hex("x".repeat(n))).toBe(nodeSha("x".repeat(n)));
  });

  it("matches node:crypto on any string (UTF-8, as createHash takes a string)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.string({ unit: "grapheme", maxLength: 300 }),
          fc.string({ unit: "binary", maxLength: 300 }),
        ),
        (s) => {
          expect(sha256Hex(s)).toBe(nodeSha(s));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("names the shadow directory as before", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 120 }), (ws) => {
        expect(shadowDir("/agent", `/home/${ws}`)).toBe(join("/agent", "checkpoints", nodeSha(`/home/${ws}`).slice(0, 16)));
      }),
    );
  });
});
