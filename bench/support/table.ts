/** Rows as columns padded to their widest cell, the first row a header underlined with dashes. */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [
    line(rows[0]!),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.slice(1).map(line),
  ].join('\n');
}
