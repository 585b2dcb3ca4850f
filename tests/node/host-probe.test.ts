// The suite's figure in host probes (scripts/lib/host-probe.mjs): its wall time and work divided by
// the probe's time, judged against a budget in probes.
import { describe, expect, it } from "vitest";
import { SUITE_BUDGET_PROBES, suiteBudgetLines } from "../../scripts/lib/host-probe.mjs";

describe("the suite's budget in host probes", () => {
  it("gives 12 minutes on the team's quiet host, where the probe read 6.2 s", () => {
    expect(Math.round(SUITE_BUDGET_PROBES * 6.2)).toBe(719);
  });

  it("says within for the same run on a host three times slower, over when the work grew instead", () => {
    expect(suiteBudgetLines({ wallSeconds: 700, coreSeconds: 1400, probeSeconds: 6.2 })).toEqual([
      "wall 700 s, 1400 core-seconds; host probe 6.2 s (the Worker's type check, one thread, alone)",
      "112.9 probes of wall time, 225.8 of work; budget 116 probes (719 s on this host): within",
    ]);
    expect(suiteBudgetLines({ wallSeconds: 2100, coreSeconds: 4200, probeSeconds: 18.6 })[1]).toMatch(/: within$/);
    expect(suiteBudgetLines({ wallSeconds: 900, coreSeconds: 1800, probeSeconds: 6.2 })[1]).toBe(
      "145.2 probes of wall time, 290.3 of work; budget 116 probes (719 s on this host): OVER",
    );
  });

  it("prints the wall time alone where the machine's busy time is unknown", () => {
    expect(suiteBudgetLines({ wallSeconds: 600, coreSeconds: null, probeSeconds: 6 })).toEqual([
      "wall 600 s, core-seconds unknown; host probe 6.0 s (the Worker's type check, one thread, alone)",
      "100.0 probes of wall time; budget 116 probes (696 s on this host): within",
    ]);
  });
});
