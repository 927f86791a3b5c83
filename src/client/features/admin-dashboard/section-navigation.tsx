import { useEffect, useRef } from 'react';
import { TabList } from '@client/components/ui/tabs.tsx';

export type AdminSection = 'dashboard' | 'users' | 'papers' | 'committee' | 'programme' | 'outbox';

interface SectionItem {
  key: AdminSection;
  label: string;
  /** What the section holds; also the section's heading. */
  description: string;
}

/** Spec 2.2: the sidebar's three tabs, the programme committee's, the programme's and the outbox. */
export const SECTIONS: readonly SectionItem[] = [
  { key: 'dashboard', label: 'Dashboard', description: 'Overview & Analytics' },
  { key: 'users', label: 'Users', description: 'User Management' },
  { key: 'papers', label: 'Papers', description: 'Paper Management' },
  { key: 'committee', label: 'Committee', description: 'Programme Committee' },
  { key: 'programme', label: 'Programme', description: 'Sessions & Schedule' },
  { key: 'outbox', label: 'Outbox', description: 'E-mail Outbox' },
];

/** Ties the sidebar's tabs to the section panel. */
export const SECTION_TABS_ID = 'admin-section';

/** The sidebar on wide screens: vertical tabs, each with what its section holds. */
export function SectionTabs({ selected, onSelect }: { selected: AdminSection; onSelect: (key: AdminSection) => void }) {
  return (
    <TabList
      tabs={SECTIONS}
      selected={selected}
      onSelect={onSelect}
      label="Admin sections"
      idPrefix={SECTION_TABS_ID}
      variant="sidebar"
    />
  );
}

interface SectionMenuDrawerProps {
  selected: AdminSection;
  onSelect: (key: AdminSection) => void;
  onClose: () => void;
}

/**
 * The navigation on small screens: a panel that slides in from the left. It is a modal
 * <dialog>, so the page behind is inert and focus starts on the current section; Escape,
 * the close button and a click on the overlay close it.
 */
export function SectionMenuDrawer({ selected, onSelect, onClose }: SectionMenuDrawerProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // showModal focuses the first control (the close button); the current section is more useful.
    element?.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-label="Admin menu"
      onCancel={(event) => {
        // Escape: React state closes the drawer, so it and the state never disagree.
        event.preventDefault();
        onClose();
      }}
      // The overlay is the dialog's own backdrop; a click there targets the dialog itself.
      onClick={(event) => event.target === dialog.current && onClose()}
      className="fixed inset-y-0 right-auto left-0 m-0 h-full max-h-none w-80 max-w-[85vw] bg-white p-0 shadow-2xl transition-transform duration-200 backdrop:bg-slate-900/50 starting:-translate-x-full motion-reduce:transition-none"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <p className="font-bold text-brand-900">Admin menu</p>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="rounded-md px-2 text-2xl leading-none text-slate-500 hover:bg-slate-100"
          >
            ×
          </button>
        </div>
        <nav aria-label="Admin sections" className="flex-1 overflow-y-auto p-3">
          <ul className="flex flex-col gap-1">
            {SECTIONS.map((section) => {
              const isSelected = section.key === selected;
              return (
                <li key={section.key}>
                  <button
                    type="button"
                    aria-current={isSelected ? 'page' : undefined}
                    onClick={() => onSelect(section.key)}
                    className={`w-full rounded-lg px-4 py-3 text-left ${isSelected ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
                  >
                    <span className="block text-sm font-semibold">{section.label}</span>
                    <span className={`block text-xs ${isSelected ? 'text-blue-100' : 'text-slate-500'}`}>
                      {section.description}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </dialog>
  );
}
