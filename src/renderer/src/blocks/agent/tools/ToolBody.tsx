import { useContext, type ReactNode } from 'react';
import { AgentActionsContext } from '../agent-actions';
import { isRecord } from '../../../../../shared/is-record';
import { formatJson, stringField } from '../model/format';
import type { ToolItem } from '../model/transcript-model';
import { DiffView } from './DiffView';
import { EDIT_TOOLS, fileEdit } from '../model/edit-diff';
import { persistedOutput } from './persisted-output';
import { countLines, resultText } from '../model/result-text';
import { SavedOutput } from './SavedOutput';
import { todoTasks } from '../model/task-checklist';
import { Checklist } from './Checklist';
import type { ToolCardProps } from './ToolCard';
import { ToolOutput } from './ToolOutput';
import { QuestionAnswers } from './QuestionAnswers';

type ToolResult = NonNullable<ToolItem['result']>;

/** A result's text, or the file the CLI saved a large one to with its preview. */
function ResultOutput({ result, label }: { result: ToolResult; label: string }) {
  const saved = persistedOutput(result.content);
  if (saved) return <SavedOutput saved={saved} label={label} />;
  return <ToolOutput text={resultText(result.content)} isError={result.is_error} label={label} />;
}

/** A result that matters less than the call (a file read, a page fetched): folded away. */
function FoldedResult({ item, what }: { item: ToolItem; what: (text: string) => string }) {
  if (!item.result) return null;
  return (
    <details className="agent-tool-fold" open={item.result.is_error}>
      <summary>{item.result.is_error ? 'Error' : what(resultText(item.result.content))}</summary>
      <ResultOutput result={item.result} label={`${item.name} result`} />
    </details>
  );
}

function Result({ item }: { item: ToolItem }) {
  if (!item.result) return null;
  if (item.result.denied) {
    return <p className="agent-tool-denied">Reason: {resultText(item.result.content)}</p>;
  }
  return (
    <ResultOutput
      result={item.result}
      label={`${item.name || 'Tool'} ${item.result.is_error ? 'error' : 'output'}`}
    />
  );
}

const TASK_TOOLS: ReadonlySet<string> = new Set([
  'TaskCreate',
  'TaskUpdate',
  'TaskGet',
  'TaskList',
]);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const searchCounts: Record<string, (text: string) => string> = {
  Read: (text) => `Read ${plural(countLines(text), 'line', 'lines')}`,
  Grep: (text) => `Found ${plural(countLines(text), 'line', 'lines')}`,
  Glob: (text) => `Found ${plural(countLines(text), 'file', 'files')}`,
};

/** ToolSearch's result: the tools it loaded (as references the model reads), else what it said. */
function toolsFound(content: unknown): string {
  const names = Array.isArray(content)
    ? content.flatMap((block) =>
        isRecord(block) &&
        block['type'] === 'tool_reference' &&
        typeof block['tool_name'] === 'string'
          ? [block['tool_name']]
          : [],
      )
    : [];
  if (names.length) return `Found ${names.join(', ')}`;
  return resultText(content) || 'Found no tool';
}

/** What goes under a tool card's head, by tool. */
export function ToolBody({ item, renderItem, onOpenLink }: ToolCardProps): ReactNode {
  const { name, input } = item;
  const { runInTerminal } = useContext(AgentActionsContext);
  if (name === 'Bash') {
    const command = stringField(input, 'command') ?? '';
    return (
      <>
        <pre className="agent-command" aria-label="Command">
          $ {command}
        </pre>
        {/* A command the user refused is not one to hand on to a terminal. */}
        {runInTerminal && command && !item.result?.denied && (
          <button
            type="button"
            className="agent-link-button"
            onClick={() => runInTerminal(command)}
          >
            Run in terminal
          </button>
        )}
        <Result item={item} />
      </>
    );
  }
  const edit = EDIT_TOOLS.has(name) ? fileEdit(name, input) : null;
  if (edit) {
    return (
      <>
        <DiffView edit={edit} />
        {item.result?.is_error && <Result item={item} />}
      </>
    );
  }
  const count = searchCounts[name];
  if (count) {
    const where = stringField(input, 'path');
    return (
      <>
        {where && <div className="agent-tool-detail">in {where}</div>}
        <FoldedResult item={item} what={count} />
      </>
    );
  }
  if (name === 'WebFetch' || name === 'WebSearch') {
    const url = stringField(input, 'url');
    return (
      <>
        {url && (
          <button type="button" className="agent-link-button" onClick={() => onOpenLink(url)}>
            Open {url}
          </button>
        )}
        <FoldedResult
          item={item}
          what={(text) => `Result (${plural(countLines(text), 'line', 'lines')})`}
        />
      </>
    );
  }
  if (name === 'Task' || name === 'Agent') {
    const { subagent } = item;
    return (
      <>
        {subagent && (
          <div className="agent-subagent-status">
            Subagent {subagent.status}
            {subagent.summary && `: ${subagent.summary}`}
          </div>
        )}
        {item.children.length > 0 && (
          <div className="agent-subagent" role="group" aria-label="Subagent">
            {item.children.map((child) => (
              <div key={child.key}>{renderItem(child)}</div>
            ))}
          </div>
        )}
        <FoldedResult item={item} what={() => 'Report'} />
      </>
    );
  }
  if (name === 'AskUserQuestion') return <QuestionAnswers item={item} />;
  if (name === 'ToolSearch') {
    // The head shows the query; the result is the tools it found.
    if (!item.result || item.result.is_error) return <Result item={item} />;
    return <div className="agent-tool-detail">{toolsFound(item.result.content)}</div>;
  }
  // The checklist shows what they did; the card's head says which task, the result folds away.
  if (TASK_TOOLS.has(name))
    return <FoldedResult item={item} what={(text) => text.split('\n')[0]!} />;
  if (name === 'TodoWrite' && Array.isArray(input['todos'])) {
    return (
      <>
        <Checklist tasks={todoTasks(input)} label="Tasks" />
        {item.result?.is_error && <Result item={item} />}
      </>
    );
  }
  return (
    <>
      <pre className="agent-json" aria-label="Input">
        {formatJson(input)}
      </pre>
      <Result item={item} />
    </>
  );
}
