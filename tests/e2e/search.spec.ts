// Search everywhere, as a Portuguese speaker on a computer types it: no accents, in the header.
// "coracao" is not "Corazón" with its accents taken off (the spellings differ), so the tracks come
// as close matches; the visitor opens one from the keyboard-focused field.
import { expect, hydrated, test } from "./fixtures";

test.use({ locale: "pt-BR" });

test("a Portuguese visitor presses /, types 'coracao' in the header and opens the Corazón track", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const box = page.getByRole("combobox", { name: "Buscar no site" });
  await page.keyboard.press("/");
  await expect(box).toBeFocused();
  await box.pressSequentially("coracao");
  const list = page.getByRole("listbox", { name: "Resultados da busca" });
  await expect(list.getByText("Músicas · Resultados aproximados")).toBeVisible();
  const track = list.getByRole("option", { name: /Corazón Electric/ });
  await expect(track).toBeVisible();
  await expect(list.getByRole("option", { name: /Ay, Mi Corazón Digital/ })).toBeVisible();
  // Down the list with the arrow keys to the track, then Enter.
  const trackId = await track.getAttribute("id");
  for (let i = 0; i < 20 && (await box.getAttribute("aria-activedescendant")) !== trackId; i++) await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", trackId!);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/music\/track\/rhythm-of-the-promise-7$/);
  await expect(page.getByRole("heading", { level: 1, name: "Corazón Electric" })).toBeVisible();
  await expect(box).toHaveValue("");
});
