// The areas' declarations (worker/contracts/areas/ and, for the Worker's own work,
// worker/services/areas/): every file of either folder is listed, so its pages, id parameters,
// server-rendered pages, folders and audit kinds reach the shared code; no two areas claim the
// same thing; each page the Worker renders is a route of the router, with the file declared, and a
// page its own area counts; the lists derived from them are what they were when each was written
// by hand; and the service worker keeps exactly the pictures anyone may load.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AREAS, CROSS_SITE_POSTS, isPublicPicture, isTokenOnlyPath, PUBLIC_IMAGE_FOLDERS, SITE_MEDIA_FOLDER, SSR_ROUTES } from "../../worker/contracts/areas";
import type { Area, NotificationKindWords } from "../../worker/contracts/areas/area";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { AREA_AUDIT_ACTIONS, AREA_NOTIFICATION_KINDS, AREA_ROUTE_CODES, AREA_VALIDATION_CODES, NOTIFICATION_WORDS } from "../../worker/contracts/areas/words";
import { ROUTE_CODES, type ApiErrorCode } from "../../worker/contracts/route-codes";
import { VALIDATION_RULES } from "../../worker/contracts/validation-codes";
import codesWhenWrittenByHand from "./fixtures/error-codes.json";
import { isAuditAction, type AuditAction } from "../../worker/contracts/audit-actions";
import { AUDIT_DETAIL_KINDS } from "../../worker/contracts/audit-detail";
import { defaultPreference, NOTIFICATION_KINDS, URGENT_NOTIFICATION_KINDS } from "../../worker/contracts/notification-kinds";
import type { NotificationKind } from "../../worker/contracts/notifications";
import { FIVE_MINUTE_CRON, HOURLY_CRON } from "../../worker/services/areas/area";

const FOLDER = new URL("../../worker/contracts/areas/", import.meta.url);
const WORKER_FOLDER = new URL("../../worker/services/areas/", import.meta.url);
/** The files that are not an area: the declaration's type and the lists (the Worker's areas, and those reacting to a change of access). */
const NOT_AREAS = new Set(["area.ts", "index.ts", "access.ts", "words.ts"]);
/** An area's words (its audit actions' names), beside its declaration: `<area>.words.ts`. */
const WORDS_FILE = /\.words\.ts$/;
const areaFiles = (folder: URL) => readdirSync(folder).filter((name) => name.endsWith(".ts") && !NOT_AREAS.has(name) && !WORDS_FILE.test(name));
const wordsFiles = () => readdirSync(FOLDER).filter((name) => WORDS_FILE.test(name));

const listed = new Set<object>(Object.values(AREAS));
const declarations: readonly Area[] = Object.values(AREAS);
const duplicates = (items: readonly string[]) => items.filter((item, i) => items.indexOf(item) !== i);

/**
 * The areas there were when the derived lists were pinned below: a list's pinned values are theirs,
 * and an area added since brings its entries from its own declaration, so it edits no test here.
 */
const PINNED_AREAS = new Set([
  ...["auth", "chat", "checkIn", "events", "feed", "landing", "legal", "live", "members", "music", "myTickets", "newsletter"],
  ...["notifications", "parties", "payments", "perks", "profiles", "radio", "rooms", "search", "settings", "store", "tv"],
]);
/** The entries of a list of areas' declarations by those added since the pins. */
const newcomers = <T>(byArea: Readonly<Record<string, T>>): T[] =>
  Object.entries(byArea)
    .filter(([area]) => !PINNED_AREAS.has(area))
    .map(([, declared]) => declared);

