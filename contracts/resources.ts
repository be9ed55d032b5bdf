// Resource plugins: the "skills" and "prompts" services, and paths other plugins add to them
// (pi's resources_discover).
import type { SourceInfo } from "./commands.js";

export interface AddsPaths {
  /** Adds `paths` (files or directories) under `owner`, replacing what it added before; returns the removal. */
  addPaths(paths: string[], owner: string): () => void;
}

export interface Skill {
  name: string;
  description: string;
  /** Absolute path of the skill file (what the model is told to read). */
  filePath: string;
  baseDir: string;
  disableModelInvocation: boolean;
  origin: string;
  /** Where it was found (pi's SourceInfo); set per build by the store. */
  sourceInfo?: SourceInfo;
}

/** The "skills" service: the current skills (after validation and collisions). */
export interface SkillsService extends AddsPaths {
  list(): Promise<Skill[]>;
  /** Resolves when the first index is built and, in long-lived modes, the watchers are ready. */
  ready(): Promise<void>;
}

/** The "prompts" service: prompt templates (pi's /name commands). */
export type PromptsService = AddsPaths;

/** The "subagents" service: agent definition folders other plugins add (after the user's and the project's own). */
export type SubagentsService = AddsPaths;

/** The "prompt-files" service (context-files): AGENTS.md/CLAUDE.md, SYSTEM.md and APPEND_SYSTEM.md. */
export interface PromptFilesService {
  contextFiles(cwd: string): Promise<ContextFile[]>;
  systemPrompt(cwd: string): Promise<string | undefined>;
  appendSystemPrompt(cwd: string): Promise<string | undefined>;
}
export interface ContextFile {
  path: string;
  content: string;
}

declare module "pi-kernel" {
  interface Services {
    skills: SkillsService;
    prompts: PromptsService;
    subagents: SubagentsService;
    "prompt-files": PromptFilesService;
  }
}
