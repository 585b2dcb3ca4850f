// The reader's time zone, which only the browser knows. The Worker renders a page in a zone of its
// own choosing (`inServer`: UTC, said as such, or none) and the browser's first render, hydrating
// that HTML, must read the same; the reader's zone follows in a transition, which React renders in
// slices between the reader's taps. (useSyncExternalStore with a different server snapshot would
// re-render every date on the page at once, in one task, right after hydration.)
import { startTransition, useEffect, useState } from "react";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function useViewerZone<Server extends string | undefined>(inServer: Server): string | Server {
  const [zone, setZone] = useState<string | Server>(inServer);
  useEffect(() => startTransition(() => setZone(browserZone())), []);
  return zone;
}
