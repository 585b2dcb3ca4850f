// One card of the back office's settings page that loads its own data (the offers, the retention
// offer, sales tax): its title and intro, then the loading text, the failure with a retry, or the
// section's form with what loaded. Each section stays its own saved form.
import type { ReactNode } from "react";
import { QueryState, type LoadingQuery } from "./QueryState";

type SettingsCardProps<T> = {
  /** The heading's id, which names the section for assistive technology. */
  titleId: string;
  title: ReactNode;
  intro: ReactNode;
  query: LoadingQuery<T>;
  loading: ReactNode;
  failed: ReactNode;
  retry: ReactNode;
  children: (data: T) => ReactNode;
};

export function SettingsCard<T>({ titleId, title, intro, query, loading, failed, retry, children }: SettingsCardProps<T>) {
  return (
    <section className="card settings-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p className="muted">{intro}</p>
      <QueryState query={query} loading={loading} placeholder={<p className="muted">{loading}</p>} failed={failed} retry={retry}>
        {children}
      </QueryState>
    </section>
  );
}
