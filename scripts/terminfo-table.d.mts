/** The ES module text of the full-screen frame's terminfo table (scripts/terminfo-table.mjs). */
export function terminfoTable(root: string): string;
