import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import {
  applyEdits,
  modify,
  parse,
  printParseErrorCode,
  type FormattingOptions,
  type JSONPath,
  type ParseError,
} from 'jsonc-parser';
import { replaceFile } from './json-file';

/** One change to a JSON document: the value at `path` set, or removed when `value` is undefined. */
export interface JsonEdit {
  path: JSONPath;
  value: unknown;
}

/** A settings file Tether will not touch: it does not parse, or the edit would make it invalid. */
export class SettingsFileError extends Error {
  override name = 'SettingsFileError';
}

/**
 * The document in `text`, which may hold comments and trailing commas (as people write settings
 * files), or its first problem ("ValueExpected on line 3") when it is not JSON.
 */
export function parseJsonc(text: string): { value: unknown } | { problem: string } {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true });
  const first = errors[0];
  if (!first) return { value };
  const line = text.slice(0, first.offset).split('\n').length;
  return { problem: `${printParseErrorCode(first.error)} on line ${line}` };
}

/**
 * The document in `text`, as parseJsonc reads it. Throws a SettingsFileError naming `path` and
 * the first problem's line when it is not JSON: a file that cannot be read is never rewritten.
 */
export function parseJsonText(text: string, path: string): unknown {
  const parsed = parseJsonc(text);
  if ('value' in parsed) return parsed.value;
  throw new SettingsFileError(
    `${path} is not valid JSON (${parsed.problem}); ` +
      'Tether left it as it is. Fix it in an editor and try again.',
  );
}

/**
 * `text` with `edits` made, and nothing else changed: comments, key order, unknown keys and the
 * file's own indentation and line ends stay as they were.
 */
export function editJsonText(text: string, edits: readonly JsonEdit[]): string {
  const formattingOptions = formattingOf(text);
  let result = text.trim() === '' ? '{}\n' : text;
  for (const edit of edits) {
    result = applyEdits(result, modify(result, edit.path, edit.value, { formattingOptions }));
  }
  return result;
}

function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

/** The document at `path` with its text, or null where there is no file. */
export async function readJsoncFile(
  path: string,
): Promise<{ text: string; value: unknown } | null> {
  if (!existsSync(path)) return null;
  const text = await readFile(path, 'utf8');
  return { text, value: parseJsonText(text, path) };
}

const editsUnderWay = new Map<string, Promise<unknown>>();

/**
 * Makes the edits `change` asks for (given the document as it is now; `{}` for a missing file)
 * to the file at `path`, written atomically with the file's own permissions. `validate` sees the
 * document as it would be and throws to refuse it; the file is then left untouched. Edits to one
 * file run one at a time, each on the text the last one left. Resolves to the new document.
 */
export function editJsoncFile(
  path: string,
  change: (current: unknown) => readonly JsonEdit[],
  validate: (next: unknown) => void = () => undefined,
): Promise<unknown> {
  const previous = editsUnderWay.get(path) ?? Promise.resolve();
  const edited = previous.catch(() => undefined).then(() => edit(path, change, validate));
  const settled = edited.catch(() => undefined);
  editsUnderWay.set(path, settled);
  void settled.then(() => {
    if (editsUnderWay.get(path) === settled) editsUnderWay.delete(path);
  });
  return edited;
}

async function edit(
  path: string,
  change: (current: unknown) => readonly JsonEdit[],
  validate: (next: unknown) => void,
): Promise<unknown> {
  const file = await readJsoncFile(path);
  const text = file?.text ?? '';
  const nextText = editJsonText(text, change(file?.value ?? {}));
  const next = parseJsonText(nextText, path);
  validate(next);
  if (nextText === text) return next;
  const mode = file ? (await stat(path)).mode & 0o777 : 0o600;
  await replaceFile(path, nextText, mode);
  return next;
}
