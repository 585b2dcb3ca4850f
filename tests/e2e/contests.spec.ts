// A remix contest as a member lives it (issue 90; decisions 184, 186, 198): on the demo contest
// taking entries they download the stems' ZIP (a ZIP holding the stems and LICENCE.txt) and enter a
// remix, a small WAV made here, through the page's form; on a contest of the journey's own, whose
// entrants joined before the member's account could vote, they give their three votes from the
// keyboard, find no button for a fourth and the Worker refuses one; once the admin ends the voting
// the page shows the results, and a member is linked to the contest's room. The page passes the
// accessibility scan. Once in English on a desktop, once in Brazilian Portuguese on a phone; each
// run makes its own members and contest, so both run beside every other journey.
import { readFileSync } from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import { devices, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { englishCatalog, siteCatalog, sitePortuguese } from "../../scripts/lib/english-messages.mjs";
import { asAdmin, clientAddress, expect, hydrated, signUp, test } from "./fixtures";
import { axeViolations } from "./axe";
import type { AdminContestResponse, ContestEntryResponse } from "../../worker/contracts/contests/contests";

type Locale = "en" | "pt-BR";
const ROOT = path.resolve(import.meta.dirname, "../..");
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, userAgent: devices["Pixel 7"].userAgent };
const RUNS: { locale: Locale; name: string; use: Record<string, unknown> }[] = [
  { locale: "en", name: "in English on a desktop", use: { locale: "en-US" } },
  { locale: "pt-BR", name: "in Brazilian Portuguese on a phone", use: { locale: "pt-BR", ...PHONE } },
];
/** The demo contest taking entries from every member, with three stems (scripts/lib/demo-contests.mjs). */
const DEMO_ENTERING = {
  id: "00000000-0000-4000-8000-0000000c0002",
  title: { en: "Moonlight Boulevard Remix Contest", "pt-BR": "Concurso de Remix de Moonlight Boulevard" },
};
const MINUTE = 60_000;

const catalogs: Record<Locale, Record<string, string>> = {
  en: { ...siteCatalog(), ...englishCatalog(path.join(ROOT, "app/features/contests")) },
  "pt-BR": {
    ...sitePortuguese(),
    ...(JSON.parse(readFileSync(path.join(ROOT, "app/features/contests/messages.pt-BR.json"), "utf8")) as Record<string, string>),
  },
};
/** A text of the contests' page by its id, its plain `{name}`s filled in. */
function say(locale: Locale, id: string, values: Record<string, string> = {}): string {
  const text = catalogs[locale][id];
  if (text === undefined) throw new Error(`Message "${id}" is missing from the ${locale} catalogs`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
/** A text whose `{name}`s (and plurals) may be anything, as a pattern. */
function sayPattern(locale: Locale, id: string): RegExp {
  const text = catalogs[locale][id]!.replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, "\u0000");
  return new RegExp(
    text
      .split("\u0000")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".+"),
  );
}

/** A mono 16-bit PCM WAV of `seconds` of a quiet tone: the Worker reads its duration from the header. */
function wav(seconds: number, rate = 8000): Buffer {
  const samples = seconds * rate;
  const out = Buffer.alloc(44 + samples * 2);
  out.write("RIFF", 0);
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write("WAVEfmt ", 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36);
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(2000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return out;
}

/** A contest's times as the admin's form sends them. */
const times = (opens: number, entriesClose: number, votingCloses: number) => ({
  opensAt: new Date(opens).toISOString(),
  entriesCloseAt: new Date(entriesClose).toISOString(),
  votingOpensAt: new Date(entriesClose).toISOString(),
  votingClosesAt: new Date(votingCloses).toISOString(),
});

/** Another member's request context with an address of its own, signed up and verified. */
async function entrant(browser: Browser, baseURL: string | undefined): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() } });
  const page = await context.newPage();
  await signUp(page);
  return { page, close: () => context.close() };
}

/** An entry of the member's in the contest, its audio uploaded as the page's form would. */
async function enterThroughTheApi(request: APIRequestContext, contestId: string, title: string) {
  const origin = { Origin: new URL(test.info().project.use.baseURL!).origin };
  const made = await request.post(`/api/contests/${contestId}/entries`, { data: { title, note: "", acceptLicence: true }, headers: origin });
  expect(made.status(), await made.text()).toBe(201);
  const { entry } = (await made.json()) as ContestEntryResponse;
  const audio = await request.put(`/api/contests/${contestId}/entries/${entry.id}/audio`, {
    data: wav(31),
    headers: { ...origin, "Content-Type": "audio/wav" },
  });
  expect(audio.status(), await audio.text()).toBe(200);
}

