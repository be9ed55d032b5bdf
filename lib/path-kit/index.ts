// Path questions answered by a prefix and a slice where the paths are in normal form, and by Node's
// path functions otherwise (inside-path.ts): discovery's, package.json lookups', and the start-up
// image loader's requires. A toolkit of its own so the loader's bundle takes only this.
export { isInside, joinRelative, relativeInside, resolveRelative } from "./inside-path.js";
