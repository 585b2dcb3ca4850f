// The newsletter's personal pages (decision 045): /newsletter/confirm, /unsubscribe and
// /preferences are opened from a mail with a token or signed link in their address. The Worker
// serves the app's shell for the browser to render (the page's script does the POST, so a link
// scanner's GET changes nothing) and keeps them out of search results.
import { describe, expect, it } from "vitest";
import { page, SHELL } from "./pages-fixtures";

describe("newsletter pages", () => {
  it.each(["/newsletter/confirm?token=abc", "/newsletter/unsubscribe?t=abc", "/newsletter/preferences?t=abc", "/reminders/confirm?token=abc"])(
    "%s is the shell with noindex",
    async (path) => {
      const res = await page(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-robots-tag")).toBe("noindex");
      expect(await res.text()).toBe(SHELL);
    },
  );

  it("leaves other shell pages indexable as before", async () => {
    const res = await page("/verify-email?token=abc");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBeNull();
  });
});
