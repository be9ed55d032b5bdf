/** neo-blessed's lib/`file`.js as the start-up image holds it, or null (scripts/neo-blessed-edits.mjs). */
export function neoBlessedEdits(file: string, code: string): string | null;
