// A link to a page of another part of the store (the cart, the store, the collection) by its path:
// an ordinary <a> (open in a new tab works), followed inside the app on a plain click. The router's
// typed <Link> needs the target route in this build; these pages are built beside this one.
import type { MouseEvent, ReactNode } from "react";
import { useRouter } from "@tanstack/react-router";

export function PathLink({ to, className, children }: { to: `/${string}`; className?: string; children: ReactNode }) {
  const router = useRouter();
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void router.navigate({ href: to });
  };
  return (
    <a href={to} className={className} onClick={follow}>
      {children}
    </a>
  );
}
