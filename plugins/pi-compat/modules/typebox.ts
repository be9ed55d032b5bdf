// What `typebox` and `@sinclair/typebox` resolve to inside pi extensions: the kernel's TypeBox,
// so schemas extensions build are the ones the kernel validates with.
export * from "@sinclair/typebox";
