// A value that follows another after it has stopped changing for `delayMs`: a search box asks the
// server once the typing pauses, not at every key.
import { useEffect, useState } from "react";

export const SEARCH_DELAY_MS = 300;

export function useDebounced<T>(value: T, delayMs = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
