import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** A second line under the label, read as the tab's description. */
  description?: string;
}

export const tabId = (idPrefix: string, key: string) => `${idPrefix}-tab-${key}`;
export const panelId = (idPrefix: string, key: string) => `${idPrefix}-panel-${key}`;

const LIST_CLASSES = {
  /** A row of segments; two per row on a phone so long labels never overflow. */
  segmented: 'grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:flex sm:flex-wrap',
  /** A vertical menu, e.g. in a side column. */
  menu: 'flex flex-col gap-1',
  /** The admin area's sidebar: a vertical menu with a strong selection. */
  sidebar: 'flex flex-col gap-1',
  /** A row of labels over a rule, the selected one underlined. */
  underline: 'flex gap-1 border-b border-slate-200',
};
const TAB_CLASSES = {
  segmented: (selected: boolean) =>
    `rounded-lg px-3 py-2 text-sm font-semibold transition-colors sm:flex-1 ${
      selected ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:bg-white/60 hover:text-slate-900'
    }`,
  menu: (selected: boolean) =>
    `rounded-lg px-4 py-2.5 text-left text-sm font-semibold transition-colors ${
      selected
        ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-100'
        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
    }`,
  sidebar: (selected: boolean) =>
    `rounded-lg px-4 py-3 text-left transition-colors ${
      selected ? 'bg-brand-700 text-white shadow-sm' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
    }`,
  underline: (selected: boolean) =>
    `-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${
      selected ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'
    }`,
};

interface TabListProps<K extends string> {
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** Names the tab list for screen readers. */
  label: string;
  /** Ties each tab to its TabPanel; unique on the page. */
  idPrefix: string;
  variant?: keyof typeof LIST_CLASSES;
}

/**
 * WAI-ARIA tabs with automatic activation: only the selected tab is in the Tab order, the
 * arrow keys (and Home, End) move to and select another tab.
 */
export function TabList<K extends string>({
  tabs,
  selected,
  onSelect,
  label,
  idPrefix,
  variant = 'segmented',
}: TabListProps<K>) {
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const vertical = variant === 'menu' || variant === 'sidebar';

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const step: Record<string, number> = vertical ? { ArrowDown: 1, ArrowUp: -1 } : { ArrowRight: 1, ArrowLeft: -1 };
    let next: number | undefined;
    if (event.key in step) next = (index + step[event.key]! + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onSelect(key);
    buttons.current.get(key)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation={vertical ? 'vertical' : 'horizontal'}
      onKeyDown={onKeyDown}
      className={LIST_CLASSES[variant]}
    >
      {tabs.map((tab) => {
        const isSelected = tab.key === selected;
        const id = tabId(idPrefix, tab.key);
        return (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) buttons.current.set(tab.key, element);
              else buttons.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={id}
            aria-selected={isSelected}
            aria-controls={panelId(idPrefix, tab.key)}
            // With a description the tab is named by its label alone and the description is read after.
            aria-labelledby={tab.description ? `${id}-label` : undefined}
            aria-describedby={tab.description ? `${id}-description` : undefined}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            className={TAB_CLASSES[variant](isSelected)}
          >
            {tab.description ? (
              <>
                <span id={`${id}-label`} className="block text-sm font-semibold">
                  {tab.label}
                </span>
                <span
                  id={`${id}-description`}
                  className={`block text-xs ${isSelected ? 'text-blue-100' : 'text-slate-500'}`}
                >
                  {tab.description}
                </span>
              </>
            ) : (
              tab.label
            )}
          </button>
        );
      })}
    </div>
  );
}

/** The content of the selected tab; render only the selected one. */
export function TabPanel({
  idPrefix,
  tabKey,
  children,
  className = '',
}: {
  idPrefix: string;
  tabKey: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(idPrefix, tabKey)}
      aria-labelledby={tabId(idPrefix, tabKey)}
      tabIndex={0}
      className={className}
    >
      {children}
    </div>
  );
}
