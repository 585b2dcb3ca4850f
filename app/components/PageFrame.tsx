import type { ReactNode } from "react";

/** The common page head: one h1, an optional one-line intro, then the page body. */
export function PageFrame({ title, intro, narrow, children }: { title: ReactNode; intro?: ReactNode; narrow?: boolean; children?: ReactNode }) {
  return (
    <section className={narrow ? "page page-narrow" : "page"}>
      <header className="page-head">
        <h1>{title}</h1>
        {intro && <p className="page-intro">{intro}</p>}
      </header>
      {children}
    </section>
  );
}
