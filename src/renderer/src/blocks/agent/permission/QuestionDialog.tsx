import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PermissionDecision } from '../../../../../shared/agent-control';
import type { PermissionRequest } from '../model/permission-queue';
import { answeredInput, answerText, type Choice, type Question } from './ask-questions';
import { Arming, NotSent, useAnswerGuard } from './use-answer-guard';
import { RequestFrame } from './RequestFrame';

interface QuestionDialogProps {
  request: PermissionRequest;
  questions: Question[];
  takeFocus: boolean;
  onAnswer(decision: PermissionDecision): Promise<void>;
}

/**
 * Claude's questions (`AskUserQuestion`), answerable: each with its options (one, or several) and
 * "Other" in the user's own words. Number keys pick the options of the question being answered;
 * Enter sends once each has an answer; Esc skips, which tells Claude the user did not answer.
 */
export function QuestionDialog({ request, questions, takeFocus, onAnswer }: QuestionDialogProps) {
  const { send, notSent, early, arming, dialogProps } = useAnswerGuard(takeFocus, onAnswer);
  const ids = useId();
  const [choices, setChoices] = useState<Choice[]>(() =>
    questions.map(() => ({ labels: [], other: '' })),
  );
  const [current, setCurrent] = useState(0);
  const others = useRef<(HTMLInputElement | null)[]>([]);
  const complete = choices.every((choice) => answerText(choice) !== '');
  const first = questions[0]!;

  const choose = (index: number, label: string) =>
    setChoices((before) =>
      before.map((choice, at) => {
        if (at !== index) return choice;
        if (!questions[index]!.multiSelect) return { labels: [label], other: '' };
        const has = choice.labels.includes(label);
        return {
          ...choice,
          labels: has ? choice.labels.filter((l) => l !== label) : [...choice.labels, label],
        };
      }),
    );
  const setOther = (index: number, other: string) =>
    setChoices((before) =>
      before.map((choice, at) =>
        at !== index
          ? choice
          : { labels: questions[index]!.multiSelect || !other ? choice.labels : [], other },
      ),
    );
  const submit = () =>
    complete &&
    send({ behavior: 'allow', updatedInput: answeredInput(request.input, questions, choices) });
  const skip = () => send({ behavior: 'allow' });

  const onKeyDown = (event: KeyboardEvent) => {
    const guarded = early();
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!guarded) skip();
      return;
    }
    if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      if (!guarded) submit();
      return;
    }
    // Digits typed into "Other" are words, not picks.
    if (event.target instanceof HTMLInputElement && event.target.type === 'text') return;
    if (event.ctrlKey || event.metaKey || event.altKey || !/^[1-9]$/.test(event.key)) return;
    event.preventDefault();
    if (guarded) return;
    const question = questions[current]!;
    const pick = Number(event.key) - 1;
    const option = question.options[pick];
    if (option) choose(current, option.label);
    else if (pick === question.options.length) others.current[current]?.focus();
  };

  return (
    <RequestFrame
      guard={dialogProps}
      label={`Claude asks: ${first.header ?? first.question}`}
      className="agent-permission agent-question"
      onKeyDown={onKeyDown}
    >
      {questions.map((question, index) => {
        const choice = choices[index]!;
        return (
          <fieldset
            key={index}
            className={index === current ? 'agent-question-current' : undefined}
            onFocus={() => setCurrent(index)}
          >
            <legend>
              {question.header && <span className="agent-question-header">{question.header}</span>}
              {question.question}
            </legend>
            {question.options.map((option, at) => (
              <label key={option.label} className="agent-question-option">
                <input
                  type={question.multiSelect ? 'checkbox' : 'radio'}
                  name={`${ids}-${index}`}
                  checked={choice.labels.includes(option.label)}
                  onChange={() => choose(index, option.label)}
                />
                <kbd>{at + 1}</kbd> {option.label}
                {option.description && (
                  <span className="agent-question-description"> — {option.description}</span>
                )}
              </label>
            ))}
            <label className="agent-question-option">
              <kbd>{question.options.length + 1}</kbd> Other:{' '}
              <input
                type="text"
                ref={(element) => {
                  others.current[index] = element;
                }}
                aria-label={`Other answer to: ${question.question}`}
                value={choice.other}
                onChange={(event) => setOther(index, event.target.value)}
              />
            </label>
          </fieldset>
        );
      })}
      <NotSent reason={notSent} />
      <Arming arming={arming} />
      <div className="agent-permission-buttons">
        <button type="button" onClick={submit} disabled={!complete}>
          Answer
        </button>
        <button type="button" onClick={skip}>
          Skip
        </button>
      </div>
      <p className="agent-permission-keys">
        number keys choose · Enter answers · Esc skips (Claude is told you did not answer)
      </p>
    </RequestFrame>
  );
}
