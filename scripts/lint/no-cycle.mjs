// import-x's no-cycle with type-only imports counted. Its own rule skips `import type` and
// `export type … from` (erased, so no runtime cycle) and has no option to keep them; but a circle
// of types still ties two modules together: neither can move, split or be read without the other.
//
// This rule resolves with the resolver the zones use (import-x's settings), and reads the module
// graph once per lint run: each module's static imports and re-exports (type-only ones included,
// dynamic `import()`s not, as import-x's graph) from oxc's parser, which only lists them, instead
// of a full ESLint parse of every module each linted file reaches (a third of lint's time before).
// The graph's strongly connected components are found once (Tarjan); an import is reported when
// its module is in the importer's component, with one route back.
import { readFileSync } from "node:fs";
import { parseSync } from "oxc-parser";

/** @typedef {{ resolve(source: string, file: string): { found: boolean; path?: string | null } }} Resolver */

/** A module of our own: resolved, and not a dependency's. */
const internal = (path) => typeof path === "string" && !path.includes("/node_modules/");

/** The module graph of one lint run: each module's own imports, resolved, read once. */
class ModuleGraph {
  /** @param {Resolver} resolver */
  constructor(resolver) {
    this.resolver = resolver;
    /** @type {Map<string, { source: string; path: string }[]>} */
    this.edges = new Map();
    /** @type {Map<string, number>} each module's component, once Tarjan has finished it */
    this.component = new Map();
    this.nextComponent = 0;
  }

  resolve(source, from) {
    try {
      const { found, path } = this.resolver.resolve(source, from);
      return found && internal(path) ? path : null;
    } catch {
      return null;
    }
  }

  importsOf(file) {
    let edges = this.edges.get(file);
    if (edges) return edges;
    edges = [];
    try {
      const { module } = parseSync(file, readFileSync(file, "utf8"));
      const sources = [
        ...module.staticImports.map((entry) => entry.moduleRequest.value),
        ...module.staticExports.flatMap((entry) => entry.entries.map((e) => e.moduleRequest?.value)).filter(Boolean),
      ];
      for (const source of new Set(sources)) {
        const path = this.resolve(source, file);
        if (path) edges.push({ source, path });
      }
    } catch {
      // Unreadable or not JavaScript (a JSON or CSS import): no imports of its own.
    }
    this.edges.set(file, edges);
    return edges;
  }

  /** The module's strongly connected component (Tarjan's algorithm, iterative, from `root`). */
  componentOf(root) {
    if (this.component.has(root)) return this.component.get(root);
    const index = new Map();
    const low = new Map();
    const stack = [];
    const onStack = new Set();
    let counter = 0;
    const open = (file) => {
      index.set(file, counter);
      low.set(file, counter);
      counter++;
      stack.push(file);
      onStack.add(file);
      return { file, next: 0 };
    };
    const frames = [open(root)];
    while (frames.length > 0) {
      const frame = frames.at(-1);
      const edges = this.importsOf(frame.file);
      if (frame.next < edges.length) {
        const { path } = edges[frame.next++];
        if (this.component.has(path)) continue;
        if (!index.has(path)) frames.push(open(path));
        else if (onStack.has(path)) low.set(frame.file, Math.min(low.get(frame.file), index.get(path)));
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames.at(-1).file;
        low.set(parent, Math.min(low.get(parent), low.get(frame.file)));
      }
      if (low.get(frame.file) === index.get(frame.file)) {
        const id = this.nextComponent++;
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          this.component.set(member, id);
        } while (member !== frame.file);
      }
    }
    return this.component.get(root);
  }

  /** The specifiers of one shortest route of imports from `from` to `to`, or none. */
  route(from, to) {
    const came = new Map([[from, null]]);
    const queue = [from];
    while (queue.length > 0) {
      const file = queue.shift();
      for (const { source, path } of this.importsOf(file)) {
        if (came.has(path)) continue;
        came.set(path, { file, source });
        if (path === to) {
          const sources = [];
          for (let step = came.get(to); step; step = came.get(step.file)) sources.unshift(step.source);
          return sources;
        }
        queue.push(path);
      }
    }
    return [];
  }
}

/** One graph per resolver: every file of a lint run shares it. */
const graphs = new WeakMap();

/** @type {import("eslint").Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid an import (type-only ones included) whose module has a path of imports back to this one." },
    schema: [],
    messages: {
      cycle:
        "Import circle: {{route}}. Move what both sides need into a module below them (type-only imports count: they tie the modules together all the same).",
    },
  },
  create(context) {
    const resolver = context.settings["import-x/resolver-next"]?.[0];
    if (!resolver) throw new Error("local/no-cycle resolves with the first of import-x's `resolver-next` settings");
    if (!graphs.has(resolver)) graphs.set(resolver, new ModuleGraph(resolver));
    const graph = graphs.get(resolver);
    const filename = context.physicalFilename;
    // The linted file's own imports as ESLint parsed them, static and dynamic (as import-x visits).
    // A static one is in the graph: it closes a circle exactly when both ends share a component.
    // A dynamic one is not: whether its module leads back is searched for.
    const check = (node) => {
      if (!node.source || typeof node.source.value !== "string") return;
      const imported = graph.resolve(node.source.value, filename);
      if (!imported || imported === filename) return;
      if (node.type !== "ImportExpression" && graph.componentOf(imported) !== graph.componentOf(filename)) return;
      const back = graph.route(imported, filename);
      if (back.length === 0) return;
      context.report({ node: node.source, messageId: "cycle", data: { route: [node.source.value, ...back].join(" -> ") } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
