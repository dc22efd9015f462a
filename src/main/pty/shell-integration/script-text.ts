/**
 * A shell script written inside a template literal, taken as written: backslashes stay, and
 * `\${` stands for the shell's own `${`, which the literal would otherwise read as its own.
 */
export function scriptText(strings: TemplateStringsArray, ...values: string[]): string {
  const raw = strings.raw.map((piece) => piece.replaceAll('\\${', '${'));
  return String.raw({ raw }, ...values).replace(/^\n/, '');
}
