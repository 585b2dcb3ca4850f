// The worker project runs its files in one runtime (vitest.config.ts: isolate off), so a helper
// module is evaluated once for all of them, while each file gets a fresh database. State a helper
// keeps about rows (accounts, catalog views) must therefore live no longer than the file.
import { expect } from "vitest";

/** A value made again for each test file: `make` runs on the first call from a new file. */
export function perFile<T>(make: () => T): () => T {
  let made = false;
  let file: string | undefined;
  let value: T;
  return () => {
    const current = expect.getState().testPath;
    if (!made || current !== file) {
      made = true;
      file = current;
      value = make();
    }
    return value;
  };
}
