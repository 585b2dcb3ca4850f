// WAI-ARIA tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): only the selected tab is in the
// Tab order; ArrowLeft/ArrowRight (wrapping), Home and End move to a tab and select it at once.
// useTabs holds the state; TabList and TabPanel render the roles and ids that tie them together.
// The look stays with the caller (class names), and so do the labels.
import { createRef, useId, useState, type KeyboardEvent, type ReactNode, type RefObject } from "react";

export type Tabs<T extends string> = {
  names: readonly T[];
  selected: T;
  select(name: T): void;
  tabId(name: T): string;
  panelId: string;
  /** The tab's button, e.g. where focus goes when the panel's content goes away. */
  tabRef(name: T): RefObject<HTMLButtonElement | null>;
};

/** `names`: the tabs in order, fixed for the component's life; the first one starts selected. */
export function useTabs<T extends string>(names: readonly T[]): Tabs<T> {
  const id = useId();
  const [selected, select] = useState<T>(names[0]!);
  // One ref per tab, made once, so a hook given a tab's ref sees the same object every render.
  const [refs] = useState(() => new Map(names.map((name) => [name, createRef<HTMLButtonElement>()])));
  return {
    names,
    selected,
    select,
    tabId: (name) => `${id}-tab-${name}`,
    panelId: `${id}-panel`,
    tabRef: (name) => refs.get(name)!,
  };
}

/** The tab to go to for a key, or undefined for any other key. */
function tabForKey<T>(names: readonly T[], at: number, key: string): T | undefined {
  switch (key) {
    case "ArrowRight":
      return names[(at + 1) % names.length];
    case "ArrowLeft":
      return names[(at - 1 + names.length) % names.length];
    case "Home":
      return names[0];
    case "End":
      return names[names.length - 1];
    default:
      return undefined;
  }
}

type TabListProps<T extends string> = {
  tabs: Tabs<T>;
  /** Each tab's label. */
  labels: Record<T, ReactNode>;
  /** Names the tab list for screen readers. */
  label: string;
  className?: string;
  tabClassName?: string;
};

export function TabList<T extends string>({ tabs, labels, label, className, tabClassName }: TabListProps<T>) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabForKey(tabs.names, tabs.names.indexOf(tabs.selected), event.key);
    if (!next) return;
    event.preventDefault();
    tabs.select(next);
    tabs.tabRef(next).current?.focus();
  };
  return (
    <div role="tablist" className={className} aria-label={label} onKeyDown={onKeyDown}>
      {tabs.names.map((name) => (
        <button
          key={name}
          ref={tabs.tabRef(name)}
          type="button"
          role="tab"
          id={tabs.tabId(name)}
          className={tabClassName}
          aria-selected={tabs.selected === name}
          aria-controls={tabs.panelId}
          tabIndex={tabs.selected === name ? 0 : -1}
          onClick={() => tabs.select(name)}
        >
          {labels[name]}
        </button>
      ))}
    </div>
  );
}

/** The selected tab's content, named by its tab. `focusable`: a panel with nothing to focus inside can still be reached with Tab. */
export function TabPanel<T extends string>({
  tabs,
  className,
  focusable,
  children,
}: {
  tabs: Tabs<T>;
  className?: string;
  focusable?: boolean;
  children: ReactNode;
}) {
  return (
    <div role="tabpanel" id={tabs.panelId} className={className} aria-labelledby={tabs.tabId(tabs.selected)} tabIndex={focusable ? 0 : undefined}>
      {children}
    </div>
  );
}
