// Session ids are UUIDv7 (time-ordered, so file names sort by creation); entry ids are 8 hex
// characters, unique within their file.
import { randomBytes } from "../../../lib/tool-kit/index.js";

export function uuidv7(now = Date.now()): string {
  const bytes = randomBytes(16);
  const ms = BigInt(now);
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newEntryId(taken: (id: string) => boolean): string {
  for (;;) {
    const id = randomBytes(4).toString("hex");
    if (!taken(id)) return id;
  }
}
