import { fireEvent } from '@testing-library/react';

/** A drop of files as Chromium dispatches it: a dragover, then the drop. */
export function dropFiles(target: Element, files: File[]) {
  const dataTransfer = { types: ['Files'], files, dropEffect: 'none' };
  const over = fireEvent.dragOver(target, { dataTransfer });
  const dropped = fireEvent.drop(target, { dataTransfer });
  return { overCancelled: !over, dropCancelled: !dropped };
}
