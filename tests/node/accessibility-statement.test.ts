// Keeps two published texts true to the code (decision 091):
// - the accessibility statement's known limitations (legal.accessibility.limitations.*): each has a
//   probe that holds while the limitation does. When one fails, the gap is closed (or has moved):
//   change the text in both languages, move LAST_REVIEWED (app/features/legal/AccessibilityPage.tsx)
//   and the probe here;
// - the privacy policy's list of cookies (legal.privacy.cookies.*): every cookie the Worker or the
//   app sets is named there, and nothing sets one some other way.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../app/features/legal/messages.en.json";
import ptBR from "../../app/features/legal/messages.pt-BR.json";

const ROOT = new URL("../../", import.meta.url).pathname;
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** Every source file under `folder` (site-relative), tests and generated files aside. */
function sources(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.(test|gen)\.tsx?$/.test(name)) out.push(relative(ROOT, path));
    }
  };
  walk(join(ROOT, folder));
  return out;
}

const A11Y_SPEC = read("tests/e2e/a11y.spec.ts");
/** How every journey runs axe, the scan's pages included. */
const AXE_RUN = read("tests/e2e/axe.ts");

/** Each limitation the statement lists, and what must still be so for the text to stay true. */
const LIMITATIONS: Record<string, { holds: () => boolean; because: string }> = {
  captions: {
    because:
      "the back office has no way to add captions to a TV video (only to a live show's replay), a live show has none on air, and the home page's promo video has no <track>",
    holds: () =>
      sources("worker/routes/admin")
        .filter((file) => !file.endsWith("/live.ts"))
        .every((file) => !/caption/i.test(read(file))) &&
      /captions/.test(read("worker/routes/admin/live.ts")) &&
      read("app/features/live/LivePlayer.tsx").includes('{mode === "replay" &&\n          captions.map(') &&
      !read("app/features/landing/EventsSection.tsx").includes("<track"),
  },
  audio: {
    because:
      "a track's page and the player (bar, pop-up, embed) show its lyrics, while the radio and the parties show none and no contract carries a transcript",
    holds: () =>
      read("app/features/music/catalog/TrackPage.tsx").includes("<TrackDetails") &&
      ["PlayerBar.tsx", "MusicPlayerPopup.tsx"].every((file) =>
        sources("app/features/music").some((path) => path.endsWith(file) && read(path).includes("LyricsToggle")),
      ) &&
      ["app/features/radio", "app/features/parties"].every((folder) => sources(folder).every((file) => !/lyric/i.test(read(file)))) &&
      sources("worker/contracts").every((file) => !/transcript/i.test(read(file))),
  },
  meets: {
    because: "a virtual meet is a join link to an outside video-call service",
    holds: () => /joinUrl|join link/i.test(read("app/features/events/VirtualMeetPage.tsx")),
  },
  door: {
    because: "the door reads QR codes with the camera and takes a typed code too (the workaround)",
    holds: () => read("app/features/check-in/CheckInPage.tsx").includes("PASS_CODE_INPUT_MAX") && read("app/features/check-in/Scanner.tsx").includes("<video"),
  },
  unscanned: {
    because: "the axe scan's page list leaves out the checkout, settings, chat, parties, notifications and the door",
    holds: () => ["/store/checkout", "/settings", "/chat", "/parties", "/notifications", "/check-in"].every((path) => !A11Y_SPEC.includes(`path: "${path}`)),
  },
  payments: {
    because: "a live card payment happens on Stripe's Checkout page",
    holds: () => read("worker/services/payments/live.ts").includes("checkout.sessions.create"),
  },
};

describe("the accessibility statement's known limitations", () => {
  const listed = Object.keys(en)
    .filter((key) => key.startsWith("legal.accessibility.limitations.") && !/\.(heading|p1)$/.test(key))
    .map((key) => key.replace("legal.accessibility.limitations.", ""));

  it("each has a probe, and each probe has its text", () => {
    expect(listed.sort()).toEqual(Object.keys(LIMITATIONS).sort());
  });

  for (const [name, { holds, because }] of Object.entries(LIMITATIONS)) {
    it(`${name} still holds: ${because}`, () => {
      expect(holds(), `legal.accessibility.limitations.${name} no longer holds: update the statement, LAST_REVIEWED and this probe`).toBe(true);
    });
  }

  it("says the scan tests WCAG 2.2's target size only while it does", () => {
    expect(en["legal.accessibility.testing.p2"]).toContain("WCAG 2.2's minimum target size among them");
    expect(A11Y_SPEC).toContain('from "./axe"');
    expect(AXE_RUN).toContain('rules: { "target-size": { enabled: true } }');
  });
});

describe("the privacy policy's cookies", () => {
  const files = [...sources("worker"), ...sources("app")];
  /** The constant each cookie is set under: `setCookie(c, NAME, ...)` in the Worker, `document.cookie = `${NAME}=...`` in the app. */
  const setters = files.flatMap((file) =>
    [...read(file).matchAll(/setCookie\(\s*c\s*,\s*(\w+)|document\.cookie\s*=\s*`\$\{(\w+)\}/g)].map((m) => ({ file, constant: (m[1] ?? m[2])! })),
  );
  const valueOf = (constant: string) => {
    for (const file of files) {
      const match = new RegExp(`export const ${constant} = "([^"]+)"`).exec(read(file));
      if (match) return match[1]!;
    }
    throw new Error(`${constant} is not a string constant`);
  };

  it("finds exactly the four cookies the site sets, each under a named constant", () => {
    expect([...new Set(setters.map((s) => s.constant))].sort()).toEqual(["BOOKMARK_COOKIE", "LOCALE_COOKIE", "SESSION_COOKIE", "STORE_BUYER_COOKIE"]);
    // No cookie written another way: a raw Set-Cookie header, or a document.cookie the pattern missed.
    for (const file of files) {
      const source = read(file);
      expect(source, file).not.toMatch(/headers\.(set|append)\(\s*["']set-cookie/i);
      expect(source.match(/document\.cookie\s*=/g)?.length ?? 0, file).toBe(source.match(/document\.cookie\s*=\s*`\$\{\w+\}/g)?.length ?? 0);
    }
  });

  it("names each of them in both languages, and says none is for tracking", () => {
    const text = (catalog: Record<string, string>) =>
      Object.entries(catalog)
        .filter(([key]) => key.startsWith("legal.privacy.cookies."))
        .map(([, value]) => value)
        .join("\n");
    for (const constant of new Set(setters.map((s) => s.constant))) {
      expect(text(en), constant).toContain(`<b>${valueOf(constant)}</b>`);
      expect(text(ptBR), constant).toContain(`<b>${valueOf(constant)}</b>`);
    }
    expect(en["legal.privacy.cookies.none"]).toContain("None of these cookies is used for tracking, analytics or advertising");
    expect(ptBR["legal.privacy.cookies.none"]).toContain("Nenhum desses cookies é usado para rastreamento, estatísticas ou publicidade");
  });
});