describe("the areas' declarations", () => {
  it("lists every area file of worker/contracts/areas/ in AREAS", async () => {
    const files = areaFiles(FOLDER);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const exported = Object.values((await import(new URL(file, FOLDER).href)) as Record<string, unknown>).filter(
        (value) => typeof value === "object" && value !== null && "pages" in value,
      );
      expect(exported.length, file).toBeGreaterThan(0);
      for (const area of exported) expect(listed.has(area as object), `${file} is missing from AREAS`).toBe(true);
    }
  });

  it("imports every file of worker/services/areas/ in a list, under an area's key (the type check holds the keys), and each reaction to a change of access in ACCESS_AREAS", () => {
    const index = readFileSync(new URL("index.ts", WORKER_FOLDER), "utf8");
    const access = readFileSync(new URL("access.ts", WORKER_FOLDER), "utf8");
    const files = areaFiles(WORKER_FOLDER);
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const imported = `from "./${file.replace(/\.ts$/, "")}";`;
      const reacts = readFileSync(new URL(file, WORKER_FOLDER), "utf8").includes("accessChanged:");
      expect(index.includes(imported) || access.includes(imported), `${file} is in neither WORKER_AREAS nor ACCESS_AREAS`).toBe(true);
      expect(
        access.includes(imported),
        `${file} ${reacts ? "reacts to a change of access but is missing from" : "does not react to a change of access but is in"} ACCESS_AREAS`,
      ).toBe(reacts);
    }
  });

  it("gives each picture folder, audit kind, id parameter and server-rendered page to one area only", () => {
    expect(duplicates(PUBLIC_IMAGE_FOLDERS)).toEqual([]);
    expect(PUBLIC_IMAGE_FOLDERS).not.toContain(SITE_MEDIA_FOLDER);
    expect(duplicates(AUDIT_DETAIL_KINDS)).toEqual([]);
    expect(duplicates(declarations.flatMap((area) => Object.keys(area.pageIdParams ?? {})))).toEqual([]);
    expect(duplicates(declarations.flatMap((area) => Object.keys(area.ssrPages ?? {})))).toEqual([]);
  });

  it("declares personal pages among the area's own pages, and each id parameter of its pages itself", () => {
    for (const area of declarations) for (const page of area.personalPages ?? []) expect(area.pages).toContain(page);
    for (const area of declarations) {
      const params = area.pages.flatMap((page) => page.split("/").filter((segment) => segment.startsWith(":")));
      for (const param of params) expect(Object.keys(area.pageIdParams ?? {}), `${area.pages[0]}: ${param}`).toContain(param);
    }
  });
});

describe("the areas' words (<area>.words.ts, gathered in words.ts)", () => {
  it("are each beside an area's declaration, and each table they declare is listed in words.ts", async () => {
    const gathered: Record<string, readonly object[]> = {
      auditActions: Object.values(AREA_AUDIT_ACTIONS),
      notificationKinds: Object.values(AREA_NOTIFICATION_KINDS),
      routeCodes: Object.values(AREA_ROUTE_CODES),
      validationCodes: Object.values(AREA_VALIDATION_CODES),
    };
    const files = wordsFiles();
    const declaring = Object.fromEntries(Object.keys(gathered).map((table) => [table, 0]));
    for (const file of files) {
      expect(areaFiles(FOLDER), `${file} has no area`).toContain(file.replace(WORDS_FILE, ".ts"));
      const tables = (await import(new URL(file, FOLDER).href)) as Record<string, object>;
      expect(Object.keys(tables).length, `${file} declares nothing`).toBeGreaterThan(0);
      for (const [table, words] of Object.entries(tables)) {
        expect(Object.keys(gathered), `${file}: ${table} is not a table words.ts gathers`).toContain(table);
        expect(gathered[table], `${file} is missing from words.ts's ${table}`).toContain(words);
        declaring[table]! += 1;
      }
    }
    for (const [table, listed] of Object.entries(gathered)) expect(declaring[table], table).toBe(listed.length);
  });

  it("make AuditAction the union of the declared codes, so a writer's misspelt code fails the type check", () => {
    // @ts-expect-error: no area declares this code
    const misspelt: AuditAction = "album.creat";
    expect(isAuditAction(misspelt)).toBe(false);
    expect(isAuditAction("album.create")).toBe(true);
  });

  it("give each audit action code to one area only", () => {
    expect(duplicates(Object.values(AREA_AUDIT_ACTIONS).flatMap((names) => Object.keys(names)))).toEqual([]);
  });

  it("name every code in English and Portuguese, in words that differ", () => {
    const codes = Object.values(AREA_AUDIT_ACTIONS).flatMap((names) => Object.entries(names));
    expect(codes.length).toBeGreaterThan(100);
    for (const [code, name] of codes) {
      expect(Object.keys(name).sort(), code).toEqual(["en", "pt-BR"]);
      expect(name.en.trim(), code).not.toBe("");
      expect(name["pt-BR"].trim(), code).not.toBe("");
      expect(name["pt-BR"], `${code}: the Portuguese is the English`).not.toBe(name.en);
    }
  });
});

