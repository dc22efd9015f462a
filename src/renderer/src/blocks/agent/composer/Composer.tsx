import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import type { SlashCommand } from '../../../../../shared/agent-event';
import type { ImageAttachment } from '../../../../../shared/contract/composer';
import type { ComposerDraft } from '../../../../../shared/workspace-state';
import { acceptFileDrops } from '../../terminal/dropped-files';
import './composer.css';
import { FileCompletions } from './FileCompletions';
import { insertMention, mentionAt } from './file-mention';
import { ImageThumbnails } from './ImageThumbnails';
import { PastedChips } from './PastedChips';
import { PromptHistory } from './prompt-history';
import { sendKeyOf } from './send-keys';
import { slashCompletions } from './slash-commands';
import { useAttachments } from './use-attachments';
import { useDraft } from './use-draft';
import { useFileSuggestions } from './use-file-suggestions';
import { isMacPlatform, shortcutLabel } from '../../../ui/shortcuts';

/** The keys are those of the keyboard in front of the user (see send-keys.ts), so is the label. */
const sendNowLabel = () => shortcutLabel('Mod+Enter', isMacPlatform(navigator.platform));

/**
 * Text handed over from elsewhere (a terminal) or given back (a message that did not go), with the
 * images given back; each new serial is taken once.
 */
export interface ComposerInsertion {
  text: string;
  images?: readonly ImageAttachment[];
  serial: number;
}

interface ComposerProps {
  slashCommands: readonly SlashCommand[];
  /** Earlier prompts of the session, oldest first, for Up and Down. */
  prompts: readonly string[];
  /** A turn is running, so Esc interrupts it and Enter queues behind it. */
  busy: boolean;
  /**
   * The text (long pastes in place) and the images pasted or dropped; `now` (Ctrl+Enter, Cmd+Enter)
   * to steer the running turn rather than queue behind it.
   */
  onSend(text: string, images: ImageAttachment[], now: boolean): void;
  /** Paths in the session's folder that complete an `@` (absent: no completion). */
  suggestFiles?(query: string): Promise<string[]>;
  onInterrupt(): void;
  /** Claude Code's guess at the next prompt: Tab takes it into an empty box. */
  suggestion?: string | null;
  /** Any other key than Tab (or sending something else) sets the suggestion aside. */
  onDismissSuggestion?(): void;
  ref?: Ref<HTMLTextAreaElement>;
  /** Why nothing can be sent now (the session ended): what is typed stays for after a restart. */
  closedReason?: string | undefined;
  /** Added after what is typed. */
  insertion?: ComposerInsertion | null;
  /** What was typed and not sent before a reload: the box starts with it. */
  draft?: ComposerDraft | undefined;
  /** What is typed changed (undefined: the box is empty), for the next reload to find. */
  onDraftChange?(draft: ComposerDraft | undefined): void;
  /**
   * Where dropped files are for the agent, as their paths go in: their copies on its host, for
   * an agent on another machine (absent: the paths as they are).
   */
  placeFiles?(paths: readonly string[]): Promise<readonly string[]>;
}

function caretOnFirstLine(area: HTMLTextAreaElement): boolean {
  return (
    area.selectionStart === area.selectionEnd &&
    !area.value.slice(0, area.selectionStart).includes('\n')
  );
}

function caretOnLastLine(area: HTMLTextAreaElement): boolean {
  return (
    area.selectionStart === area.selectionEnd && !area.value.slice(area.selectionEnd).includes('\n')
  );
}

/**
 * The message box: Enter sends (queues, during a turn), Ctrl+Enter or Cmd+Enter sends now to
 * steer the running turn, Shift+Enter breaks the line, Up and Down walk earlier prompts
 * (from the first and last line, so moving within a long message still works), Esc interrupts a
 * running turn, a leading "/" offers the session's slash commands with what each does, and Tab in
 * an empty box takes the suggested next prompt.
 */
