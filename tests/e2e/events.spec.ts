// Events, as fans use them, against the seeded demo events (scripts/prepare-local.mjs with
// scripts/demo-data.json): /events lists the published ones only (no draft, no cancelled), each
// show with its venue's capacity (a capacity unknown, 'TBA', is an app test), a past one is under 'Past shows' (never sold out), in Portuguese
// with the São Paulo show's Portuguese description (decision 031), and the .ics
// download and the subscribable feed are real calendar files. On /virtual-meet a VIP sees the join
// link of the meet starting within the hour only once its window is open (the seed starts it about
// an hour after preparation, so normally the 'appears here' text), and a plain member never does.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** worker/contracts/events.ts JOIN_WINDOW_MINUTES. */
const JOIN_WINDOW_MINUTES = 15;

type DemoEvent = { title: string; status?: string; descriptionPtBR?: string; inDays?: number };
type VirtualMeet = { id: string; title: string; eventDate: string; joinUrl: string | null; joinOpensAt: string };

/** The seeded events (scripts/demo-data.json "events": title and status draft/published/cancelled). */
function demoEvents(): DemoEvent[] {
  const file = path.resolve(import.meta.dirname, "../../scripts/demo-data.json");
  const data = JSON.parse(readFileSync(file, "utf8")) as { events?: DemoEvent[] };
  if (!Array.isArray(data.events) || data.events.length === 0) throw new Error("No demo events in scripts/demo-data.json");
  return data.events;
}

/** The meets as the API gives them to this browser's member (the page itself came rendered with them). */
const virtualMeetsOf = async (page: Page) => (await (await page.request.get("/api/events/virtual")).json()) as { meets: VirtualMeet[] };

test("/events lists the published events: shows with their capacity, past shows below, and no draft or cancelled one", async ({ page }) => {
  await page.goto("/events");
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  const rows = page.getByRole("article");
  await expect(rows.first()).toBeVisible();

  // The Miami show, seeded with its venue's capacity (the event form requires one).
  await expect(page.getByRole("article").filter({ hasText: "Miami Freestyle Heat" }).locator(".event-capacity")).toHaveText("2,500");

  // A past one: in the archive below, not sold out, nothing to buy.
  const archive = page.getByRole("region", { name: "Past shows" });
  const past = archive.getByRole("article").first();
  await expect(past).toBeVisible();
  await expect(past.locator(".event-badge-soldout")).toHaveCount(0);
  await expect(past.getByRole("link", { name: /Buy tickets/ })).toHaveCount(0);
  await expect(past.getByRole("button")).toHaveCount(0);

  // Published titles show; drafts and cancelled ones never do.
  const seeded = demoEvents();
  const hidden = seeded.filter((e) => e.status === "draft" || e.status === "cancelled");
  expect(hidden.length, "the seed has a draft and a cancelled event").toBeGreaterThanOrEqual(2);
  const titles = (await rows.getByRole("heading").allTextContents()).map((t) => t.trim());
  for (const event of hidden) expect(titles).not.toContain(event.title);
  for (const event of seeded.filter((e) => e.status === "published")) expect(titles).toContain(event.title);
});

test("/events?lang=pt-BR shows the São Paulo show's Portuguese description and the past shows", async ({ page }) => {
  const saoPaulo = demoEvents().find((e) => e.title.includes("São Paulo"));
  expect(saoPaulo?.descriptionPtBR, "the seed describes the São Paulo show in Portuguese").toBeTruthy();
  await page.goto("/events?lang=pt-BR");
  await expect(page.getByRole("heading", { level: 1, name: "Eventos" })).toBeVisible();
  await expect(page.getByText(saoPaulo!.descriptionPtBR!)).toBeVisible();
  const archive = page.getByRole("region", { name: "Shows anteriores" });
  await expect(archive.getByRole("article").first()).toBeVisible();
  await expect(archive.getByText("Esgotado")).toHaveCount(0);
});

test("the .ics download and the calendar feed are calendar files", async ({ page }) => {
  await page.goto("/events");
  const ics = page.getByRole("link", { name: "Download .ics" }).first();
  await expect(ics).toBeVisible();
  const href = (await ics.getAttribute("href"))!;
  expect(href).toMatch(/^\/api\/events\/[^/]+\/ics$/);
  const download = await page.request.get(href);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toMatch(/^text\/calendar/);
  expect(await download.text()).toMatch(/^BEGIN:VCALENDAR\r?\n[\s\S]*BEGIN:VEVENT[\s\S]*END:VCALENDAR\s*$/);

  const subscribe = page.getByRole("link", { name: "Subscribe to the calendar" });
  await expect(subscribe).toHaveAttribute("href", "/events.ics");
  const feed = await page.request.get("/events.ics");
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain("BEGIN:VCALENDAR");
});

test("a VIP sees the join link of the meet within the hour only once its window opens", async ({ page, loginAs }) => {
  await loginAs("vip", "/virtual-meet");
  const { meets } = await virtualMeetsOf(page);
  await expect(page.getByRole("heading", { level: 2, name: "Upcoming virtual meets" })).toBeVisible();

  // The seeded meet starts within about an hour of preparation (it may be running by now).
  const now = Date.now();
  const soon = meets.find((m) => Date.parse(m.eventDate) - now < 75 * 60_000);
  expect(soon, "a seeded virtual meet starting within the hour").toBeTruthy();
  const card = page.getByRole("article", { name: soon!.title });
  await expect(card).toBeVisible();

  const windowOpen = now >= Date.parse(soon!.joinOpensAt);
  if (windowOpen) {
    // Inside the window: the server sent the link and the page offers it.
    expect(soon!.joinUrl).toBeTruthy();
    await expect(card.getByRole("link", { name: /^Join now/ })).toHaveAttribute("href", soon!.joinUrl!);
  } else {
    // Before the window: no link anywhere, and the page says when it will appear.
    expect(soon!.joinUrl).toBeNull();
    expect(Date.parse(soon!.eventDate) - Date.parse(soon!.joinOpensAt)).toBe(JOIN_WINDOW_MINUTES * 60_000);
    await expect(page.getByText(`The join link appears here ${JOIN_WINDOW_MINUTES} minutes before each meet starts.`)).toBeVisible();
    await expect(card.getByText("Join link from ")).toBeVisible();
    await expect(card.getByText(/minutes before/)).toHaveCount(0);
    await expect(card.getByRole("link", { name: /Join now/ })).toHaveCount(0);
  }
  await expect(card.getByRole("link", { name: "Download .ics" })).toHaveAttribute("href", `/api/events/${soon!.id}/ics`);
});

test("a plain member gets the teaser and the VIP call to action, never a join link", async ({ page, loginAs }) => {
  await loginAs("fan", "/virtual-meet");
  const { meets } = await virtualMeetsOf(page);
  // The server sends a member no link at all.
  expect(meets.length).toBeGreaterThan(0);
  expect(meets.map((m) => m.joinUrl)).toEqual(meets.map(() => null));

  await expect(page.getByRole("heading", { level: 2, name: "What is a virtual meet?" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Next virtual meet" })).toBeVisible();
  await expect(page.getByText(meets[0]!.title)).toBeVisible();
  await expect(page.getByRole("link", { name: "Become a VIP Member" })).toHaveAttribute("href", "/vip-signup");
  await expect(page.getByRole("link", { name: /Join now/ })).toHaveCount(0);
});
