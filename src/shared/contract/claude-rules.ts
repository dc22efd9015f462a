import { z } from 'zod';
import { PERMISSION_BEHAVIORS } from '../permission-rule';
import { agentIdSchema } from './ids';
import type { RequestTable } from './request-table';

// "Permission rules", "Hooks" and "Memory" of "Claude settings": the Claude Code files in effect
// for an agent block's folder (or only the user's own, with no block). The host names the files;
// a page only ever names one of those back (to open it, or to add a line to it).

/** The settings files Tether writes: `~/.claude/settings.json`, and the folder's two. */
export const editableScopes = ['user', 'project', 'local'] as const;
export type EditableScope = (typeof editableScopes)[number];
/** Where a rule or a hook is from: a file, managed by the organisation, or the running session. */
export const ruleSources = [...editableScopes, 'managed', 'session'] as const;
export type RuleSource = (typeof ruleSources)[number];

const agentId = agentIdSchema.nullable();
const scope = z.enum(editableScopes);
const source = z.enum(ruleSources);
const behavior = z.enum(PERMISSION_BEHAVIORS);
const path = z.string().min(1).max(4096);
const ruleText = z.string().min(1).max(1000);

/**
 * A settings file read, and the one sentence why it could not be, or why Claude Code does not
 * read it (Tether does, and edits it all the same).
 */
const settingsFile = z.object({
  source,
  path,
  exists: z.boolean(),
  problem: z.string().nullable(),
});
export type ClaudeSettingsFile = z.infer<typeof settingsFile>;

const permissionRule = z.object({
  behavior,
  rule: z.string(),
  source,
  /** The file it is in; null for the session's own rules. */
  path: path.nullable(),
  /** Whether the running session holds it; null with no session to ask. */
  inForce: z.boolean().nullable(),
});
export type ClaudePermissionRule = z.infer<typeof permissionRule>;

const ruleRef = z.object({ behavior, rule: ruleText, scope }).strict();

const hook = z.object({
  event: z.string(),
  matcher: z.string(),
  command: z.string(),
  source,
  path,
});
export type ClaudeHook = z.infer<typeof hook>;

const memoryFile = z.object({
  path,
  /** As the CLI tells them: User, Project, Local, … */
  kind: z.string(),
  /** The memory file whose `@path` line brings this one in. */
  importedBy: path.nullable(),
  exists: z.boolean(),
});
export type ClaudeMemoryFile = z.infer<typeof memoryFile>;

export const claudeRulesRequests = {
  /** "Permission rules": the rules in effect, each with its file, the default mode, directories. */
  claudePermissionRules: {
    params: z.object({ agentId }).strict(),
    result: z.object({
      files: z.array(settingsFile),
      rules: z.array(permissionRule),
      defaultMode: z.object({ mode: z.string(), source }).nullable(),
      additionalDirectories: z.array(z.object({ path: z.string(), source })),
    }),
  },
  /**
   * Adds, replaces or removes a rule: `remove` is taken out of its file and `add` put in its
   * (possibly another) one. `applied`: the running session was seen to have taken the change.
   */
  changeClaudePermissionRule: {
    params: z
      .object({ agentId, remove: ruleRef.optional(), add: ruleRef.optional() })
      .strict()
      .refine((p) => p.remove ?? p.add, 'a change adds or removes a rule'),
    result: z.object({ applied: z.boolean() }),
  },
  /** "Hooks": the hooks in the settings files, per event and matcher, and whether all are off. */
  claudeHooks: {
    params: z.object({ agentId }).strict(),
    result: z.object({
      files: z.array(settingsFile),
      hooks: z.array(hook),
      disabled: z.object({ value: z.boolean(), source }).nullable(),
    }),
  },
  /** Turns every hook off (`disableAllHooks`) or back on. */
  setClaudeHooksDisabled: {
    params: z.object({ agentId, disabled: z.boolean() }).strict(),
    result: z.null(),
  },
  /** "Memory": the CLAUDE.md files and their imports in the order the CLI loads them. */
  claudeMemory: {
    params: z.object({ agentId }).strict(),
    result: z.object({
      files: z.array(memoryFile),
      /** Where "Add to memory" can write: the user's, the project's and the local file. */
      targets: z.array(z.object({ label: z.string(), path })),
    }),
  },
  /** "Add to memory": one line appended to one of the listed memory files. */
  addClaudeMemory: {
    params: z
      .object({
        agentId,
        path,
        line: z
          .string()
          .max(2000)
          .regex(/^[^\r\n]*\S[^\r\n]*$/, 'a memory is one line with some text'),
      })
      .strict(),
    result: z.null(),
  },
  /** "Open in editor" for one of the files these pages list. */
  openClaudeFile: {
    params: z.object({ agentId, path }).strict(),
    result: z.null(),
  },
} as const satisfies RequestTable;