/** Every placeholder of an ICU message, in its plurals' and selects' branches too. */
function placeholders(elements: readonly MessageFormatElement[]): string[] {
  return elements.flatMap((element) => {
    if (element.type === TYPE.literal || element.type === TYPE.pound) return [];
    const own = "value" in element && typeof element.value === "string" ? [element.value] : [];
    const branches = "options" in element ? Object.values(element.options).flatMap((option) => placeholders(option.value)) : [];
    return [...own, ...branches];
  });
}

describe("the areas' notification kinds (notificationKinds in <area>.words.ts)", () => {
  /** The values the centre gives every sentence (app/components/notifications/notificationText.ts). */
  const CENTRE_VALUES = ["actor", "others", "excerpt", "title", "reason", "hasReason", "date", "gift", "percent", "winBack", "amount"];
  const declared = Object.values(AREA_NOTIFICATION_KINDS).flatMap((kinds) => Object.entries(kinds));

  it("give each kind to one area only", () => {
    expect(declared.length).toBe(NOTIFICATION_KINDS.length);
    expect(duplicates(declared.map(([kind]) => kind))).toEqual([]);
  });

  it("make NotificationKind the union of the declared kinds, so a producer's misspelt kind fails the type check", () => {
    // @ts-expect-error: no area declares this kind
    const misspelt: NotificationKind = "likes";
    expect(NOTIFICATION_KINDS).not.toContain(misspelt);
  });

  it("label every kind and word its sentence in English and Portuguese, in words that differ", () => {
    for (const [kind, words] of declared) {
      for (const text of [words.label, words.text]) {
        expect(Object.keys(text).sort(), kind).toEqual(["en", "pt-BR"]);
        expect(text.en.trim(), kind).not.toBe("");
        expect(text["pt-BR"].trim(), kind).not.toBe("");
        expect(text["pt-BR"], `${kind}: the Portuguese is the English`).not.toBe(text.en);
      }
      expect(words.label.en + words.label["pt-BR"], `${kind}: a label is plain text`).not.toMatch(/[{}]/);
    }
  });

  it("write each sentence as an ICU message with the centre's values only, the same in both languages", () => {
    for (const [kind, { text }] of declared) {
      const en = new Set(placeholders(parse(text.en)));
      expect(new Set(placeholders(parse(text["pt-BR"]))), kind).toEqual(en);
      for (const name of en) expect(CENTRE_VALUES, `${kind}: {${name}}`).toContain(name);
    }
  });

  it("keep every kind's defaults and urgency as they were when the lists were written by hand", () => {
    const added = newcomers(AREA_NOTIFICATION_KINDS).flatMap((kinds) => Object.entries(kinds) as [string, NotificationKindWords][]);
    const loud = [
      ...["reply", "mention", "room_mention", "room_reply", "release", "release_early", "notify_release", "notify_on_sale", "show_live"],
      ...added.filter(([, words]) => words.loud).map(([kind]) => kind),
    ];
    const urgent = [
      ...["payment_failed", "vip_ended", "notify_release", "notify_on_sale", "tier_offer", "trial_ending", "show_live"],
      ...added.filter(([, words]) => words.urgent).map(([kind]) => kind),
    ];
    const kinds = [
      ...["like", "comment", "reply", "mention", "release", "release_early", "event", "meet_soon", "tv_live", "contact_reply", "payment_failed"],
      ...["renewal_soon", "vip_granted", "vip_ended", "post_hidden", "gift_redeemed", "order_shipped", "preorder_out", "notify_release"],
      ...["notify_on_sale", "tier_offer", "trial_ending", "room_mention", "room_reply", "room_activity", "show_live"],
      ...added.map(([kind]) => kind),
    ];
    expect([...NOTIFICATION_KINDS].sort()).toEqual([...kinds].sort());
    expect([...URGENT_NOTIFICATION_KINDS].sort()).toEqual([...urgent].sort());
    for (const kind of NOTIFICATION_KINDS) {
      const isLoud = loud.includes(kind);
      expect(defaultPreference(kind), kind).toEqual({ inApp: true, push: isLoud, email: isLoud || urgent.includes(kind) });
    }
  });

  it("list the kinds in the order of AREA_NOTIFICATION_KINDS, the settings page's", () => {
    expect(NOTIFICATION_KINDS).toEqual(declared.map(([kind]) => kind));
    expect(Object.keys(NOTIFICATION_WORDS)).toEqual(NOTIFICATION_KINDS);
  });
});

