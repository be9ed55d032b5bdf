// A 32-bit key for an entry id, the same whether it is read from a line's bytes or from a string.
// pi's ids are 8 lowercase hex digits: their key is their value, so distinct ids have distinct
// keys; any other id gets an FNV-1a hash of its character codes (bytes and codes agree for the
// plain ASCII ids the quick index reads; other ids only ever come from JSON.parse).

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** The value of a lowercase hex digit, else -1. */
function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  return -1;
}

/** The value of an id of 8 lowercase hex digits in bytes `from`..`to` of `b`, else -1. */
export function hexBytes(b: Uint8Array, from: number, to: number): number {
  if (to - from !== 8) return -1;
  let v = 0;
  for (let i = from; i < to; i++) {
    const d = hexDigit(b[i]);
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

/** The value of an id of 8 lowercase hex digits, else -1. */
export function hexOf(id: string): number {
  if (id.length !== 8) return -1;
  let v = 0;
  for (let i = 0; i < 8; i++) {
    const d = hexDigit(id.charCodeAt(i));
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

/** The id whose value hexBytes or hexOf gave. */
export function hexId(value: number): string {
  return value.toString(16).padStart(8, "0");
}

/** The key of the id in bytes `from`..`to` of `b`. */
export function keyOfBytes(b: Uint8Array, from: number, to: number): number {
  const hex = hexBytes(b, from, to);
  if (hex >= 0) return hex;
  let h = FNV_OFFSET;
  for (let i = from; i < to; i++) h = Math.imul(h ^ b[i], FNV_PRIME);
  return h >>> 0;
}

/** The key of an id given as a string (agrees with keyOfBytes on ASCII ids). */
export function keyOf(id: string): number {
  const hex = hexOf(id);
  if (hex >= 0) return hex;
  let h = FNV_OFFSET;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}
