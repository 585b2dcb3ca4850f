// Server-rendered pages as the Worker sends them (worker/routes/pages.ts), with the built shell
// faked by a small ASSETS binding so a test knows every byte the page starts from, and readers
// for what a crawler or a chat app takes from the HTML.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { app } from "../../worker/app";
import { FIRST_LOAD_MANIFEST } from "../../worker/contracts/first-load";
import { APP_MODULES_ID, SSR_STATE_ID } from "../../worker/contracts/ssr";
import { ORIGIN } from "./helpers";

export const SHELL =
  '<!doctype html><html><head><meta name="description" content="x" /><title>Freestyle Lovers</title></head><body><div id="root"></div></body></html>';

/** A fake assets binding: `manifest` (null: none) as first-load.json, the shell for every other path. */
export function fakeAssets(manifest: unknown = null, shell = SHELL) {
  const requests: string[] = [];
  const assets = {
    fetch: async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      requests.push(url.pathname);
      if (url.pathname === FIRST_LOAD_MANIFEST && manifest !== null) return Response.json(manifest);
      // Like the real assets layer: an unknown path is the shell.
      return new Response(shell, { headers: { "content-type": "text/html; charset=utf-8", etag: '"shell"' } });
    },
  };
  return { assets: assets as unknown as Fetcher, requests };
}

const defaultAssets = fakeAssets().assets;

/** GET `path` (or HEAD) from the app, with the fake shell unless `assets` is given; `vars` over the test env. */
export async function page(
  path: string,
  {
    headers = {},
    assets = defaultAssets,
    method = "GET",
    vars = {},
  }: { headers?: Record<string, string>; assets?: Fetcher; method?: string; vars?: Record<string, unknown> } = {},
) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(ORIGIN + path, { headers, method }), { ...env, ...vars, ASSETS: assets }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** content of every <meta property|name="key">, as written (entities not decoded). */
export function metaContents(html: string, key: string): string[] {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`, "g");
  return [...html.matchAll(re)].map((m) => m[1]!);
}

export const linksOf = (html: string, rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]*)"`, "g"))].map((m) => m[1]!);

/** The modules a server-rendered page starts after its first paint (entry first); null when it has no such list. */
export function modulesOf(html: string): string[] | null {
  const match = new RegExp(`<script type="application/json" id="${APP_MODULES_ID}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as string[]) : null;
}

/** hreflang → href of the language alternates. */
export const alternatesOf = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1]!, m[2]!]));

export const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
export const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));

/** The rendered app: what is inside <div id="root">, up to the data island after it. */
export function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf(`<script type="application/json" id="${SSR_STATE_ID}">`);
  return start < 0 || end < 0 ? "" : html.slice(start, end);
}

/** The text a reader sees in `fragment`: tags dropped, entities decoded, spaces collapsed. */
export const textOf = (fragment: string) =>
  decodeEntities(fragment.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();

export const decodeEntities = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_m, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" })[e]!);

/** The data island the browser hydrates from. */
export function stateOf(html: string): { locale: string; queries: { queries: { queryKey: unknown[]; state: { data?: unknown; error?: unknown } }[] } } {
  const match = new RegExp(`<script type="application/json" id="${SSR_STATE_ID}">([\\s\\S]*?)</script>`).exec(html);
  if (!match) throw new Error("no data island in the page");
  return JSON.parse(match[1]!);
}
