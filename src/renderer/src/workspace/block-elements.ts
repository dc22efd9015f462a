import { useLayoutEffect, useRef, type RefCallback } from 'react';

/**
 * One DOM element per block that lives as long as the block does. Blocks render into it through a
 * portal and the split layout only moves it between slots, so splitting or closing a neighbour
 * never remounts a block (which would restart its shell).
 */
export function useBlockElements(blockIds: string[]): Map<string, HTMLElement> {
  const elements = useRef(new Map<string, HTMLElement>());
  for (const id of blockIds) {
    if (!elements.current.has(id)) {
      const element = document.createElement('div');
      element.className = 'block-host';
      elements.current.set(id, element);
    }
  }
  useLayoutEffect(() => {
    for (const id of [...elements.current.keys()]) {
      if (!blockIds.includes(id)) elements.current.delete(id);
    }
  });
  return elements.current;
}

/** A slot in the layout that adopts a block's element. */
export function slotRef(element: HTMLElement | undefined): RefCallback<HTMLDivElement> {
  return (slot) => {
    if (slot && element && element.parentElement !== slot) slot.appendChild(element);
  };
}