describe("the areas' route and validation codes (routeCodes and validationCodes in <area>.words.ts)", () => {
  const routeCodes = Object.values(AREA_ROUTE_CODES).flatMap((codes) => Object.keys(codes));
  const validationCodes = Object.values(AREA_VALIDATION_CODES).flatMap((codes) => Object.keys(codes));
  /** The codes no area owns: the tables' own, in route-codes.ts and validation-codes.ts. */
  const coreRouteCodes = Object.keys(ROUTE_CODES).filter((code) => !routeCodes.includes(code));
  const coreValidationCodes = Object.keys(VALIDATION_RULES).filter((code) => !validationCodes.includes(code));

  it("give each code to one area only, and none the core's", () => {
    expect(duplicates(routeCodes)).toEqual([]);
    expect(duplicates(validationCodes)).toEqual([]);
    // Gathering lets a later table overwrite an earlier one: a code the core and an area both declare leaves the sum short.
    expect(coreRouteCodes.length + routeCodes.length).toBe(Object.keys(ROUTE_CODES).length);
    expect(coreValidationCodes.length + validationCodes.length).toBe(Object.keys(VALIDATION_RULES).length);
    const sources = ["route-codes.ts", "validation-codes.ts"].map((file) => readFileSync(new URL(`../../worker/contracts/${file}`, import.meta.url), "utf8"));
    for (const code of [...routeCodes, ...validationCodes]) {
      for (const source of sources) expect(source, `${code} is an area's and the core's`).not.toMatch(new RegExp(`^  ${code}: \\{`, "m"));
    }
  });

  it("keep the core to the codes no area owns: the pipeline, the role guards and refusals several areas share", () => {
    expect(coreRouteCodes.sort()).toEqual(
      [
        ...["bad_request", "invalid_input", "unauthorized", "not_found", "payload_too_large", "rate_limited", "internal", "misconfigured", "csrf"],
        ...["upgrade_required", "origin_refused", "format_unsupported", "vip_required", "tier_required", "admin_required", "door_staff_required"],
        ...["mail_failed", "too_large", "not_image", "image_dimensions", "invalid_upload", "unsupported_type", "empty_file", "bot_check_failed"],
        ...["bot_check_unavailable", "invalid_signature", "not_csv", "no_rows", "column_invalid", "revenue_period_reversed", "revenue_period_too_long"],
      ].sort(),
    );
    expect(coreValidationCodes.sort()).toEqual(["email_invalid", "invalid_characters", "name_required", "title_required"]);
  });

  it("gather to the tables written by hand before, code by code: status, English text and values", () => {
    const before = codesWhenWrittenByHand as { routeCodes: Record<string, unknown>; validationRules: Record<string, unknown> };
    // Codes added since are the areas' own; a code dropped on purpose leaves the snapshot too.
    for (const [code, rule] of Object.entries(before.routeCodes)) expect(ROUTE_CODES[code as keyof typeof ROUTE_CODES], code).toEqual(rule);
    for (const [code, rule] of Object.entries(before.validationRules)) expect(VALIDATION_RULES[code as keyof typeof VALIDATION_RULES], code).toEqual(rule);
    expect(Object.keys(before.routeCodes).length + Object.keys(before.validationRules).length).toBe(263 + 175);
  });

  it("keep the codes and their statuses literal types, so a misspelt code or a status the table does not give fails the type check", () => {
    // @ts-expect-error: no area declares this code
    const misspelt: ApiErrorCode = "sold_uot";
    expect(Object.hasOwn(ROUTE_CODES, misspelt)).toBe(false);
    // @ts-expect-error: the store answers sold_out with 409 only
    const status: 400 = ROUTE_CODES.sold_out.status;
    expect(status).toBe(409);
    const twoStatuses: readonly [401, 403] = ROUTE_CODES.invalid_credentials.status;
    expect(twoStatuses).toEqual([401, 403]);
  });
});

