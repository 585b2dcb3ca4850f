// A VIP's collections, as a new VIP member builds them: favorites kept on /music/favorites, and a
// playlist created, guarded against a duplicate name, filled, reordered from the keyboard,
// still in that order after a reload, and deleted after confirming. And moves whose saves are
// still on their way when the page is left are not lost. Each journey has a VIP of its own, whose
// collection holds only what the journey put there.
import type { Page, Response } from "@playwright/test";
import { expect, signUpVip, test } from "./fixtures";

const ALBUM = "/music/catalog/moonlight-boulevard";
const TRACKS = ["Dreamin' of Love", "Moonlight Boulevard", "Tell Me Where the Heart Goes"];

/** The titles of the opened playlist, in order. */
const playlistOrder = (page: Page) =>
  page.getByRole("dialog").getByRole("list", { name: "Tracks in this playlist" }).locator(".playlist-track-title").allTextContents();

const isOrderSave = (response: Response) => response.request().method() === "PUT" && /^\/api\/playlists\/[^/]+\/order$/.test(new URL(response.url()).pathname);

/** Resolves with the answer to the `count`-th reorder saved from now on (call it before the moves). */
function orderSaves(page: Page, count: number) {
  let seen = 0;
  return page.waitForResponse((response) => isOrderSave(response) && ++seen === count);
}

/**
 * The first reorder save reaches the server at once, but its answer is held until the page is
 * left, as over a network too slow to answer before the member leaves: a move made meanwhile
 * waits for that answer and is never sent by the page's usual path. Later saves pass untouched.
 * `leaving()` ends the held request, unanswered, before the journey loads another page: a
 * keepalive request still held here when the page unloads was seen to reach the server once more,
 * outside this route, after the later order (Chromium carries keepalive requests on past their
 * page); over a real network the browser sends it once.
 */
async function holdFirstOrderAnswer(page: Page) {
  let delivered: (body: string | null) => void = () => {};
  /** The first save's body, once it has reached the server. */
  const firstDelivered = new Promise<string | null>((resolve) => (delivered = resolve));
  let leave: () => void = () => {};
  const left = new Promise<void>((resolve) => (leave = resolve));
  let ended: () => void = () => {};
  const firstEnded = new Promise<void>((resolve) => (ended = resolve));
  let firstBody: string | null | undefined;
  await page.route("**/api/playlists/*/order", async (route) => {
    const body = route.request().postData();
    if (firstBody !== undefined && body !== firstBody) return route.continue();
    const pageGone = new Promise((resolve) => page.once("load", resolve));
    if (firstBody !== undefined) {
      // The app sends the same order again when its keepalive request fails: that copy is as slow
      // as the first, and must not reach the server after a later order.
      await pageGone;
      return route.abort().catch(() => undefined);
    }
    firstBody = body;
    await route.fetch();
    delivered(body);
    await Promise.race([left, pageGone]);
    // The page that waited for this answer is being left: it never gets one.
    await route.abort().catch(() => undefined);
    ended();
  });
  return {
    firstDelivered,
    leaving: async () => {
      leave();
      await firstEnded;
    },
  };
}

/** Creates the playlist `name` from the hub and adds TRACKS from the album, in that order. */
async function buildPlaylist(page: Page, name: string) {
  await page.goto("/music");
  await page.getByRole("button", { name: "Create Playlist" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Playlist" });
  await dialog.getByLabel("Playlist name").fill(name);
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: `Open the playlist ${name}` })).toBeVisible();
  await addTracks(page, name);
}

/** Adds TRACKS from the album to the playlist `name`, in that order. */
async function addTracks(page: Page, name: string) {
  await page.goto(ALBUM);
  for (const title of TRACKS) {
    await page.getByRole("button", { name: `Add ${title} to a playlist` }).click();
    const add = page.getByRole("dialog", { name: "Add to Playlist" });
    await add.getByRole("button", { name }).click();
    await expect(add).toBeHidden();
  }
}

/** The titles of the playlist `name` as the server holds them. */
async function savedOrder(page: Page, name: string) {
  const res = await page.request.get("/api/playlists");
  const { playlists } = (await res.json()) as { playlists: { name: string; tracks: { title: string }[] }[] };
  return playlists.find((p) => p.name === name)?.tracks.map((t) => t.title);
}

/** Opens the playlist on the hub and waits for its tracks. */
async function openOnHub(page: Page, name: string, order: (string | undefined)[]) {
  await page.goto("/music");
  await page.getByRole("button", { name: `Open the playlist ${name}` }).click();
  await expect.poll(() => playlistOrder(page)).toEqual(order);
}