export function Composer({
  slashCommands,
  prompts,
  busy,
  onSend,
  onInterrupt,
  ref,
  insertion,
  suggestion = null,
  onDismissSuggestion,
  closedReason,
  suggestFiles,
  draft,
  onDraftChange,
  placeFiles: placeDropped,
}: ComposerProps) {
  const [text, setText] = useState(draft?.text ?? '');
  const [caret, setCaret] = useState(0);
  const [selected, setSelected] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const history = useRef(new PromptHistory());
  const box = useRef<HTMLDivElement>(null);
  const nextCaret = useRef<number | null>(null);
  const listId = useId();
  const completions = dismissed === text ? [] : slashCompletions(text, slashCommands);
  const mention = dismissed === text || completions.length > 0 ? null : mentionAt(text, caret);
  const files = useFileSuggestions(mention?.query ?? null, suggestFiles);
  const listed = completions.length || (mention ? files.length : 0);
  const active = Math.min(selected, listed - 1);

  const replace = (value: string, at = value.length) => {
    setText(value);
    setCaret(at);
    setSelected(0);
  };

  // A change made here (a completion, a paste's label) puts the caret after what it wrote.
  const place = (value: string, at: number) => {
    replace(value, at);
    nextCaret.current = at;
  };

  useLayoutEffect(() => {
    if (nextCaret.current === null) return;
    box.current?.querySelector('textarea')?.setSelectionRange(nextCaret.current, nextCaret.current);
    nextCaret.current = null;
  }, [text]);

  const attachments = useAttachments(box, {
    text,
    closed: closedReason !== undefined,
    keptPastes: draft?.pastes,
    setText: (value) => place(value, Math.min(caret, value.length)),
    insert: (value) => {
      const area = box.current?.querySelector('textarea');
      const start = area?.selectionStart ?? text.length;
      const end = area?.selectionEnd ?? text.length;
      place(text.slice(0, start) + value + text.slice(end), start + value.length);
    },
  });
  useDraft(text, attachments.pastes, draft, onDraftChange);

  const complete = (command: SlashCommand) => replace(`/${command.name} `);
  const chooseFile = (path: string) => {
    if (!mention) return;
    const next = insertMention(text, mention, path);
    place(next.text, next.caret);
  };
  const choose = (index: number) =>
    completions.length > 0 ? complete(completions[index]!) : chooseFile(files[index]!);
  const offered = text === '' && suggestion ? suggestion : null;

  const send = (now = false) => {
    // Too long to go: it stays in the box (the box says why), never copied out to be refused.
    if (closedReason !== undefined || attachments.tooLong) return;
    const message = attachments.message();
    const typed = message.text.trim();
    if (!typed && message.images.length === 0) return;
    history.current.reset();
    replace('');
    attachments.clear();
    onSend(typed, message.images, now);
  };

  // The list scrolls: the option the arrows are on stays in view.
  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [listId, active]);

  // The question comes after what was handed over: the caret goes to the end.
  const { restore } = attachments;
  useEffect(() => {
    if (!insertion) return;
    const { text: given, images = [] } = insertion;
    // Images alone add no text, nor a blank line after what is typed.
    if (given) {
      setText((typed) => (typed.trim() ? `${typed.replace(/\s+$/, '')}\n\n${given}` : given));
    }
    if (images.length > 0) restore(images);
    setSelected(0);
    const area = box.current?.querySelector('textarea');
    area?.focus();
    requestAnimationFrame(() => area?.setSelectionRange(area.value.length, area.value.length));
  }, [insertion, restore]);

  // A dropped file's path goes in at the caret, as typed text (once it is where the agent is).
  const placeFiles = useRef(placeDropped);
  placeFiles.current = placeDropped;
  useEffect(
    () =>
      acceptFileDrops(box.current!, (dropped) => {
        const insert = (paths: readonly string[]) => {
          const area = box.current?.querySelector('textarea');
          if (!area || paths.length === 0) return;
          const { selectionStart: start, selectionEnd: end, value } = area;
          setText(`${value.slice(0, start)}${paths.join(' ')}${value.slice(end)}`);
          setSelected(0);
          area.focus();
        };
        const place = placeFiles.current;
        if (place) void place(dropped).then(insert);
        else insert(dropped);
      }),
    [],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    const area = event.currentTarget;
    if (offered !== null && !['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) {
      onDismissSuggestion?.();
      if (event.key === 'Tab' && !event.shiftKey) {
        event.preventDefault();
        replace(offered);
        return;
      }
    }
    if (listed > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setSelected((active + step + listed) % listed);
        return;
      }
      if (event.key === 'Tab' || (event.key === 'Enter' && !event.shiftKey)) {
        event.preventDefault();
        choose(active);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(text);
        return;
      }
    }
    const sendKey = sendKeyOf(event);
    if (sendKey) {
      event.preventDefault();
      send(sendKey === 'now');
    } else if (event.key === 'ArrowUp' && caretOnFirstLine(area)) {
      const earlier = history.current.previous(prompts, text);
      if (earlier === null) return;
      event.preventDefault();
      replace(earlier);
    } else if (event.key === 'ArrowDown' && caretOnLastLine(area)) {
      const later = history.current.next(prompts);
      if (later === null) return;
      event.preventDefault();
      replace(later);
    } else if (event.key === 'Escape' && busy) {
      event.preventDefault();
      onInterrupt();
    }
  };

  return (
    <div className="agent-composer" ref={box}>
      {completions.length > 0 && (
        <ul id={listId} role="listbox" aria-label="Slash commands" className="agent-completions">
          {completions.map((command, index) => (
            <li
              key={command.name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              aria-label={`/${command.name}`}
              aria-description={command.description}
              onMouseDown={(event) => {
                event.preventDefault();
                complete(command);
              }}
            >
              <span className="agent-completion-name">
                /{command.name}
                {command.argument_hint && (
                  <span className="agent-completion-hint"> {command.argument_hint}</span>
                )}
              </span>
              {command.description && (
                <span className="agent-completion-description">{command.description}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {completions.length === 0 && listed > 0 && (
        <FileCompletions listId={listId} paths={files} active={active} onChoose={chooseFile} />
      )}
      {(attachments.images.length > 0 ||
        attachments.pastes.length > 0 ||
        attachments.problem !== null ||
        attachments.tooLong !== null) && (
        <div className="agent-composer-attachments">
          <ImageThumbnails images={attachments.images} onRemove={attachments.removeImage} />
          <PastedChips pastes={attachments.pastes} onRemove={attachments.removePaste} />
          {attachments.problem && (
            <p role="alert" className="agent-composer-problem">
              {attachments.problem}
            </p>
          )}
          {attachments.tooLong && (
            <p role="alert" className="agent-composer-problem">
              {attachments.tooLong}
            </p>
          )}
        </div>
      )}
      {offered !== null && (
        <p id={`${listId}-suggestion`} className="agent-suggestion">
          Suggested: <q>{offered}</q> · Tab takes it
        </p>
      )}
      <textarea
        ref={ref}
        aria-label="Message Claude"
        aria-autocomplete="list"
        aria-controls={listed > 0 ? listId : undefined}
        aria-activedescendant={listed > 0 ? `${listId}-${active}` : undefined}
        aria-describedby={
          closedReason ? `${listId}-closed` : offered !== null ? `${listId}-suggestion` : undefined
        }
        readOnly={closedReason !== undefined}
        placeholder={
          offered !== null
            ? offered
            : busy
              ? `Enter queues, ${sendNowLabel()} sends now, Esc interrupts`
              : 'Message Claude (Enter to send, Shift+Enter for a new line)'
        }
        rows={2}
        value={text}
        onChange={(event) => replace(event.target.value, event.target.selectionStart)}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onPaste={attachments.onPaste}
        onKeyDown={onKeyDown}
      />
      {closedReason && (
        <p id={`${listId}-closed`} className="agent-composer-closed">
          {closedReason} What you typed is kept.
        </p>
      )}
      {busy ? (
        <button type="button" onClick={onInterrupt} aria-keyshortcuts="Escape">
          Interrupt
        </button>
      ) : (
        <button
          type="button"
          onClick={() => send()}
          aria-keyshortcuts="Enter"
          disabled={closedReason !== undefined || attachments.tooLong !== null}
        >
          Send
        </button>
      )}
    </div>
  );
}
