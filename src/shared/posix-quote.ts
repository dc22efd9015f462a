/**
 * A word for a POSIX shell, whatever it holds: nothing is special inside single quotes, and a
 * single quote closes them, is escaped, and reopens them.
 */
export function posixQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
