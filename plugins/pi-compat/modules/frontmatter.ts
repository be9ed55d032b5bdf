// pi's synchronous parseFrontmatter / stripFrontmatter for extensions, on gray-matter (loaded on
// first call). As in lib/resource-kit (frontmatter.ts), non-YAML engines are refused: frontmatter is never run.
import { createRequire } from "node:module";

type Matter = (text: string, o: object) => { data: unknown; content: string };
let matter: Matter | undefined;

const refuse = () => {
  throw new Error("only YAML frontmatter is allowed (frontmatter is data and is never executed)");
};
const engines = { javascript: refuse, js: refuse, coffee: refuse, coffeescript: refuse, cson: refuse };

export function parseFrontmatter<T extends Record<string, unknown> = Record<string, unknown>>(
  content: string,
): { frontmatter: T; body: string } {
  matter ??= createRequire(import.meta.url)("gray-matter") as Matter;
  const file = matter(content.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"), { engines });
  const data = file.data && typeof file.data === "object" && !Array.isArray(file.data) ? file.data : {};
  return { frontmatter: data as T, body: file.content };
}

export function stripFrontmatter(content: string): string {
  return parseFrontmatter(content).body;
}
