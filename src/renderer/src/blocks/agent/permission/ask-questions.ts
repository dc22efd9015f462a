import { isRecord } from '../../../../../shared/is-record';

/** One question of an `AskUserQuestion` request, as the dialog shows it. */
export interface Question {
  question: string;
  header?: string;
  options: { label: string; description?: string }[];
  multiSelect: boolean;
}

/**
 * The questions of an `AskUserQuestion` input, or null when the input is not the shape this
 * dialog can answer (it is model output: the generic permission dialog shows it instead).
 */
export function questionsOf(input: Record<string, unknown>): Question[] | null {
  const raw = input['questions'];
  if (!Array.isArray(raw) || raw.length === 0) return null;
  const questions: Question[] = [];
  for (const item of raw) {
    if (!isRecord(item) || typeof item['question'] !== 'string' || !item['question']) return null;
    const options = Array.isArray(item['options']) ? item['options'] : [];
    const parsed = options.flatMap((option) =>
      isRecord(option) && typeof option['label'] === 'string'
        ? [
            {
              label: option['label'],
              ...(typeof option['description'] === 'string'
                ? { description: option['description'] }
                : {}),
            },
          ]
        : [],
    );
    questions.push({
      question: item['question'],
      ...(typeof item['header'] === 'string' && item['header'] ? { header: item['header'] } : {}),
      options: parsed,
      multiSelect: item['multiSelect'] === true,
    });
  }
  return questions;
}

export interface Choice {
  labels: string[];
  other: string;
}

/** A question's answer as the CLI takes it: the chosen labels (and the user's own words), joined. */
export function answerText(choice: Choice | undefined): string {
  if (!choice) return '';
  return [...choice.labels, choice.other.trim()].filter(Boolean).join(', ');
}

/** The input the answer goes back in: the request's own, plus `answers` keyed by question text. */
export function answeredInput(
  input: Record<string, unknown>,
  questions: readonly Question[],
  choices: readonly (Choice | undefined)[],
): Record<string, unknown> {
  const answers: Record<string, string> = {};
  questions.forEach((question, index) => {
    const text = answerText(choices[index]);
    if (text) answers[question.question] = text;
  });
  return { ...input, answers };
}
