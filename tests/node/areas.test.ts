// The areas' declarations (worker/contracts/areas/): every file of the folder is listed in AREAS,
// so its pages, folders, head extras and audit kinds reach the shared code; no two areas claim the
// same thing; and the service worker keeps exactly the pictures anyone may load.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AREAS, isPublicPicture, PAGE_HEAD_EXTRAS, PUBLIC_IMAGE_FOLDERS, SITE_MEDIA_FOLDER, type Area } from "../../worker/contracts/areas";
import { AUDIT_DETAIL_KINDS } from "../../worker/contracts/audit-detail";
import { SSR_ROUTES } from "../../worker/contracts/ssr";

const FOLDER = new URL("../../worker/contracts/areas/", import.meta.url);
/** The folder's two files that are not an area: the declaration's type and the list. */
const NOT_AREAS = new Set(["area.ts", "index.ts"]);

const listed = new Set<object>(Object.values(AREAS));
const declarations: readonly Area[] = Object.values(AREAS);
const duplicates = (items: readonly string[]) => items.filter((item, i) => items.indexOf(item) !== i);

describe("the areas' declarations", () => {
  it("lists every area file of worker/contracts/areas/ in AREAS", async () => {
    const files = readdirSync(FOLDER).filter((name) => name.endsWith(".ts") && !NOT_AREAS.has(name));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const exported = Object.values((await import(new URL(file, FOLDER).href)) as Record<string, unknown>).filter(
        (value) => typeof value === "object" && value !== null && "pages" in value,
      );
      expect(exported.length, file).toBeGreaterThan(0);
      for (const area of exported) expect(listed.has(area as object), `${file} is missing from AREAS`).toBe(true);
    }
  });

  it("gives each picture folder and audit kind to one area only", () => {
    expect(duplicates(PUBLIC_IMAGE_FOLDERS)).toEqual([]);
    expect(PUBLIC_IMAGE_FOLDERS).not.toContain(SITE_MEDIA_FOLDER);
    expect(duplicates(AUDIT_DETAIL_KINDS)).toEqual([]);
  });

  it("declares personal pages among the area's own pages, and head extras on server-rendered pages", () => {
    for (const area of declarations) for (const page of area.personalPages ?? []) expect(area.pages).toContain(page);
    for (const route of Object.keys(PAGE_HEAD_EXTRAS)) expect(Object.keys(SSR_ROUTES)).toContain(route);
  });
});

describe("the service worker's pictures (isPublicPicture)", () => {
  it("keeps the declared folders, the site's own and members' uploads", () => {
    for (const folder of [...PUBLIC_IMAGE_FOLDERS, SITE_MEDIA_FOLDER]) expect(isPublicPicture(`/media/${folder}/a-1.png`), folder).toBe(true);
    expect(isPublicPicture("/uploads/avatars/u1-0123456789abcdef.png")).toBe(true);
    expect(isPublicPicture("/uploads/posts/0123456789abcdef.webp")).toBe(true);
  });

  it("leaves signed media, the API and pages alone", () => {
    for (const path of ["/media/tracks/a", "/media/previews/a", "/media/tv/a", "/media/radio/a", "/media/audio/a.mp3", "/api/config", "/music", "/"]) {
      expect(isPublicPicture(path), path).toBe(false);
    }
  });
});
