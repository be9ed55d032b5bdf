// Paths in search results always use "/", whatever the platform.
import { sep } from "node:path";

export function toPosix(path: string): string {
  return sep === "/" ? path : path.split(sep).join("/");
}
