import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type RefObject,
} from 'react';
import {
  MAX_IMAGES_PER_MESSAGE,
  type ImageAttachment,
} from '../../../../../shared/contract/composer';
import { givenBackImage, imageFiles, readImage, type PendingImage } from './image-attachments';
import { messageLength, tooLong } from './prompt-limit';
import { expandPastes, isLongPaste, pasteLabel, pastesIn, type Paste } from './pasted-text';

interface Box {
  /** The text as typed, with the labels of long pastes in it. */
  text: string;
  /** Puts text at the caret (in place of a selection). */
  insert(value: string): void;
  setText(value: string): void;
  /** Nothing can be sent: pastes go in as typed text, nothing is attached. */
  closed: boolean;
  /** The long pastes of a draft kept from before (a reload), taken once. */
  keptPastes?: readonly Paste[] | undefined;
}

/**
 * What the composer carries besides typed text: pasted or dropped images (a drop of images only;
 * other files keep typing their paths) and long pastes kept as labelled chips.
 */
export function useAttachments(element: RefObject<HTMLElement | null>, box: Box) {
  const [images, setImages] = useState<PendingImage[]>([]);
  const [pastes, setPastes] = useState<Paste[]>(() => [...(box.keptPastes ?? [])]);
  const [problem, setProblem] = useState<string | null>(null);
  const { text, insert, setText, closed } = box;

  // What is attached, ahead of the render that shows it: images read at once (two pastes) each
  // see those before them, and the limit's message is worked out here, not in a state updater
  // (React may run one later, or twice).
  const attached = useRef<PendingImage[]>([]);
  const keep = useCallback((next: PendingImage[]) => {
    attached.current = next;
    setImages(next);
  }, []);

  const add = useCallback(
    (added: readonly PendingImage[], problems: readonly string[] = []) => {
      const room = Math.max(0, MAX_IMAGES_PER_MESSAGE - attached.current.length);
      const over =
        added.length > room ? [`A message takes up to ${MAX_IMAGES_PER_MESSAGE} images.`] : [];
      keep([...attached.current, ...added.slice(0, room)]);
      setProblem([...problems, ...over].join(' ') || null);
    },
    [keep],
  );

  // Images of a message that did not go, back with its text: kept even in a closed composer, as
  // its typed text is, for after a restart.
  const restore = useCallback(
    (given: readonly ImageAttachment[]) => add(given.map(givenBackImage)),
    [add],
  );

  const attach = useCallback(
    async (files: File[]) => {
      const read = await Promise.all(files.map(readImage));
      add(
        read.filter((result) => typeof result !== 'string'),
        read.filter((result) => typeof result === 'string'),
      );
    },
    [add],
  );

  // Ahead of the drop that types files' paths (capture phase): images become attachments.
  useEffect(() => {
    const target = element.current;
    if (!target || closed) return;
    const onDrop = (event: DragEvent) => {
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length === 0 || imageFiles(event.dataTransfer).length !== files.length) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      void attach(files);
    };
    target.addEventListener('drop', onDrop, true);
    return () => target.removeEventListener('drop', onDrop, true);
  }, [element, attach, closed]);

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    if (closed) return;
    const files = imageFiles(event.clipboardData);
    if (files.length > 0) {
      event.preventDefault();
      void attach(files);
      return;
    }
    const pasted = event.clipboardData.getData('text/plain').replace(/\r\n?/g, '\n');
    if (!isLongPaste(pasted)) return;
    event.preventDefault();
    const label = pasteLabel(pasted, text);
    setPastes((current) => [...pastesIn(text, current), { label, text: pasted }]);
    insert(label);
  };

  const shown = pastesIn(text, pastes);
  return {
    images,
    pastes: shown,
    problem,
    /** Why the message is too long to send, if it is. */
    tooLong: tooLong(messageLength(text, shown)),
    onPaste,
    restore,
    removeImage: (image: PendingImage) => keep(attached.current.filter((kept) => kept !== image)),
    removePaste: (paste: Paste) => setText(text.replace(paste.label, '')),
    /** The message to send: pastes in their labels' place, the images as the API takes them. */
    message: (): { text: string; images: ImageAttachment[] } => ({
      text: expandPastes(text, shown),
      images: images.map(({ mediaType, data }) => ({ mediaType, data })),
    }),
    clear: () => {
      keep([]);
      setPastes([]);
      setProblem(null);
    },
  };
}
