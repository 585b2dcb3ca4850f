// The server-rendered pages as the W3C's Nu Html Checker (vnu.jar, from the vnu-jar package, on
// the machine's Java) reads them: no error on any public page, in either language. html-validate
// checks every page in the Worker's tests (tests/worker/html-validity.test.ts); the Nu checker also
// knows which ARIA roles and attributes each element allows and what `srcset` requires, which that
// one does not. The pages come from the demo data of the journeys' server, read without a browser.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "./fixtures";

const VNU_JAR: string = createRequire(import.meta.url)("vnu-jar");

const PAGES = [
  "/",
  "/events",
  "/music",
  "/music/catalog",
  "/music/catalog/freestyle-nights",
  "/music/track/waiting-for-your-love",
  "/signup-options",
  "/vip-signup",
  "/store",
  "/perks",
  "/radio",
  "/tv",
  "/virtual-meet",
  "/search?q=freestyle",
  "/social/login",
  "/social/signup",
  "/privacy",
  "/terms",
  "/copyright",
  "/accessibility",
  "/embed/track/waiting-for-your-love",
  "/embed/album/freestyle-nights",
  "/no-such-page",
];

type VnuMessage = { type: string; url: string; lastLine?: number; message: string; extract?: string };

test("every public page passes the Nu Html Checker in both languages", async ({ request }) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "nu-checker-"));
  try {
    for (const [i, page] of PAGES.entries()) {
      for (const lang of ["en", "pt-BR"]) {
        const res = await request.get(`${page}${page.includes("?") ? "&" : "?"}lang=${lang}`);
        expect([200, 404], page).toContain(res.status());
        await writeFile(path.join(dir, `${String(i).padStart(2, "0")}-${lang}-${page.replace(/[^a-z0-9]+/gi, "_")}.html`), await res.text());
      }
    }
    // vnu exits 1 when it reports an error; its JSON report on stderr is what counts.
    // One short run: the JVM's first compiler tier and one collector thread do it with half the
    // CPU of its defaults (3.8 against 7.3 core-seconds for 28 pages); that tier needs the larger
    // stack the checker asks for.
    const { stderr } = await promisify(execFile)(
      "java",
      ["-Xss16m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", VNU_JAR, "--errors-only", "--format", "json", dir],
      { maxBuffer: 16 << 20 },
    ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? "" }));
    const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
    const errors = messages.map((m) => `${path.basename(m.url)}:${m.lastLine ?? "?"}: ${m.message} (${(m.extract ?? "").slice(0, 120)})`);
    expect(errors).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
