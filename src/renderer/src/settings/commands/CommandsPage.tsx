import { useEffect, useState } from 'react';
import type { SessionCapabilities } from '../../../../shared/contract/claude-account';
import { errorMessage } from '../../../../shared/error-message';
import type { ClaudeSettingsScope } from '../ClaudeSettings';
import './commands.css';

interface Row {
  name: string;
  description: string;
  source: string;
}

function Rows({ label, rows }: { label: string; rows: readonly Row[] }) {
  return (
    <section>
      <h3>{label}</h3>
      {rows.length === 0 ? (
        <p>None.</p>
      ) : (
        <table className="claude-capabilities" aria-label={label}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Description</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <td>{row.name}</td>
                <td>
                  <div className="claude-capability-description" title={row.description}>
                    {row.description}
                  </div>
                </td>
                <td>{row.source}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The four lists of the page; a skill is listed with the skills, not again as a command. */
function rowsOf({ commands, agents, skills, plugins }: SessionCapabilities) {
  const isSkill = new Set(skills);
  const commandRow = (c: SessionCapabilities['commands'][number]) => ({
    name: `/${c.name}${c.argumentHint ? ` ${c.argumentHint}` : ''}`,
    description: c.description,
    source: c.source ?? '',
  });
  return {
    commands: commands.filter((c) => !isSkill.has(c.name)).map(commandRow),
    skills: commands.filter((c) => isSkill.has(c.name)).map(commandRow),
    agents: agents.map((a) => ({
      name: a.name,
      description: a.description,
      source: a.model ? `model: ${a.model}` : '',
    })),
    plugins: plugins.map((p) => ({ name: p.name, description: p.path, source: p.source })),
  };
}

/**
 * "Commands, agents and skills": what the block's session can run, as its CLI announced it, and
 * "Reload plugins" to have it read its plugins, commands, agents and skills again.
 */
export function CommandsPage({ api, agentId }: ClaudeSettingsScope) {
  const [capabilities, setCapabilities] = useState<SessionCapabilities | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  useEffect(() => {
    if (!agentId) return;
    let shown = true;
    api.sessionCapabilities({ agentId }).then(
      (listed) => shown && setCapabilities(listed),
      (error: unknown) => shown && setProblem(errorMessage(error)),
    );
    return () => {
      shown = false;
    };
  }, [api, agentId]);

  if (!agentId) {
    return <p>Open an agent block to see the commands, agents and skills its session has.</p>;
  }
  const reload = () => {
    setReloading(true);
    setOutcome(null);
    setProblem(null);
    api.reloadPlugins({ agentId }).then(
      (reloaded) => {
        setReloading(false);
        setCapabilities(reloaded);
        setOutcome('Plugins reloaded.');
      },
      (error: unknown) => {
        setReloading(false);
        setProblem(errorMessage(error));
      },
    );
  };
  const rows = capabilities && rowsOf(capabilities);
  return (
    <div className="claude-settings-page">
      <p>
        <button type="button" disabled={reloading} onClick={reload}>
          Reload plugins
        </button>{' '}
        {reloading && <span role="status">Reloading…</span>}
        {outcome && <span role="status">{outcome}</span>}
      </p>
      {problem && <p role="alert">{problem}</p>}
      {rows && (
        <>
          <Rows label="Slash commands" rows={rows.commands} />
          <Rows label="Subagents" rows={rows.agents} />
          <Rows label="Skills" rows={rows.skills} />
          <Rows label="Plugins" rows={rows.plugins} />
        </>
      )}
    </div>
  );
}
