/** The paths offered for the `@` being typed, as options of the box's list. */
export function FileCompletions({
  listId,
  paths,
  active,
  onChoose,
}: {
  listId: string;
  paths: readonly string[];
  active: number;
  onChoose(path: string): void;
}) {
  return (
    <ul id={listId} role="listbox" aria-label="Files" className="agent-completions">
      {paths.map((path, index) => (
        <li
          key={path}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === active}
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(path);
          }}
        >
          <span className="agent-completion-name">{path}</span>
        </li>
      ))}
    </ul>
  );
}
