// A remix contest's page as the Worker renders it: its title, phase and brief in the first HTML, in
// the visitor's language, with share tags (its title, its brief as the description); the dates in
// UTC, said so, since the server knows no reader's zone; no entries in the HTML (each listener's
// order is their own); an unknown contest, or one before its opening, is a 404.
import { beforeAll, describe, expect, it } from "vitest";
import { DAY, addTrack, createContest, iso, userOfRole, validContest } from "./contests-fixtures";
import { decodeEntities, metaContents, page, rootOf, textOf, titleOf } from "./pages-fixtures";

let opened: string;
let upcoming: string;

beforeAll(async () => {
  const admin = await userOfRole("admin");
  const trackId = await addTrack();
  const now = Date.now();
  opened = (
    await createContest(
      admin,
      validContest(trackId, {
        titleEn: "Moonlight remix contest",
        titlePtBr: "Concurso Moonlight",
        briefEn: "Take the stems of Moonlight and make it yours.",
        briefPtBr: "Pegue as trilhas de Moonlight e faça do seu jeito.",
        entriesCloseAt: "2031-01-05T20:00:00.000Z",
        votingOpensAt: "2031-01-05T20:00:00.000Z",
        votingClosesAt: "2031-01-10T20:00:00.000Z",
      }),
    )
  ).id;
  upcoming = (
    await createContest(
      admin,
      validContest(trackId, {
        opensAt: iso(now + DAY),
        entriesCloseAt: iso(now + 2 * DAY),
        votingOpensAt: iso(now + 2 * DAY),
        votingClosesAt: iso(now + 3 * DAY),
      }),
    )
  ).id;
});

describe("/contests/:contest", () => {
  it("renders the contest's texts with its share tags, the dates in UTC", async () => {
    const res = await page(`/contests/${opened}`, { headers: { "accept-language": "en" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = textOf(rootOf(html));
    expect(text).toContain("Moonlight remix contest");
    expect(text).toContain("Take the stems of Moonlight and make it yours.");
    expect(text).toContain("January 5, 2031");
    expect(text).toContain("8:00 PM UTC");
    expect(text).toContain("Loading the contest...");
    expect(decodeEntities(titleOf(html)!)).toBe("Moonlight remix contest · Remix contest · Freestyle Lovers");
    expect(metaContents(html, "og:title").map(decodeEntities)).toEqual(["Moonlight remix contest · Remix contest · Freestyle Lovers"]);
    expect(metaContents(html, "og:description").map(decodeEntities)).toEqual(["Take the stems of Moonlight and make it yours."]);
  });

  it("is in Portuguese for a Portuguese-speaking visitor", async () => {
    const html = await (await page(`/contests/${opened}`, { headers: { "accept-language": "pt-BR" } })).text();
    expect(decodeEntities(titleOf(html)!)).toBe("Concurso Moonlight · Concurso de remix · Freestyle Lovers");
    expect(textOf(rootOf(html))).toContain("Pegue as trilhas de Moonlight e faça do seu jeito.");
  });

  it("is a 404 for an unknown contest and for one that has not opened", async () => {
    for (const id of ["0f8fad5b-d9cb-469f-a165-70867728950e", upcoming]) {
      const res = await page(`/contests/${id}`, { headers: { "accept-language": "en" } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Remix Me");
    }
  });
});
