// The extra <head> content of server-rendered pages, as the areas declare it (`pageHead` in
// worker/services/areas/). Each piece is a bonus: a renderer that fails costs the page that piece
// only, never the page.
import type { Context } from "hono";
import type { HonoEnv } from "../types";
import type { Locale } from "#contracts/locale.ts";
import type { SsrRouteId } from "#contracts/areas/index.ts";
import { PAGE_HEAD } from "./areas";

/** The page's declared extras, rendered side by side, in their declared order. */
export async function pageHeadExtras(c: Context<HonoEnv>, route: SsrRouteId, title: string, locale: Locale): Promise<string> {
  const page = { url: new URL(c.req.url), title, locale };
  const pieces = await Promise.all(
    (PAGE_HEAD[route] ?? []).map(async ({ render, leftOut }) => {
      try {
        return (await render(c, page)) ?? "";
      } catch (error) {
        console.error(leftOut, error);
        return "";
      }
    }),
  );
  return pieces.join("");
}
