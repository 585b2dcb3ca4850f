import type { ReactNode } from "react";
import { Icon, type IconName } from "./Icon";

/** The honest "nothing here yet" panel: a title, an optional hint and optional actions. */
export function EmptyState({ title, hint, icon, children }: { title: ReactNode; hint?: ReactNode; icon?: IconName; children?: ReactNode }) {
  return (
    <div className="empty-state">
      {icon && <Icon name={icon} size={36} className="empty-state-icon" />}
      <p className="empty-state-title">{title}</p>
      {hint && <p className="muted">{hint}</p>}
      {children}
    </div>
  );
}
