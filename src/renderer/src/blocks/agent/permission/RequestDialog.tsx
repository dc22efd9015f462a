import type { RequestAnswer } from '../../../../../shared/agent-control';
import type { PendingRequest } from '../model/permission-queue';
import { questionsOf } from './ask-questions';
import { ElicitationDialog } from './ElicitationDialog';
import { PermissionDialog } from './PermissionDialog';
import { PlanDialog } from './PlanDialog';
import { QuestionDialog } from './QuestionDialog';

interface RequestDialogProps {
  request: PendingRequest;
  pending: number;
  takeFocus: boolean;
  onAnswer(answer: RequestAnswer): Promise<void>;
  onOpenLink(url: string): void;
  /** Which subagent or background agent asks, in words (see askingAgent). */
  asker?: string | null;
}

/**
 * The dialog for what the CLI waits on: an MCP server's form, Claude's questions and plans have
 * their own; any other tool (and a question or plan whose input is not the expected shape) asks
 * for permission.
 */
export function RequestDialog({ request, ...props }: RequestDialogProps) {
  if (request.type === 'elicitation_request') {
    return <ElicitationDialog {...props} request={request} />;
  }
  if (request.tool_name === 'AskUserQuestion') {
    const questions = questionsOf(request.input);
    if (questions) return <QuestionDialog {...props} request={request} questions={questions} />;
  }
  const plan = request.input['plan'];
  if (request.tool_name === 'ExitPlanMode' && typeof plan === 'string') {
    return <PlanDialog {...props} request={request} plan={plan} />;
  }
  return <PermissionDialog {...props} request={request} />;
}
