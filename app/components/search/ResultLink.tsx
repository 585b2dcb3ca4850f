// A link to a thing found: a real <a> (it works before the app starts, in a new tab, for crawlers),
// followed inside the app on a plain click. The address comes from the Worker (a site path).
import { useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";

export function ResultLink({ href, children }: { href: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <a
      href={href}
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void navigate({ href });
      }}
    >
      {children}
    </a>
  );
}
