// docs/api.md lists every method and path the Worker answers. Its tables are compared with the
// routes worker/app.ts registers (middleware left out, parameters compared by position, not by
// name), and the count it states with the rows it holds, so a route added, moved or removed
// without its row fails here.
import { inspectRoutes } from "hono/dev";
import { describe, expect, it } from "vitest";
import apiDoc from "../../docs/api.md?raw";
import { app } from "../../worker/app";
import { isLazyMount, loadEveryGroup } from "../../worker/middleware/lazy-routes";

const METHODS = "GET|POST|PUT|PATCH|DELETE|ALL";
/** A table row's first cell: the method alone (the path in the next cell), or "METHOD /path". */
const METHOD_CELL = new RegExp(`^\`(${METHODS})\`$`);
const METHOD_AND_PATH_CELL = new RegExp(`^\`(${METHODS}) ([^\`]+)\`$`);

/** One spelling per route: no query, no trailing slash, every parameter (any name or pattern) as ":param". */
function normalizePath(path: string): string {
  const [withoutQuery = ""] = path.split("?");
  const bare = withoutQuery.replace(/:\w+(\{[^}]*\})?\??/g, ":param");
  return `/${bare.replace(/^\/+|\/+$/g, "")}`;
}

/** "METHOD /path" for each row of the document's route tables. */
function documentedRoutes(markdown: string): string[] {
  const routes: string[] = [];
  for (const line of markdown.split("\n")) {
    if (!line.startsWith("| `")) continue;
    // Cells are split on bars that are not escaped (`\|` inside a cell is text).
    const [, first = "", second = ""] = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const combined = METHOD_AND_PATH_CELL.exec(first);
    const method = METHOD_CELL.exec(first);
    const path = /^`([^`]+)`/.exec(second);
    if (combined) routes.push(`${combined[1]} ${normalizePath(combined[2] ?? "")}`);
    else if (method && path) routes.push(`${method[1]} ${normalizePath(path[1] ?? "")}`);
  }
  return routes;
}

/**
 * "METHOD /path" for each route the Worker registers: the app's own and its route groups' (the app
 * holds only the groups' mounts, decision 078). `use()` registers middleware under "ALL"; every
 * other entry is a route (a handler that may pass on with `next`, as the pages' one, too), and a
 * route's validators share its method and path.
 */
async function registeredRoutes(): Promise<string[]> {
  const routes = [app, ...(await loadEveryGroup())].flatMap((registered) =>
    inspectRoutes(registered)
      .filter((route, i) => !isLazyMount(registered.routes[i]!.handler) && (route.method !== "ALL" || !route.isMiddleware))
      .map((route) => `${route.method} ${normalizePath(route.path)}`),
  );
  return [...new Set(routes)].sort();
}

describe("docs/api.md", () => {
  const documented = documentedRoutes(apiDoc);

  it("has a row for every route the Worker registers, and none for a route it does not", async () => {
    const registered = await registeredRoutes();
    const listed = new Set(documented);
    expect({
      missingFromTheDoc: registered.filter((route) => !listed.has(route)),
      notRegistered: [...listed].filter((route) => !registered.includes(route)).sort(),
    }).toEqual({ missingFromTheDoc: [], notRegistered: [] });
  });

  it("lists each route once", () => {
    expect(documented.filter((route, index) => documented.indexOf(route) !== index)).toEqual([]);
  });

  it("states how many rows its tables hold", () => {
    const stated = /The tables hold \*\*(\d+) method \+ path rows\*\*/.exec(apiDoc);
    expect(stated, "the count sentence of the Count section").not.toBeNull();
    expect(Number(stated?.[1])).toBe(documented.length);
  });
});
