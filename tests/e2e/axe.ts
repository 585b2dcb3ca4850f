// axe-core in the page as the journeys run it: from node_modules, evaluated in the page (no network
// at test time, and page.evaluate runs outside the page's Content-Security-Policy, which would refuse
// an inline script), with axe's defaults plus WCAG 2.2's minimum target size (2.5.8), which it leaves off.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export type AxeViolation = { id: string; impact: string | null; target: string; summary: string };

/** axe's violations on the page as it is now, one per node, each with the nodes its check found against it. */
export async function axeViolationNodes(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return await page.evaluate(async () => {
    type Related = { relatedNodes?: { target: unknown[] }[] };
    type Violation = {
      id: string;
      impact: string | null;
      nodes: { target: unknown[]; failureSummary?: string; any: Related[]; all: Related[]; none: Related[] }[];
    };
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ["violations"], rules: { "target-size": { enabled: true } } });
    return violations.flatMap((v) =>
      v.nodes.map((node) => {
        // What the check found against the node (the control covering it, the colour behind it) names the cause.
        const related = [
          ...new Set([...node.any, ...node.all, ...node.none].flatMap((check) => check.relatedNodes ?? []).map((r) => JSON.stringify(r.target))),
        ];
        const summary = (node.failureSummary ?? "").replace(/\s+/g, " ") + (related.length > 0 ? ` (related: ${related.join(", ")})` : "");
        return { id: v.id, impact: v.impact, target: JSON.stringify(node.target), summary };
      }),
    );
  });
}

/** axe's violations on the page, one line per node. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await axeViolationNodes(page)).map((v) => `${v.id} ${v.target}: ${v.summary}`);
}
