import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { DialogHeader } from './DialogHeader';
import { ModalDialog } from './ModalDialog';
import './tabbed-dialog.css';

export interface DialogTab {
  /** The tab's accessible name, as people and tests find it. */
  name: string;
  render(): ReactNode;
}

interface TabbedDialogProps {
  label: string;
  tabs: readonly DialogTab[];
  /** The tab shown first (by name); the first tab otherwise. */
  initialTab?: string;
  onClose(): void;
}

/**
 * A dialog of several pages under tabs (role `tab`), as settings dialogs are: Left/Right/Home/End
 * move between the tabs and show each one's page, Tab goes from the tabs into the page.
 */
export function TabbedDialog({ label, tabs, initialTab, onClose }: TabbedDialogProps) {
  const first = Math.max(
    0,
    tabs.findIndex((tab) => tab.name === initialTab),
  );
  const [selected, setSelected] = useState(first);
  const tabElements = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const current = tabs[selected];

  const select = (index: number) => {
    const wrapped = (index + tabs.length) % tabs.length;
    setSelected(wrapped);
    tabElements.current[wrapped]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(to);
  };

  return (
    <ModalDialog label={label} className="tabbed-dialog" onCancel={onClose}>
      <DialogHeader label={label} onClose={onClose} />
      <div role="tablist" aria-label={label} className="tabbed-dialog-tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.name}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-controls={`${id}-panel`}
            aria-selected={index === selected}
            tabIndex={index === selected ? 0 : -1}
            // Opened from the palette, the dialog takes the keyboard at its first page's tab.
            autoFocus={index === selected}
            ref={(element) => {
              tabElements.current[index] = element;
            }}
            onClick={() => select(index)}
          >
            {tab.name}
          </button>
        ))}
      </div>
      {current && (
        <section
          role="tabpanel"
          id={`${id}-panel`}
          aria-labelledby={`${id}-tab-${selected}`}
          className="tabbed-dialog-panel"
          // The page may have nothing to focus yet (still loading): its own place in the order.
          tabIndex={0}
        >
          {current.render()}
        </section>
      )}
    </ModalDialog>
  );
}
