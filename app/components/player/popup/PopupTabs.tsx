// The popups' tabbed track lists in the popup's look: a section named like its tab list, the tabs
// in the list head (with `aside` after them, e.g. a track count), then the selected tab's panel.
// The tabs' behaviour is the shared one (components/Tabs.tsx); labels come from each popup.
import type { ReactNode } from "react";
import { TabList, TabPanel, type Tabs } from "../../Tabs";

type PopupTabsProps<T extends string> = {
  tabs: Tabs<T>;
  /** Names the section and its tab list. */
  label: string;
  labels: Record<T, ReactNode>;
  /** Added to the section's own class (mp-list). */
  className?: string;
  aside?: ReactNode;
  /** The panel takes focus itself (when it holds nothing focusable). */
  panelFocusable?: boolean;
  /** The selected tab's content. */
  children: ReactNode;
};

export function PopupTabs<T extends string>({ tabs, label, labels, className, aside, panelFocusable, children }: PopupTabsProps<T>) {
  return (
    <section className={className ? `mp-list ${className}` : "mp-list"} aria-label={label}>
      <div className="mp-list-head">
        <TabList tabs={tabs} label={label} labels={labels} className="mp-tabs" tabClassName="mp-tab" />
        {aside}
      </div>
      <TabPanel tabs={tabs} className="mp-tabpanel" focusable={panelFocusable}>
        {children}
      </TabPanel>
    </section>
  );
}
