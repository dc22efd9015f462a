import type { PermissionDecision } from '../../../../../shared/agent-control';
import type { PermissionRequest } from '../model/permission-queue';
import { questionsOf } from './ask-questions';
import { PermissionDialog } from './PermissionDialog';
import { PlanDialog } from './PlanDialog';
import { QuestionDialog } from './QuestionDialog';

interface RequestDialogProps {
  request: PermissionRequest;
  pending: number;
  takeFocus: boolean;
  onAnswer(decision: PermissionDecision): Promise<void>;
  onOpenLink(url: string): void;
  /** Which subagent or background agent asks, in words (see askingAgent). */
  asker?: string | null;
}

/**
 * The dialog for what the CLI waits on: Claude's questions and plans have their own; any other
 * tool (and a question or plan whose input is not the expected shape) asks for permission.
 */
export function RequestDialog(props: RequestDialogProps) {
  const { request } = props;
  if (request.tool_name === 'AskUserQuestion') {
    const questions = questionsOf(request.input);
    if (questions) return <QuestionDialog {...props} questions={questions} />;
  }
  const plan = request.input['plan'];
  if (request.tool_name === 'ExitPlanMode' && typeof plan === 'string') {
    return <PlanDialog {...props} plan={plan} />;
  }
  return <PermissionDialog {...props} />;
}
