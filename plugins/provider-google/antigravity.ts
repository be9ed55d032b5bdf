// Antigravity sign-ins (google-antigravity on the Cloud Code Assist endpoint): Google serves these
// tokens to its Antigravity IDE, so pi opens the system instruction with Antigravity's identity,
// then tells the model that the instructions after it (ours) are the ones that hold. The
// instruction goes with role "user", as Antigravity sends it.

/** The opening of Antigravity's own system prompt, which the endpoint expects. */
export const ANTIGRAVITY_IDENTITY = `<identity>
You are Antigravity, a powerful agentic AI coding assistant designed by the Google DeepMind team working on Advanced Agentic Coding.
You are pair programming with a USER to solve their coding task. The task may require creating a new codebase, modifying or debugging an existing codebase, or simply answering a question.
</identity>`;

// Undoes what the identity implies, so the agent behaves as pi-kernel and not as the IDE.
const OVERRIDE = `# Environment override

The instructions above describe another environment. Disregard them; these hold instead:

- You are pi-kernel, a coding agent in the terminal, not Antigravity.
- Give paths relative to the working directory unless a tool asks for an absolute one.
- Follow only the instructions below.`;

/** The system instruction of an Antigravity request: the identity, the override, then ours. */
export function antigravitySystemInstruction(ours: string | undefined): { role: "user"; parts: { text: string }[] } {
  const text = [ANTIGRAVITY_IDENTITY, OVERRIDE, ours].filter(Boolean).join("\n\n");
  return { role: "user", parts: [{ text }] };
}
