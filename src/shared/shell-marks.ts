/**
 * What a shell with integration says about itself, from the OSC 633 (VS Code's) and OSC 133
 * (FinalTerm's) sequences and OSC 7: one event per sequence.
 */
export type ShellMark =
  | { type: 'promptStart' }
  | { type: 'commandStart' }
  | { type: 'commandExecuted' }
  | { type: 'commandFinished'; exitCode: number | undefined }
  | { type: 'commandLine'; commandLine: string }
  | { type: 'cwd'; cwd: string };

/** A value inside a mark: `\\` is a backslash, `\xHH` a byte the sequence could not carry. */
export function unescapeMarkValue(value: string): string {
  return value.replace(/\\(\\|x([0-9a-fA-F]{2}))/g, (_match, escaped: string, hex?: string) =>
    hex ? String.fromCharCode(parseInt(hex, 16)) : escaped,
  );
}

/** The body of an OSC 633 or 133 sequence (what follows `633;`); null for what is not a mark. */
export function parseShellMark(body: string): ShellMark | null {
  const [kind, ...fields] = body.split(';');
  switch (kind) {
    case 'A':
      return { type: 'promptStart' };
    case 'B':
      return { type: 'commandStart' };
    case 'C':
      return { type: 'commandExecuted' };
    case 'D': {
      const code =
        fields[0] !== undefined && /^-?\d+$/.test(fields[0]) ? Number(fields[0]) : undefined;
      return { type: 'commandFinished', exitCode: code };
    }
    case 'E':
      return { type: 'commandLine', commandLine: unescapeMarkValue(fields[0] ?? '') };
    case 'P': {
      const property = fields.join(';');
      const equals = property.indexOf('=');
      if (equals < 0 || property.slice(0, equals) !== 'Cwd') return null;
      return { type: 'cwd', cwd: unescapeMarkValue(property.slice(equals + 1)) };
    }
    default:
      return null;
  }
}

/** OSC 7's `file://host/path` (percent-encoded), as macOS shells and many prompts send it. */
export function parseWorkingDirectory(body: string): ShellMark | null {
  const match = /^file:\/\/[^/]*(\/.*)$/.exec(body);
  if (!match) return null;
  try {
    return { type: 'cwd', cwd: decodeURIComponent(match[1]!) };
  } catch {
    return null;
  }
}
