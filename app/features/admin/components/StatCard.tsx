// One figure of a dashboard: its name, its value, then a trend or a note below. Its name is a
// heading one level below the section it sits in: h3 under a dashboard's h2 sections, h2 on a page
// whose figures come right after the h1 (headings must not skip a level).
import { useId, type ReactNode } from "react";

type Props = { label: ReactNode; value: ReactNode; children?: ReactNode; headingLevel?: 2 | 3 };

export function StatCard({ label, value, children, headingLevel = 3 }: Props) {
  const labelId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card admin-stat" aria-labelledby={labelId}>
      <Heading id={labelId} className="admin-stat-label">
        {label}
      </Heading>
      <p className="admin-stat-value">{value}</p>
      {children}
    </article>
  );
}
