import { questionsOf } from '../permission/ask-questions';
import { resultText } from '../model/result-text';
import type { ToolItem } from '../model/transcript-model';

/**
 * The answers in an AskUserQuestion result, by question: the CLI tells the model
 * `"<question>"="<answer>"` for each one it asked.
 */
function answersIn(text: string): Map<string, string> {
  const answers = new Map<string, string>();
  for (const [, question, answer] of text.matchAll(/"((?:[^"\\]|\\.)*)"="((?:[^"\\]|\\.)*)"/g)) {
    answers.set(question!, answer!);
  }
  return answers;
}

/** An AskUserQuestion call as the user saw it: each question, its choices and the answer given. */
export function QuestionAnswers({ item }: { item: ToolItem }) {
  const questions = questionsOf(item.input);
  const said = item.result ? resultText(item.result.content) : '';
  const answers = answersIn(said);
  return (
    <>
      {questions && (
        <dl className="agent-questions">
          {questions.map(({ question, options }) => (
            <div key={question}>
              <dt>{question}</dt>
              {options.length > 0 && (
                <dd className="agent-tool-detail">
                  Choices: {options.map((option) => option.label).join(' · ')}
                </dd>
              )}
              {answers.has(question) && <dd>Answer: {answers.get(question)}</dd>}
            </div>
          ))}
        </dl>
      )}
      {/* A refusal, an error, or a result in words this does not know: as the CLI said it. */}
      {item.result && (answers.size === 0 || !questions) && (
        <p className={item.result.is_error ? 'agent-tool-denied' : 'agent-tool-detail'}>{said}</p>
      )}
    </>
  );
}
