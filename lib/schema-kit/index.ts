// schema-kit: JSON-schema helpers shared by the composition root and plugins.
export { plainlyValid } from "./plainly-valid.js";
