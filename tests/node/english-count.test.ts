import { describe, expect, it } from "vitest";
import { englishCount } from "../../worker/contracts/english-count";

describe("englishCount", () => {
  it("groups thousands as en-US does, without loading Intl", () => {
    for (const n of [0, 7, 999, 1000, 10_000, 123_456, 1_000_000, 98_765_432]) expect(englishCount(n)).toBe(n.toLocaleString("en-US"));
  });
});
