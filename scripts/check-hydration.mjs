#!/usr/bin/env node
// Finds attributes a server-rendered page kept from the Worker after hydrating. Parts of a page
// hydrate late (Suspense boundaries, decisions 064-068); a part that renders differently from the
// server's HTML while hydrating (it read data that arrived meanwhile) is a mismatch React reports
// when it is the text or the elements, but an attribute that differs (a disabled button, an
// aria-label, a link's address) it neither reports nor mends: the page keeps the server's value
// until that prop changes again. A member's product page kept a disabled "Add to cart" that way.
// Timing decides whether it happens, so this loads each page as each role on a slowed CPU, waits
// until the app says it is ready and the network is quiet, and compares every element's attributes
// with the props React last rendered for it. Against a locally running site (`npm start`, default
// http://127.0.0.1:8787) whose demo accounts sign in. Exits 1 when a page kept an attribute or
// logged an error.
// Usage: node scripts/check-hydration.mjs [--url http://127.0.0.1:8787] [--roles visitor,fan,vip,admin]
//        [--pages public|/,/store,...] [--cpu-slowdown 4] [--loads 1]
/* global document, window, location, requestAnimationFrame */
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { loopbackOrigin, positiveInt, PUBLIC_PAGES, signInDemo } from "./lib/measure.mjs";

/** Every public page of the launch goal, and the search and virtual-meet pages the Worker renders too. */
const CHECKED_PAGES = [...PUBLIC_PAGES, "/search?q=love", "/virtual-meet"];

/** What React hydrates: the app's elements, not the resource hints (preloads) it hoists into them. */
const HYDRATED_ELEMENTS = "#root *:not(link, meta, style, script, title)";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:8787" },
    roles: { type: "string", default: "visitor,fan,vip,admin" },
    pages: { type: "string", default: "public" },
    "cpu-slowdown": { type: "string", default: "4" },
    loads: { type: "string", default: "1" },
  },
});
const origin = loopbackOrigin(values.url, "check");
const list = (raw) =>
  raw
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
const roles = list(values.roles);
const pages = values.pages === "public" ? CHECKED_PAGES : list(values.pages);
const slowdown = Number(values["cpu-slowdown"]);
if (!(slowdown >= 1)) {
  console.error("--cpu-slowdown must be a number of at least 1");
  process.exit(1);
}
const loads = positiveInt("loads", values.loads, 20);

/**
 * Runs in the page: each HTML element's attributes against the props React holds for it. Values
 * (inputs' value and checked) are the reader's, not attributes; SVG attributes are spelled apart.
 */
function attributesReactNoLongerRenders() {
  const BOOLEAN = new Set(["disabled", "hidden", "required", "readOnly", "multiple", "open", "inert", "noValidate", "muted", "loop", "playsInline"]);
  const NOT_ATTRIBUTES =
    /^(children|style|dangerouslySetInnerHTML|value|defaultValue|checked|defaultChecked|suppressHydrationWarning|suppressContentEditableWarning|autoFocus)$/;
  const URLS = new Set(["href", "src", "action", "poster"]);
  const describe = (el) =>
    `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${typeof el.className === "string" && el.className ? `.${el.className.split(" ")[0]}` : ""}> "${(el.textContent ?? "").trim().slice(0, 40)}"`;
  const kept = [];
  for (const el of document.body.querySelectorAll("*")) {
    const propsKey = Object.keys(el).find((key) => key.startsWith("__reactProps"));
    if (!propsKey || el.namespaceURI !== "http://www.w3.org/1999/xhtml") continue;
    for (const [name, value] of Object.entries(el[propsKey])) {
      if (NOT_ATTRIBUTES.test(name) || typeof value === "function" || (typeof value === "object" && value !== null)) continue;
      const attribute = name === "className" ? "class" : name === "htmlFor" ? "for" : name.toLowerCase();
      if (BOOLEAN.has(name)) {
        if (el.hasAttribute(attribute) !== Boolean(value))
          kept.push(`${describe(el)}: ${attribute} is ${el.hasAttribute(attribute)}, React renders ${Boolean(value)}`);
        continue;
      }
      const enumerated = /^(aria|data)-/.test(name);
      const rendered = value === null || value === undefined || (value === false && !enumerated) ? null : value === true && !enumerated ? "" : String(value);
      const onPage = el.getAttribute(attribute);
      const same =
        onPage === rendered ||
        (URLS.has(attribute) && onPage !== null && rendered !== null && new URL(onPage, location.href).href === new URL(rendered, location.href).href);
      if (!same) kept.push(`${describe(el)}: ${attribute} is ${JSON.stringify(onPage)}, React renders ${JSON.stringify(rendered)}`);
    }
  }
  return kept;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
let failing = 0;
for (const role of roles) {
  const cookie = role === "visitor" ? null : (await signInDemo(origin, role)).cookie;
  for (const pagePath of pages) {
    for (let load = 0; load < loads; load++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      if (cookie) {
        const [name, value] = cookie.split("=");
        await context.addCookies([{ name, value, domain: new URL(origin).hostname, path: "/", secure: true, httpOnly: true, sameSite: "Lax" }]);
      }
      const page = await context.newPage();
      const errors = [];
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text().slice(0, 200));
      });
      page.on("pageerror", (error) => errors.push(error.message.slice(0, 200)));
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
      await page.addInitScript(() => document.addEventListener("app:ready", () => (window.__appReady = true)));
      await page.goto(new URL(pagePath, origin).href, { waitUntil: "commit" });
      // A page the browser renders itself never hydrates: it has no app:ready, and nothing to keep.
      const hydrated = await page
        .waitForFunction(() => window.__appReady === true, null, { timeout: 20_000 })
        .then(
          () => true,
          () => false,
        );
      // app:ready follows the page's first commit; the late parts hydrate after it, each in a pass,
      // and the parts out of sight once scrolled to (decision 178): the page is read to its end.
      if (hydrated) {
        await page.evaluate(async () => {
          for (let top = 0; top < document.documentElement.scrollHeight; top += window.innerHeight) {
            window.scrollTo(0, top);
            await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
          }
          window.scrollTo(0, document.documentElement.scrollHeight);
        });
        await page
          .waitForFunction(
            (selector) => [...document.querySelectorAll(selector)].every((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber"))),
            HYDRATED_ELEMENTS,
            { timeout: 20_000 },
          )
          .catch(() => errors.push("some parts had not hydrated after 20 s"));
      }
      await page.waitForLoadState("networkidle").catch(() => undefined);
      const kept = hydrated ? await page.evaluate(attributesReactNoLongerRenders) : [];
      const label = `${role.padEnd(8)} ${pagePath.padEnd(38)} ${hydrated ? "hydrated" : "rendered in the browser"}`;
      if (kept.length === 0 && errors.length === 0) console.log(`${label}: ok`);
      else {
        failing++;
        console.log(`${label}:`);
        for (const line of kept) console.log(`   kept from the server: ${line}`);
        for (const line of errors) console.log(`   error: ${line}`);
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(failing === 0 ? "No page kept an attribute from the server." : `${failing} page load(s) kept an attribute from the server or logged an error.`);
process.exitCode = failing === 0 ? 0 : 1;
