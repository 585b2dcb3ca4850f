// The time zone to show a party's start in. The server renders in UTC and the browser's first
// render (hydration) must say the same, so the server's snapshot is "UTC"; right after hydrating,
// React renders again with the visitor's own zone (undefined: the runtime's). No mismatch, and
// the visitor reads their local time.
import { useSyncExternalStore } from "react";

const noChanges = () => () => {};

export const useViewerZone = (): string | undefined =>
  useSyncExternalStore(
    noChanges,
    () => undefined,
    () => "UTC",
  );