test("a VIP favorites tracks and finds them on Your Collection, then unfavorites one", async ({ page, browser }) => {
  await signUpVip(page, browser);
  await page.goto(ALBUM);
  for (const title of TRACKS.slice(0, 2)) {
    const heart = page.getByRole("button", { name: `Add ${title} to favorites` });
    await heart.click();
    await expect(page.getByRole("button", { name: `Remove ${title} from favorites` })).toHaveAttribute("aria-pressed", "true");
  }
  // The heart turns at once; the saves go out one after another. Leaving the page ends what has not
  // gone out yet, so the collection is opened once the server holds both.
  await expect
    .poll(async () => ((await (await page.request.get("/api/favorites")).json()) as { tracks: { title: string }[] }).tracks.map((t) => t.title).sort())
    .toEqual(TRACKS.slice(0, 2).sort());

  await page.goto("/music/favorites");
  await expect(page.getByRole("heading", { level: 1, name: "Your Collection" })).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(3); // header + two favorites
  await page.getByRole("button", { name: `Remove ${TRACKS[0]} from favorites` }).click();
  await expect(rows).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("table")).toContainText(TRACKS[1]!);
  await expect(page.getByRole("table")).not.toContainText(TRACKS[0]!);
});

test("a VIP builds a playlist, reorders it by keyboard, keeps the order after a reload, and deletes it", async ({ page, browser }) => {
  await signUpVip(page, browser);
  const name = `Road trip ${Date.now().toString(36)}`;

  await page.goto("/music");
  await page.getByRole("button", { name: "Create Playlist" }).click();
  let dialog = page.getByRole("dialog", { name: "Create New Playlist" });
  await dialog.getByLabel("Playlist name").fill(name);
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: `Open the playlist ${name}` })).toBeVisible();

  // The same name in another case is refused, in the dialog.
  await page.getByRole("button", { name: "Create Playlist" }).click();
  dialog = page.getByRole("dialog", { name: "Create New Playlist" });
  await dialog.getByLabel("Playlist name").fill(name.toUpperCase());
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog.getByText("A playlist with this name already exists")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Three tracks from an album.
  await addTracks(page, name);

  // Open it on the hub and move the first track down twice from the keyboard.
  await openOnHub(page, name, TRACKS);
  const bothSaved = orderSaves(page, 2);
  const moveDown = page.getByRole("button", { name: `Move ${TRACKS[0]} down` });
  await moveDown.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog").getByRole("status")).toContainText(`Moved ${TRACKS[0]} to position 2 of 3`);
  await page.keyboard.press("Enter");
  const reordered = [TRACKS[1], TRACKS[2], TRACKS[0]];
  await expect.poll(() => playlistOrder(page)).toEqual(reordered);
  // The list shows the new order at once; the reload below must find it saved.
  expect((await bothSaved).ok()).toBe(true);

  await page.reload();
  await page.getByRole("button", { name: `Open the playlist ${name}` }).click();
  await expect.poll(() => playlistOrder(page)).toEqual(reordered);
  await page.keyboard.press("Escape");

  // Delete after confirming.
  await page.getByRole("button", { name: `Delete the playlist ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Playlist" });
  await expect(confirm).toContainText("Are you sure you want to delete this playlist? This action cannot be undone.");
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("button", { name: `Open the playlist ${name}` })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "My Playlists" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Open the playlist ${name}` })).toHaveCount(0);
});

test("moves whose saves are still on their way when the page is left are kept", async ({ page, browser }) => {
  await signUpVip(page, browser);
  const name = `Night drive ${Date.now().toString(36)}`;
  await buildPlaylist(page, name);

  // Two moves in a row: the first one's answer never comes while the page is open, and the second
  // waits for it, so only the flush on leaving can save the second.
  const { firstDelivered, leaving } = await holdFirstOrderAnswer(page);
  await openOnHub(page, name, TRACKS);
  const moveDown = page.getByRole("button", { name: `Move ${TRACKS[0]} down` });
  await moveDown.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog").getByRole("status")).toContainText(`Moved ${TRACKS[0]} to position 2 of 3`);
  await page.keyboard.press("Enter");
  const moved = [TRACKS[1], TRACKS[2], TRACKS[0]];
  await expect.poll(() => playlistOrder(page)).toEqual(moved);

  // The page is left while the first answer is still under way and the second order waits for
  // it. The first save is on the server by then, as over a real network where only its answer is
  // slow. The browser fires pagehide before it drops the page's requests; Playwright drops a
  // request of a page that is gone at its own pace, so the journey fires pagehide itself and sees
  // the latest order reach the server before it loads another page.
  const firstBody = await firstDelivered;
  const flushed = page.waitForResponse((response) => isOrderSave(response) && response.request().postData() !== firstBody);
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide")));
  expect((await flushed).ok()).toBe(true);
  await leaving();
  await page.goto("/music/favorites");
  await expect(page.getByRole("heading", { level: 1, name: "Your Collection" })).toBeVisible();
  await expect.poll(() => savedOrder(page, name)).toEqual(moved);
  await openOnHub(page, name, moved);
});