/** One form for a route id and a counted page: no trailing slash, every parameter as ':'. */
const shape = (path: string) => (path.length > 1 ? path.replace(/\/$/, "") : path).replace(/\/[$:][A-Za-z]+/g, "/:");

/** Each route id of the router (app/routeTree.gen.ts) with its route file. */
function routeFiles(): Map<string, string> {
  const source = readFileSync(new URL("../../app/routeTree.gen.ts", import.meta.url), "utf8");
  const imports = new Map([...source.matchAll(/import \{ Route as (\w+) \} from '\.\/routes\/([^']+)'/g)].map((m) => [m[1]!, `app/routes/${m[2]}.tsx`]));
  const routes = [...source.matchAll(/id: '([^']+)'[^}]*?preLoaderRoute: typeof (\w+)/g)].map((m) => [m[1]!, imports.get(m[2]!)!] as const);
  return new Map(routes);
}

describe("the server-rendered pages (the areas' ssrPages)", () => {
  it("are routes of the router, each with its declared route file", () => {
    const routes = routeFiles();
    expect(routes.get("/store/$product")).toBe("app/routes/store/$product.tsx");
    for (const [route, file] of Object.entries(SSR_ROUTES)) expect(routes.get(route), route).toBe(file);
  });

  it("are each a page its own area counts: an area renders only pages it declares", () => {
    for (const [key, area] of Object.entries(AREAS) as [string, Area][]) {
      const counted = area.pages.map(shape);
      for (const route of Object.keys(area.ssrPages ?? {})) expect(counted, `${key}: ${route}`).toContain(shape(route));
    }
  });
});

describe("the lists derived from the declarations", () => {
  it("render the pages the Worker rendered when SSR_ROUTES was written by hand, and a newer area's", () => {
    const added = Object.assign({}, ...newcomers<Area>(AREAS).map((area) => area.ssrPages ?? {}));
    expect(SSR_ROUTES).toEqual({
      ...added,
      "/": "app/routes/index.tsx",
      "/events": "app/routes/events.tsx",
      "/music/": "app/routes/music/index.tsx",
      "/music/catalog/": "app/routes/music/catalog/index.tsx",
      "/music/catalog/$id": "app/routes/music/catalog/$id.tsx",
      "/music/track/$trackId": "app/routes/music/track/$trackId.tsx",
      "/vip-signup": "app/routes/vip-signup.tsx",
      "/signup-options": "app/routes/signup-options.tsx",
      "/privacy": "app/routes/privacy.tsx",
      "/terms": "app/routes/terms.tsx",
      "/copyright": "app/routes/copyright.tsx",
      "/accessibility": "app/routes/accessibility.tsx",
      "/radio/": "app/routes/radio/index.tsx",
      "/tv": "app/routes/tv.tsx",
      "/virtual-meet": "app/routes/virtual-meet.tsx",
      "/social/login": "app/routes/social/login.tsx",
      "/social/signup": "app/routes/social/signup.tsx",
      "/social/post/$postId": "app/routes/social/post/$postId.tsx",
      "/store/": "app/routes/store/index.tsx",
      "/store/$product": "app/routes/store/$product.tsx",
      "/perks": "app/routes/perks.tsx",
      "/search": "app/routes/search.tsx",
      "/embed/track/$trackId": "app/routes/embed/track/$trackId.tsx",
      "/embed/album/$albumId": "app/routes/embed/album/$albumId.tsx",
      "/contests/$contest": "app/routes/contests/$contest.tsx",
    });
  });

  it("tell the ids apart as the classifier's hand-written PAGE_ID_PARAMS did, and a newer area's refuse markup and overlong ids", () => {
    const uuid = "0f8fad5b-d9cb-469f-a165-70867728950e";
    const samples = ["freestyle-nights", "a".repeat(100), "a".repeat(101), "Bad_Slug", uuid, uuid.toUpperCase(), "<b>"];
    const pinned = Object.fromEntries(
      Object.entries(AREAS as Readonly<Record<string, Area>>)
        .filter(([key]) => PINNED_AREAS.has(key))
        .flatMap(([, area]) => Object.entries(area.pageIdParams ?? {}))
        .map(([param, accepts]) => [param, samples.map((segment) => accepts(segment))]),
    );
    const slug = [true, true, false, false, true, false, false];
    expect(pinned).toEqual({
      ":album": slug,
      ":track": slug,
      ":product": slug,
      ":party": [false, false, false, false, true, false, false],
      ":post": [false, false, false, false, true, false, false],
      ":user": [false, false, false, false, true, true, false],
      ":code": [false, false, false, false, false, false, false],
      ":ticket": [false, false, false, false, false, false, false],
      // A room id: a slug of at most 48 characters.
      ":room": [true, false, false, false, true, false, false],
      // A live show's event (decision 113): a lowercase uuid.
      ":event": [false, false, false, false, true, false, false],
    });
    // What an area added since says of its own ids is its own test's; here, only that markup and
    // an id longer than any slug are never counted.
    for (const params of newcomers(
      Object.fromEntries(Object.entries(AREAS as Readonly<Record<string, Area>>).map(([key, area]) => [key, area.pageIdParams ?? {}])),
    )) {
      for (const [param, accepts] of Object.entries(params)) {
        expect([accepts("<b>"), accepts("a".repeat(101))], param).toEqual([false, false]);
      }
    }
  });

  it("give the cron jobs the Worker's two triggers (wrangler.toml)", () => {
    const crons = /^\[triggers\][^[]*?crons = (\[[^\]]*\])/m.exec(readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8"))?.[1];
    expect(new Set(JSON.parse(crons!) as string[])).toEqual(new Set([FIVE_MINUTE_CRON, HOURLY_CRON]));
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

describe("paths the shared middleware lets through (crossSitePosts, tokenOnlyPaths)", () => {
  it("come from the areas: the middleware names no area's path", () => {
    // The vendors' prefix is the site's convention, and /api/auth/me is the session itself.
    const SHARED = new Set(['"/api/webhooks/"', '"/api/auth/me"']);
    const folder = new URL("../../worker/middleware/", import.meta.url);
    for (const file of readdirSync(folder).filter((name) => name.endsWith(".ts"))) {
      const source = readFileSync(new URL(file, folder), "utf8");
      const paths = [...source.matchAll(/["'`]\/api\/[^"'`]*["'`]|\/\^\\\/api\\\/[^/]*/g)].map(([path]) => path);
      expect(
        paths.filter((path) => !SHARED.has(path)),
        file,
      ).toEqual([]);
    }
  });

  it("are the payment provider's webhook, the one-click unsubscribe and a live show's segments, and nothing near them", () => {
    expect([...CROSS_SITE_POSTS].sort()).toEqual(["/api/newsletter/unsubscribe", "/api/stripe/webhook"]);
    expect(isTokenOnlyPath("/api/live/ev-1/hls/tok/index.m3u8")).toBe(true);
    expect(isTokenOnlyPath("/api/live/ev-1/hls/tok/3.m4s")).toBe(true);
    for (const path of ["/api/live/ev-1", "/api/live/ev-1/token", "/api/live/ev-1/captions/en.vtt", "/api/lives/ev-1/hls/x", "/api/admin/live/ev-1/hls/x"]) {
      expect(isTokenOnlyPath(path), path).toBe(false);
    }
  });
});

describe("a change of access (services/access-changed.ts)", () => {
  it("is announced by the code that sells and refunds without importing a socket module", () => {
    const root = new URL("../../worker/", import.meta.url);
    const sellers = ["services/store/", "services/tickets/", "services/membership/", "routes/store/"].flatMap((folder) =>
      readdirSync(new URL(folder, root))
        .filter((name) => name.endsWith(".ts"))
        .map((name) => `${folder}${name}`),
    );
    sellers.push("routes/tickets-mine.ts", "routes/admin/store-orders.ts", "services/session.ts");
    expect(sellers.length).toBeGreaterThan(30);
    for (const file of sellers) expect(readFileSync(new URL(file, root), "utf8"), file).not.toMatch(/from "[^"]*realtime\//);
  });
});
