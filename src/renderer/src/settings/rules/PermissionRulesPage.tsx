import { useCallback, useId, useState, type FormEvent } from 'react';
import {
  type ClaudePermissionRule,
  type EditableScope,
} from '../../../../shared/contract/claude-rules';
import {
  checkPermissionRule,
  PERMISSION_BEHAVIORS,
  type PermissionBehavior,
} from '../../../../shared/permission-rule';
import { permissionModeLabel } from '../../blocks/agent/status/permission-modes';
import type { ClaudeSettingsScope } from '../ClaudeSettings';
import { FileProblems, NotLoaded, Outcome, sourceLabels, useClaudePage } from './claude-files';

const behaviorNames: Record<PermissionBehavior, string> = {
  allow: 'Allow',
  ask: 'Ask',
  deny: 'Deny',
};

interface RuleDraft {
  behavior: PermissionBehavior;
  rule: string;
  scope: EditableScope;
}

const isEditable = (source: string): source is EditableScope =>
  source === 'user' || source === 'project' || source === 'local';

/**
 * "Permission rules": the allow, ask and deny rules in effect with the file each is in, the
 * default mode and the extra directories; a rule is added, edited or removed in the file chosen,
 * checked against the rule grammar first. The running session follows its files by itself.
 */
export function PermissionRulesPage({ api, agentId }: ClaudeSettingsScope) {
  const load = useCallback(() => api.claudePermissionRules({ agentId }), [api, agentId]);
  const { data, error, status, failure, act } = useClaudePage(load);
  const [editing, setEditing] = useState<ClaudePermissionRule | null>(null);

  const change = (
    params: Omit<Parameters<typeof api.changeClaudePermissionRule>[0], 'agentId'>,
    done: string,
  ) =>
    act(async () => {
      const { applied } = await api.changeClaudePermissionRule({ agentId, ...params });
      setEditing(null);
      return `${done} ${applied ? 'The running session uses it now.' : 'It applies to the next session.'}`;
    });

  if (!data) return <NotLoaded error={error} loading="Reading the settings files…" />;
  const remove = (rule: ClaudePermissionRule) => {
    if (!isEditable(rule.source)) return;
    const ref = { behavior: rule.behavior, rule: rule.rule, scope: rule.source };
    void change({ remove: ref }, `Removed ${rule.rule}.`);
  };

  return (
    <div className="claude-page">
      <FileProblems files={data.files} />
      {PERMISSION_BEHAVIORS.map((behavior) => {
        const rules = data.rules.filter((rule) => rule.behavior === behavior);
        return (
          <section key={behavior} aria-label={`${behaviorNames[behavior]} rules`}>
            <h3>{behaviorNames[behavior]}</h3>
            {rules.length === 0 ? (
              <p className="claude-page-source">None.</p>
            ) : (
              <ul>
                {rules.map((rule, index) => (
                  <li key={`${rule.source}:${rule.rule}:${index}`} className="claude-page-row">
                    <code>{rule.rule}</code>
                    <span className="claude-page-source">{sourceLabels[rule.source]}</span>
                    {rule.inForce === false && (
                      <span
                        className="claude-page-not-in-force"
                        title="The running session does not hold this rule (see the note on its file, if any)"
                      >
                        not in effect
                      </span>
                    )}
                    {isEditable(rule.source) && (
                      <>
                        <button
                          type="button"
                          aria-label={`Edit ${rule.rule}`}
                          onClick={() => setEditing(rule)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          aria-label={`Remove ${rule.rule}`}
                          onClick={() => remove(rule)}
                        >
                          Remove
                        </button>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <RuleForm
        key={editing ? `${editing.source}:${editing.behavior}:${editing.rule}` : 'new'}
        editing={editing}
        scopes={agentId === null ? ['user'] : ['local', 'project', 'user']}
        onCancel={() => setEditing(null)}
        onSubmit={(draft) =>
          change(
            {
              ...(editing && isEditable(editing.source)
                ? {
                    remove: {
                      behavior: editing.behavior,
                      rule: editing.rule,
                      scope: editing.source,
                    },
                  }
                : {}),
              add: draft,
            },
            `Saved ${draft.rule.trim()} to ${sourceLabels[draft.scope]}.`,
          )
        }
      />
      <Outcome status={status} failure={failure} />
      <section aria-label="Default mode">
        <h3>Default mode</h3>
        <p>
          {data.defaultMode
            ? `${permissionModeLabel(data.defaultMode.mode)} (${sourceLabels[data.defaultMode.source]})`
            : `${permissionModeLabel('default')} (no settings file sets one)`}
        </p>
      </section>
      <section aria-label="Additional directories">
        <h3>Additional directories</h3>
        {data.additionalDirectories.length === 0 ? (
          <p className="claude-page-source">None.</p>
        ) : (
          <ul>
            {data.additionalDirectories.map((directory) => (
              <li key={`${directory.source}:${directory.path}`} className="claude-page-row">
                <code>{directory.path}</code>
                <span className="claude-page-source">{sourceLabels[directory.source]}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function RuleForm({
  editing,
  scopes,
  onSubmit,
  onCancel,
}: {
  editing: ClaudePermissionRule | null;
  scopes: readonly EditableScope[];
  onSubmit(draft: RuleDraft): Promise<boolean>;
  onCancel(): void;
}) {
  const [behavior, setBehavior] = useState<PermissionBehavior>(editing?.behavior ?? 'allow');
  const [rule, setRule] = useState(editing?.rule ?? '');
  const [scope, setScope] = useState<EditableScope>(
    editing && isEditable(editing.source) ? editing.source : scopes[0]!,
  );
  const [touched, setTouched] = useState(editing !== null);
  const hintId = useId();
  const check = checkPermissionRule(rule);
  const problem = touched && !check.ok ? check.problem : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!check.ok) return;
    if ((await onSubmit({ behavior, rule, scope })) && !editing) {
      // Empty again for the next rule, not a mistake to point at.
      setRule('');
      setTouched(false);
    }
  };

  return (
    <form
      aria-label={editing ? 'Edit rule' : 'Add a rule'}
      className="claude-page-form"
      onSubmit={(event) => void submit(event)}
    >
      <select
        aria-label="Behavior"
        value={behavior}
        onChange={(event) => setBehavior(event.target.value as PermissionBehavior)}
      >
        {PERMISSION_BEHAVIORS.map((option) => (
          <option key={option} value={option}>
            {behaviorNames[option]}
          </option>
        ))}
      </select>
      <input
        type="text"
        aria-label="Rule"
        aria-invalid={problem !== null}
        aria-describedby={hintId}
        placeholder="Bash(npm run test:*)"
        value={rule}
        autoFocus={editing !== null}
        onChange={(event) => {
          setRule(event.target.value);
          setTouched(true);
        }}
      />
      <select
        aria-label="Save to"
        value={scope}
        onChange={(event) => setScope(event.target.value as EditableScope)}
      >
        {scopes.map((option) => (
          <option key={option} value={option}>
            {sourceLabels[option]}
          </option>
        ))}
      </select>
      <button type="submit" aria-disabled={!check.ok}>
        {editing ? 'Save rule' : 'Add rule'}
      </button>
      {editing && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
      <p id={hintId} className="claude-page-hint" role={problem ? 'alert' : undefined}>
        {problem ??
          'Tool or Tool(specifier): Bash(npm run test:*), Read(./secrets/**), WebFetch(domain:example.com), mcp__server__tool'}
      </p>
    </form>
  );
}
