// One figure of a dashboard: its name, its value, then a trend or a note below.
import { useId, type ReactNode } from "react";

export function StatCard({ label, value, children }: { label: ReactNode; value: ReactNode; children?: ReactNode }) {
  const labelId = useId();
  return (
    <article className="card admin-stat" aria-labelledby={labelId}>
      <h3 id={labelId} className="admin-stat-label">
        {label}
      </h3>
      <p className="admin-stat-value">{value}</p>
      {children}
    </article>
  );
}
