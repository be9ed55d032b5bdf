// Accepting the argument shapes models actually send to edit, before schema validation: the older
// single-edit form (top-level oldText/newText), `edits` serialised as a JSON string, or a single
// edit object where an array was expected.

type Args = Record<string, unknown>;

export function prepareEditArguments(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  const args: Args = { ...raw };
  if (typeof args.edits === "string") args.edits = parseJson(args.edits);
  if (isObject(args.edits)) args.edits = [args.edits];
  if (typeof args.oldText === "string" || typeof args.newText === "string") {
    const legacy = { oldText: args.oldText, newText: args.newText };
    delete args.oldText;
    delete args.newText;
    args.edits = [...(Array.isArray(args.edits) ? args.edits : []), legacy];
  }
  return args;
}

/** Leaves unparseable text as it is, so validation reports what was actually sent. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isObject(value: unknown): value is Args {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
