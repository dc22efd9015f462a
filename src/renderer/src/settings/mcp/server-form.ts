import {
  mcpServerNameSchema,
  remoteServerSchema,
  stdioServerSchema,
  type McpServerConfig,
  type McpWritableScope,
} from '../../../../shared/contract/claude-mcp';

/** "Add server" as typed: one argument, header or variable a line, so no quoting is needed. */
export interface ServerForm {
  name: string;
  kind: 'stdio' | 'http' | 'sse';
  command: string;
  args: string;
  env: string;
  url: string;
  headers: string;
  scope: McpWritableScope;
}

export const emptyServerForm: ServerForm = {
  name: '',
  kind: 'stdio',
  command: '',
  args: '',
  env: '',
  url: '',
  headers: '',
  scope: 'local',
};

/** The form's label of each field of the config, for the problem's sentence. */
const FIELD_LABELS: Record<string, string> = {
  command: 'Command',
  args: 'Arguments',
  env: 'Environment',
  url: 'URL',
  headers: 'Headers',
};

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** `KEY<separator>value` lines into a record; a line without the separator is a problem. */
function pairs(
  text: string,
  separator: string,
  what: string,
): { value: Record<string, string> } | { problem: string } {
  const value: Record<string, string> = {};
  for (const line of lines(text)) {
    const at = line.indexOf(separator);
    if (at <= 0)
      return { problem: `Each ${what} line is NAME${separator}value: “${line}” is not.` };
    value[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { value };
}

/**
 * The server the form describes, checked by the contract's own schemas (the host checks it again),
 * or the first problem in words for the form.
 */
export function serverFromForm(
  form: ServerForm,
): { name: string; scope: McpWritableScope; config: McpServerConfig } | { problem: string } {
  const name = mcpServerNameSchema.safeParse(form.name.trim());
  if (!name.success) return { problem: `Name: ${name.error.issues[0]?.message ?? 'invalid'}.` };
  let candidate: unknown;
  if (form.kind === 'stdio') {
    const env = pairs(form.env, '=', 'environment');
    if ('problem' in env) return env;
    candidate = {
      command: form.command.trim(),
      args: lines(form.args),
      ...(Object.keys(env.value).length > 0 ? { env: env.value } : {}),
    };
  } else {
    const headers = pairs(form.headers, ':', 'header');
    if ('problem' in headers) return headers;
    candidate = {
      type: form.kind,
      url: form.url.trim(),
      ...(Object.keys(headers.value).length > 0 ? { headers: headers.value } : {}),
    };
  }
  // The kind's own schema, not the union: its issues name the field that is wrong.
  const schema = form.kind === 'stdio' ? stdioServerSchema : remoteServerSchema;
  const config = schema.safeParse(candidate);
  if (!config.success) {
    const issue = config.error.issues[0];
    const field = issue?.path[0];
    const label = typeof field === 'string' ? `${FIELD_LABELS[field] ?? field}: ` : '';
    return { problem: `${label}${issue?.message ?? 'invalid'}.` };
  }
  return { name: name.data, scope: form.scope, config: config.data };
}
