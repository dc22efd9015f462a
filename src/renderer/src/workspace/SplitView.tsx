import { Fragment } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import type { LayoutNode } from '../../../shared/workspace-state';
import { slotRef } from './block-elements';

interface SplitViewProps {
  node: LayoutNode;
  elements: Map<string, HTMLElement>;
  onResize(splitId: string, sizes: number[]): void;
}

const nodeKey = (node: LayoutNode) => (node.type === 'block' ? node.blockId : node.id);

/** The split tree as nested resizable groups; leaves are slots that adopt block elements. */
export function SplitView({ node, elements, onResize }: SplitViewProps) {
  if (node.type === 'block') {
    return <div className="block-slot" ref={slotRef(elements.get(node.blockId))} />;
  }
  const keys = node.children.map(nodeKey);
  return (
    <Group
      // A new set of children remounts the group with the sizes from the saved layout; the
      // blocks themselves live in their own elements and are not remounted.
      key={`${node.id}:${keys.join(',')}`}
      orientation={node.orientation}
      defaultLayout={Object.fromEntries(keys.map((key, index) => [key, node.sizes[index] ?? 0]))}
      onLayoutChanged={(layout) =>
        onResize(
          node.id,
          keys.map((key) => layout[key] ?? 0),
        )
      }
      className="split"
    >
      {node.children.map((child, index) => (
        <Fragment key={keys[index]}>
          {index > 0 && <Separator className={`separator separator-${node.orientation}`} />}
          <Panel id={keys[index]} minSize="5%">
            <SplitView node={child} elements={elements} onResize={onResize} />
          </Panel>
        </Fragment>
      ))}
    </Group>
  );
}
