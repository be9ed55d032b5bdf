// The access token of `pi serve`: random (or read from --token-file), required on every request,
// carried by an `Authorization: Bearer` header, a `?token=` query or the HttpOnly cookie the
// server sets when a page is opened with `?token=` (so a browser page and its WebSocket work).
// Compared in constant time: the digests of the two strings, so lengths leak nothing either.
import { readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";

/** 256 random bits, URL-safe (it travels in query strings and cookies unescaped). */
export function newToken(): string {
  return crypto().randomBytes(32).toString("base64url");
}

/** The first line of the file, trimmed; a short or empty token is refused (it would protect nothing). */
export function readTokenFile(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`--token-file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const token = text.split(/\r?\n/, 1)[0].trim();
  if (token.length < 16) throw new Error(`--token-file ${file}: the token must be at least 16 characters on the first line`);
  if (!/^[\x21-\x7e]+$/.test(token)) throw new Error(`--token-file ${file}: the token must be printable ASCII without spaces`);
  return token;
}

export function tokensMatch(given: string, expected: string): boolean {
  const digest = (s: string) => crypto().createHash("sha256").update(s, "utf8").digest();
  return crypto().timingSafeEqual(digest(given), digest(expected));
}

/** Cookies are not kept apart by port: each server names its own, so two servers on one host do not clobber each other. */
export function cookieName(port: number): string {
  return `pi_serve_${port}`;
}

export interface CarriedToken {
  token: string;
  via: "header" | "query" | "cookie";
}

/** The token a request carries, in order: header, query, cookie. */
export function carriedToken(req: IncomingMessage, url: URL, port: number): CarriedToken | undefined {
  const auth = req.headers.authorization;
  const bearer = auth && /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1];
  if (bearer) return { token: bearer, via: "header" };
  const query = url.searchParams.get("token");
  if (query) return { token: query, via: "query" };
  const cookie = readCookie(req.headers.cookie, cookieName(port));
  return cookie ? { token: cookie, via: "cookie" } : undefined;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * A cookie alone proves less than a token the client itself sent: a browser attaches it to
 * requests other sites' pages make too. SameSite=Strict keeps it off those in current browsers;
 * this refuses what still carries it from another origin (a WebSocket opened by a foreign page).
 */
export function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** node:crypto when a server starts or checks a request, not when an interactive start loads this plugin (~2 ms, 15 modules). */
function crypto(): typeof import("node:crypto") {
  return process.getBuiltinModule("node:crypto");
}
