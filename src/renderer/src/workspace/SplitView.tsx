import { Fragment, useEffect } from 'react';
import { Group, Panel, Separator, useGroupRef } from 'react-resizable-panels';
import type { LayoutNode } from '../../../shared/workspace-state';
import { slotRef } from './block-elements';

interface SplitViewProps {
  node: LayoutNode;
  elements: Map<string, HTMLElement>;
  onResize(splitId: string, sizes: number[]): void;
}

type Split = Extract<LayoutNode, { type: 'split' }>;

// What a screen reader says of a separator: what moving it changes.
const SEPARATOR_NAMES: Record<Split['orientation'], string> = {
  horizontal: 'Resize the blocks to the left and right',
  vertical: 'Resize the blocks above and below',
};

const nodeKey = (node: LayoutNode) => (node.type === 'block' ? node.blockId : node.id);

/** The split tree as nested resizable groups; leaves are slots that adopt block elements. */
export function SplitView({ node, elements, onResize }: SplitViewProps) {
  if (node.type === 'block') {
    return <div className="block-slot" ref={slotRef(elements.get(node.blockId))} />;
  }
  const keys = node.children.map(nodeKey);
  // A new set of children remounts the group with the saved sizes; the blocks themselves live in
  // their own elements and are not remounted.
  return (
    <SplitGroup
      key={`${node.id}:${keys.join(',')}`}
      node={node}
      elements={elements}
      onResize={onResize}
    />
  );
}

function SplitGroup({ node, elements, onResize }: SplitViewProps & { node: Split }) {
  const group = useGroupRef();
  const keys = node.children.map(nodeKey);
  const layout = Object.fromEntries(keys.map((key, index) => [key, node.sizes[index] ?? 0]));

  // Sizes changed from the keyboard reach the group here; drags come back through onLayoutChanged.
  useEffect(() => {
    const shown = group.current?.getLayout();
    if (shown && keys.some((key) => Math.abs((shown[key] ?? 0) - (layout[key] ?? 0)) > 0.5)) {
      group.current?.setLayout(layout);
    }
  });

  return (
    <Group
      groupRef={group}
      orientation={node.orientation}
      defaultLayout={layout}
      onLayoutChanged={(changed) =>
        onResize(
          node.id,
          keys.map((key) => changed[key] ?? 0),
        )
      }
      className="split"
    >
      {node.children.map((child, index) => (
        <Fragment key={keys[index]}>
          {index > 0 && (
            <Separator
              className={`separator separator-${node.orientation}`}
              aria-label={SEPARATOR_NAMES[node.orientation]}
            />
          )}
          <Panel id={keys[index]} minSize="5%">
            <SplitView node={child} elements={elements} onResize={onResize} />
          </Panel>
        </Fragment>
      ))}
    </Group>
  );
}
