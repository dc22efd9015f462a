import { formatJson, stringField } from '../model/format';
import { Markdown } from '../markdown/Markdown';
import { DiffView } from '../tools/DiffView';
import { EDIT_TOOLS, fileEdit } from '../model/edit-diff';

/** What the tool would run with: the command, the change as a diff, the plan, or the input as JSON. */
export function PermissionInput({
  toolName,
  input,
  onOpenLink,
}: {
  toolName: string;
  input: Record<string, unknown>;
  onOpenLink(url: string): void;
}) {
  const plan = toolName === 'ExitPlanMode' ? stringField(input, 'plan') : undefined;
  if (plan !== undefined) return <Markdown text={plan} onOpenLink={onOpenLink} />;
  const command = toolName === 'Bash' ? stringField(input, 'command') : undefined;
  if (command !== undefined) {
    return (
      <pre className="agent-command" aria-label="Command">
        $ {command}
      </pre>
    );
  }
  const edit = EDIT_TOOLS.has(toolName) ? fileEdit(toolName, input) : null;
  if (edit) return <DiffView edit={edit} />;
  const path = stringField(input, 'file_path') ?? stringField(input, 'path');
  return (
    <>
      {path && (
        <div className="agent-permission-path">
          File: <code>{path}</code>
        </div>
      )}
      <pre className="agent-json" aria-label="Input">
        {formatJson(input)}
      </pre>
    </>
  );
}
