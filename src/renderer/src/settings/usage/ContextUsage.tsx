import type { HostApi } from '../../../../shared/host-api';
import type { ContextCategory, ContextUsage } from '../../../../shared/contract/usage';
import { formatCount } from '../../blocks/agent/model/format';
import { useAnswer } from './use-answer';
import { UsageDialog } from './UsageDialog';

const percentOf = (tokens: number, of: number) =>
  `${of > 0 ? ((tokens / of) * 100).toFixed(1) : '0.0'}%`;

/** Each category's place in the window (`used`, then the buffer, then what is free), as a bar. */
function WindowBar({ parts, window }: { parts: readonly ContextCategory[]; window: number }) {
  return (
    <div className="context-bar" aria-hidden="true">
      {parts.map((part) => (
        <span
          key={part.id}
          className={`context-bar-part ${part.kind}`}
          data-category={part.id}
          style={{ flexGrow: part.tokens / window }}
          title={`${part.name}: ${formatCount(part.tokens)}`}
        />
      ))}
    </div>
  );
}

function ContextTable({ usage }: { usage: ContextUsage }) {
  const inWindow = usage.categories.filter((category) => category.kind !== 'deferred');
  const deferred = usage.categories.filter((category) => category.kind === 'deferred');
  return (
    <>
      <p>
        {usage.model && <>{usage.model} · </>}
        {formatCount(usage.totalTokens)} of {formatCount(usage.maxTokens)} tokens in use (
        {percentOf(usage.totalTokens, usage.maxTokens)})
        {usage.autoCompactThreshold !== null && (
          <> · autocompact at {formatCount(usage.autoCompactThreshold)}</>
        )}
      </p>
      <WindowBar parts={inWindow} window={usage.maxTokens} />
      <table className="usage-table" aria-label="What fills the context window">
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Tokens</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {inWindow.map((category) => (
            <tr key={category.id}>
              <th scope="row">
                <span className={`context-swatch ${category.kind}`} data-category={category.id} />
                {category.name}
              </th>
              <td>{formatCount(category.tokens)}</td>
              <td>{percentOf(category.tokens, usage.maxTokens)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Context window</th>
            <td>{formatCount(usage.maxTokens)}</td>
            <td>100%</td>
          </tr>
        </tfoot>
      </table>
      {deferred.length > 0 && (
        <>
          <h3>Loaded only when used</h3>
          <p className="usage-note">
            Tools the model finds by searching: not in the window until then.
          </p>
          <table className="usage-table" aria-label="Loaded only when used">
            <tbody>
              {deferred.map((category) => (
                <tr key={category.id}>
                  <th scope="row">{category.name}</th>
                  <td>{formatCount(category.tokens)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {usage.memoryFiles.length > 0 && (
        <>
          <h3>Memory files</h3>
          <table className="usage-table" aria-label="Memory files">
            <tbody>
              {usage.memoryFiles.map((file) => (
                <tr key={file.path}>
                  <th scope="row" title={file.path}>
                    {file.path}
                  </th>
                  <td>{file.type}</td>
                  <td>{formatCount(file.tokens)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {usage.mcpTools.length > 0 && (
        <>
          <h3>MCP tools</h3>
          <table className="usage-table" aria-label="MCP tools">
            <tbody>
              {usage.mcpTools.map((tool) => (
                <tr key={tool.name}>
                  <th scope="row">{tool.name}</th>
                  <td>{tool.serverName}</td>
                  <td>{tool.tokens > 0 ? formatCount(tool.tokens) : 'loaded when used'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}

/** "Context usage": what fills an agent block's context window, as the CLI's /context shows it. */
export function ContextUsageDialog({
  api,
  agentId,
  onClose,
}: {
  api: HostApi;
  agentId: string;
  onClose(): void;
}) {
  const answer = useAnswer(() => api.contextUsage({ agentId }), agentId);
  return (
    <UsageDialog label="Context usage" onClose={onClose}>
      {answer.state === 'loading' && <p role="status">Asking Claude Code…</p>}
      {answer.state === 'failed' && <p role="alert">{answer.reason}</p>}
      {answer.state === 'done' && <ContextTable usage={answer.value} />}
    </UsageDialog>
  );
}
