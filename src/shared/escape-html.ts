/** Text as HTML that shows it as written: no tag, attribute or entity of its own survives. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
