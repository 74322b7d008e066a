// The package page's tabs (WAI-ARIA tabs: the arrow keys, Home and End move between them, the selected one is in
// the tab order): the version's readme and tools, and the package's versions. Every panel is in
// the page; the ones not selected are hidden.
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab {
  id: string;
  label: string;
  panel: () => ReactNode;
}

/** Where each key moves the selection (WAI-ARIA tabs pattern): arrows wrap around, Home and End. */
const KEY_TARGETS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export function PackageTabs({ tabs, label }: { tabs: readonly Tab[]; label: string }) {
  const [selected, setSelected] = useState(tabs[0]?.id ?? '');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((t) => t.id === selected);
    const target = KEY_TARGETS[event.key]?.(index, tabs.length);
    const next = target === undefined ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    setSelected(next.id);
    buttons.current.get(next.id)?.focus();
  }
  const current = tabs.find((t) => t.id === selected) ?? tabs[0];
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={tab.id === current?.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={tab.id === current?.id ? 0 : -1}
            ref={(el) => {
              if (el) buttons.current.set(tab.id, el);
            }}
            onClick={() => setSelected(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          tabIndex={0}
          hidden={tab.id !== current?.id}
        >
          {tab.panel()}
        </div>
      ))}
    </div>
  );
}
