// A VIP's collections, as a new VIP member builds them: favorites kept on /music/favorites, and a
// playlist created, guarded against a duplicate name, filled, reordered from the keyboard,
// still in that order after a reload, and deleted after confirming. And moves whose saves are
// still on their way when the page is left are not lost.
import type { Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures";

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
 * Every reorder save reaches the server at once, but its answer comes back `ms` later, as over a
 * slow network: a move made meanwhile waits for that answer before it is sent.
 */
async function slowOrderAnswers(page: Page, ms: number) {
  await page.route("**/api/playlists/*/order", async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, ms));
    // An answer the page no longer waits for (it was left) has nowhere to go.
    await route.fulfill({ response }).catch(() => undefined);
  });
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

test("a VIP favorites tracks and finds them on Your Collection, then unfavorites one", async ({ page, loginAs }) => {
  await loginAs("vip");
  await page.goto(ALBUM);
  for (const title of TRACKS.slice(0, 2)) {
    const heart = page.getByRole("button", { name: `Add ${title} to favorites` });
    await heart.click();
    await expect(page.getByRole("button", { name: `Remove ${title} from favorites` })).toHaveAttribute("aria-pressed", "true");
  }

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

test("a VIP builds a playlist, reorders it by keyboard, keeps the order after a reload, and deletes it", async ({ page, loginAs }) => {
  await loginAs("vip");
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

test("moves whose saves are still on their way when the page is left are kept", async ({ page, loginAs }) => {
  await loginAs("vip");
  const name = `Night drive ${Date.now().toString(36)}`;
  await buildPlaylist(page, name);

  // Two moves in a row: the first one's answer is slow, and the second waits for it.
  await slowOrderAnswers(page, 600);
  await openOnHub(page, name, TRACKS);
  const moveDown = page.getByRole("button", { name: `Move ${TRACKS[0]} down` });
  await moveDown.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog").getByRole("status")).toContainText(`Moved ${TRACKS[0]} to position 2 of 3`);
  await page.keyboard.press("Enter");
  const moved = [TRACKS[1], TRACKS[2], TRACKS[0]];
  await expect.poll(() => playlistOrder(page)).toEqual(moved);

  // Left at once, the saves still under way: a full page load of another page, then back.
  await page.goto("/music/favorites");
  await expect(page.getByRole("heading", { level: 1, name: "Your Collection" })).toBeVisible();
  await expect.poll(() => savedOrder(page, name)).toEqual(moved);
  await openOnHub(page, name, moved);
});
