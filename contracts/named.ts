// A contribution the kernel only stores by name (themes, and kinds plugins invent).
export interface NamedDef {
  name: string;
  [key: string]: unknown;
}
