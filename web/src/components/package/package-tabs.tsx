// The package page's tabs (WAI-ARIA tabs: arrow keys move between them, the selected one is in
// the tab order): the version's readme and tools, and the package's versions. Every panel is in
// the page; the ones not selected are hidden.
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab {
  id: string;
  label: string;
  panel: () => ReactNode;
}

export function PackageTabs({ tabs, label }: { tabs: readonly Tab[]; label: string }) {
  const [selected, setSelected] = useState(tabs[0]?.id ?? '');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  function onKeyDown(event: KeyboardEvent) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const index = tabs.findIndex((t) => t.id === selected);
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
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
