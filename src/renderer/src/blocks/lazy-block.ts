import { createElement, lazy, Suspense, type ComponentType } from 'react';
import type { BlockProps } from './registry';

/**
 * A block kind whose code loads the first time a block of it is shown, so that the page's first
 * load carries none of it (a terminal's is mostly xterm). Until it has loaded the block's body is
 * empty; the block takes the keyboard when it mounts, as any block does (see `handleRef`).
 */
export function lazyBlock(
  load: () => Promise<ComponentType<BlockProps>>,
): ComponentType<BlockProps> {
  const Body = lazy(() => load().then((component) => ({ default: component })));
  return function LazyBlock(props: BlockProps) {
    return createElement(Suspense, { fallback: null }, createElement(Body, props));
  };
}
