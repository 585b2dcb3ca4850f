// An address inside the app as a string (where to come back to after signing in, the results page
// to open), built from the options a <Link> takes, written through `linkOptions` so the target
// route's validated search names the parameters: one the page does not read fails the type check.
// The search is written as the router writes it, so the route reads back what was written (a query
// of digits stays text, where `?q=2026` by hand is read as a number).
import { defaultStringifySearch } from "@tanstack/react-router";

export function appHref({ to, search }: { to: string; search?: Record<string, unknown> }): string {
  return `${to}${search ? defaultStringifySearch(search) : ""}`;
}
