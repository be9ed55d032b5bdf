// Package sources as pi writes them: `npm:pkg[@version]`, `git:host/user/repo[@ref]`,
// `git:git@host:user/repo[@ref]`, `https://…[@ref]`, `ssh://…[@ref]`, and local paths. Any of them
// may end in `#<plugin>`: the plugin of that name in the Claude Code marketplace the source holds
// (marketplace.ts).
import { isAbsolute, resolve } from "node:path";

export type PackageSource = (
  | { kind: "npm"; spec: string; name: string; version?: string }
  | { kind: "git"; spec: string; url: string; host: string; path: string; ref?: string }
  | { kind: "local"; spec: string; path: string }
) & { plugin?: string };

const PLUGIN = /#([A-Za-z0-9][\w.-]*)$/;

export function parseSource(spec: string, baseDir: string): PackageSource {
  const trimmed = spec.trim();
  const plugin = PLUGIN.exec(trimmed)?.[1];
  if (plugin === undefined) return parseBase(trimmed, baseDir);
  return { ...parseBase(trimmed.slice(0, -plugin.length - 1), baseDir), plugin };
}

/** The source without its `#plugin`: the marketplace it names. */
export function marketplaceOf(source: PackageSource): PackageSource {
  const { plugin: _, ...base } = source;
  return base as PackageSource;
}

function parseBase(s: string, baseDir: string): PackageSource {
  if (!s) throw new Error("empty package source");
  if (s.startsWith("npm:")) {
    const body = s.slice(4);
    const at = body.lastIndexOf("@");
    const [name, version] = at > 0 ? [body.slice(0, at), body.slice(at + 1)] : [body, undefined];
    if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name)) throw new Error(`invalid npm package name in "${s}"`);
    return { kind: "npm", spec: s, name, version: version || undefined };
  }
  if (s.startsWith("git:") || /^(https?|ssh|git|file):\/\//.test(s)) return parseGit(s);
  return { kind: "local", spec: s, path: isAbsolute(s) ? s : resolve(baseDir, s) };
}

function parseGit(spec: string): PackageSource {
  let body = spec.startsWith("git:") ? spec.slice(4) : spec;
  let ref: string | undefined;
  // A trailing @ref (after the last "/", so user@host and scp-style "git@host:" stay intact).
  const at = body.lastIndexOf("@");
  if (at > body.lastIndexOf("/")) {
    ref = body.slice(at + 1) || undefined;
    body = body.slice(0, at);
  }
  let url: string;
  if (/^[a-z]+:\/\//.test(body)) url = body;
  else if (/^[\w.-]+@[\w.-]+:/.test(body))
    url = body; // git@host:user/repo
  else url = `https://${body}`;
  const m = /^(?:[a-z]+:\/\/)?(?:[^@/]+@)?([^/:]+)[:/]?(.*)$/.exec(url);
  const host = url.startsWith("file://") ? "local" : (m?.[1] ?? "unknown");
  const path = (url.startsWith("file://") ? url.slice(7) : (m?.[2] ?? "")).replace(/\.git$/, "").replace(/^\/+/, "");
  if (!path) throw new Error(`invalid git source "${spec}"`);
  return { kind: "git", spec, url, host, path, ref };
}

/** What makes two sources the same package: npm name, git URL without ref, resolved path. */
export function identity(source: PackageSource): string {
  const plugin = source.plugin ? `#${source.plugin}` : "";
  if (source.kind === "npm") return `npm:${source.name}${plugin}`;
  if (source.kind === "git") return `git:${source.host}/${source.path}${plugin}`;
  return `local:${source.path}${plugin}`;
}

/** Pinned sources (a version or ref) are skipped by `pi update`. */
export function isPinned(source: PackageSource): boolean {
  return (source.kind === "npm" && source.version !== undefined) || (source.kind === "git" && source.ref !== undefined);
}
