// Okapi BM25 over tool documents (name, label, description, parameter names). Names count three
// times and labels twice: a query word that names the tool is the strongest evidence. Tokens are
// split on case and punctuation (jira_createIssue → jira, create, issue), lower-cased, stripped
// of common English endings, and stop words are dropped.
export interface Doc {
  id: string;
  fields: { text: string; weight: number }[];
}
export interface Hit {
  id: string;
  score: number;
}

const K1 = 1.2;
const B = 0.75;
const STOP = new Set(
  "a an and are as at be by can do does for from get give how i in into is it its me my of on or please some that the their them this to up use using want was we what when where which with you your".split(
    " ",
  ),
);

export class Bm25 {
  private readonly docs: { id: string; tf: Map<string, number>; length: number }[] = [];
  private readonly df = new Map<string, number>();
  private avgLength = 0;

  constructor(docs: Doc[]) {
    for (const doc of docs) {
      const tf = new Map<string, number>();
      let length = 0;
      for (const field of doc.fields) {
        for (const token of tokenize(field.text)) {
          tf.set(token, (tf.get(token) ?? 0) + field.weight);
          length += field.weight;
        }
      }
      for (const token of tf.keys()) this.df.set(token, (this.df.get(token) ?? 0) + 1);
      this.docs.push({ id: doc.id, tf, length });
    }
    this.avgLength = this.docs.reduce((n, d) => n + d.length, 0) / Math.max(1, this.docs.length);
  }

  search(query: string, limit = 5): Hit[] {
    const terms = [...new Set(tokenize(query))];
    const n = this.docs.length;
    const hits: Hit[] = [];
    for (const doc of this.docs) {
      let score = 0;
      for (const term of terms) {
        const f = doc.tf.get(term);
        if (!f) continue;
        const df = this.df.get(term)!;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * doc.length) / this.avgLength));
      }
      if (score > 0) hits.push({ id: doc.id, score });
    }
    return hits.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)).slice(0, limit);
  }
}

export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t && !STOP.has(t))
    .map(stem);
}

/** A light suffix stripper: enough to meet "issues"/"issue", "creating"/"create", "deleted"/"delete". */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("ing") && word.length > 5) return trimE(word.slice(0, -3));
  if (word.endsWith("ed") && word.length > 4) return trimE(word.slice(0, -2));
  if (word.endsWith("es") && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return trimE(word.slice(0, -1));
  return trimE(word);
}

/** "create"/"creat" and "update"/"updat" meet by dropping a final e. */
function trimE(word: string): string {
  return word.length > 3 && word.endsWith("e") ? word.slice(0, -1) : word;
}