for (const run of RUNS) {
  test.describe(run.name, () => {
    test.use(run.use);
    const L = run.locale;

    test("a member downloads the stems, enters a remix, votes up to the limit from the keyboard, and reads the results", async ({ page, browser, baseURL }) => {
      test.slow();
      const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
      await signUp(page);

      await test.step("the demo contest taking entries: the stems' ZIP holds the stems and the licence", async () => {
        await page.goto(`/contests/${DEMO_ENTERING.id}`);
        await hydrated(page);
        await expect(page.locator("html")).toHaveAttribute("lang", L);
        await expect(page.getByRole("heading", { level: 1, name: DEMO_ENTERING.title[L] })).toBeVisible();
        const link = page.getByRole("link", { name: sayPattern(L, "contests.stems.download") });
        const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
        const zip = readFileSync((await download.path())!);
        const names = Object.keys(unzipSync(new Uint8Array(zip)));
        expect(names).toContain("LICENCE.txt");
        expect(names.filter((n) => n.endsWith(".wav"))).toHaveLength(3);
      });

      await test.step("and enters a remix through the page's form", async () => {
        const title = `Journey Mix ${tag}`;
        await page.getByLabel(say(L, "contests.enter.remixTitle")).fill(title);
        await page.locator('input[type="file"]').setInputFiles({ name: "journey-mix.wav", mimeType: "audio/wav", buffer: wav(31) });
        await page.getByLabel(say(L, "contests.enter.acceptLicence")).check();
        await page.getByRole("button", { name: say(L, "contests.enter.submit") }).click();
        await expect(page.getByText(title).first()).toBeVisible();
        await expect(page.getByRole("button", { name: say(L, "contests.mine.withdrawOf", { title }) })).toBeVisible();
      });

      // A contest of the journey's own: it opens after the member's account was made, so they may vote.
      const opened = Date.now();
      const body = (at: ReturnType<typeof times>) => ({
        trackId: "spring-love",
        titleEn: `Journey Contest ${tag}`,
        titlePtBr: `Concurso da Jornada ${tag}`,
        briefEn: "Four remixes to choose from.",
        briefPtBr: "Quatro remixes para escolher.",
        stems: { access: "members" },
        enter: { access: "members" },
        ...at,
      });
      const contest = await asAdmin(browser, async (api) => {
        const res = await api.post("/api/admin/contests", { data: body(times(opened, opened + 60 * MINUTE, opened + 120 * MINUTE)) });
        expect(res.status(), await res.text()).toBe(201);
        return ((await res.json()) as AdminContestResponse).contest;
      });
      const entrants = await Promise.all([0, 1, 2, 3].map(() => entrant(browser, baseURL)));
      const titles = ["A", "B", "C", "D"].map((x) => `Remix ${x} ${tag}`);
      try {
        for (const [i, e] of entrants.entries()) await enterThroughTheApi(e.page.request, contest.id, titles[i]!);
      } finally {
        await Promise.all(entrants.map((e) => e.close()));
      }
      const moveTimes = (at: ReturnType<typeof times>) =>
        asAdmin(browser, async (api) => {
          const res = await api.put(`/api/admin/contests/${contest.id}`, { data: body(at) });
          expect(res.status(), await res.text()).toBe(200);
        });
      // Entries close now and voting runs for the hour.
      await moveTimes(times(opened, Date.now() - 1000, Date.now() + 60 * MINUTE));

      await test.step("three votes from the keyboard, no button for a fourth, and the Worker refuses one", async () => {
        await page.goto(`/contests/${contest.id}`);
        await hydrated(page);
        await expect(page.getByRole("article", { name: titles[0] })).toBeVisible();
        for (const title of titles.slice(0, 3)) {
          const button = page.getByRole("button", { name: say(L, "contests.vote", { title }) });
          await button.focus();
          await page.keyboard.press("Enter");
          await expect(page.getByRole("button", { name: say(L, "contests.unvote", { title }) })).toBeVisible();
        }
        await expect(page.getByRole("button", { name: say(L, "contests.vote", { title: titles[3]! }) })).toHaveCount(0);
        const entries = (await (await page.request.get(`/api/contests/${contest.id}/entries?seed=journey`)).json()) as {
          entries: { id: string; title: string }[];
        };
        const fourth = entries.entries.find((e) => e.title === titles[3])!;
        const refused = await page.request.post(`/api/contests/${contest.id}/votes`, {
          data: { entryId: fourth.id },
          headers: { Origin: new URL(baseURL!).origin },
        });
        expect(refused.status()).toBe(409);
        expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("contest_votes_used_up");
        expect(await axeViolations(page)).toEqual([]);
      });

      await test.step("once voting is over the page shows the results, and links the member to the contest's room", async () => {
        await moveTimes(times(opened, opened + 1000, Date.now() - 1000));
        await page.goto(`/contests/${contest.id}`);
        await hydrated(page);
        const results = page.getByRole("region", { name: say(L, "contests.results.title") });
        await expect(results.getByRole("listitem")).toHaveCount(4);
        await expect(results.getByText(say(L, "contests.profile.winner"))).toHaveCount(3); // three entries with one vote each share first place
        const room = page.getByRole("link", { name: say(L, "contests.room.link") });
        await expect(room).toHaveAttribute("href", `/rooms/contest-${contest.id}`);
        expect(await axeViolations(page)).toEqual([]);
      });
    });
  });
}
