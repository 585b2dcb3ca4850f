// import-x's no-cycle with type-only imports counted. Its own rule skips `import type` and
// `export type … from` (erased, so no runtime cycle) and has no option to keep them; but a circle
// of types still ties two modules together: neither can move, split or be read without the other.
// This rule walks the same module graph (import-x's resolver and parsed modules, so aliases and
// the zones' resolution agree) and follows every edge, type-only ones included.
import { ModuleInfo } from "eslint-plugin-import-x/core/module-info";
import { isExternalModule, moduleVisitor, resolve } from "eslint-plugin-import-x/utils";

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
    const filename = context.physicalFilename;
    const external = (name) => !name.startsWith(".") && isExternalModule(name, resolve(name, context), context);
    // Modules already walked from this file without finding it again: nothing to gain walking them twice.
    const traversed = new Set();
    return {
      ...moduleVisitor((source, importer) => {
        if (external(source.value)) return;
        const imported = ModuleInfo.get(source.value, context);
        if (imported == null || imported.path === filename || traversed.has(imported.path)) return;
        traversed.add(imported.path);
        const queue = [{ path: imported.path, module: () => imported, route: [source.value] }];
        while (queue.length > 0) {
          const { module, route } = queue.shift();
          for (const [path, { resolve: next, declarations }] of module()?.getImports() ?? []) {
            const internal = [...declarations].filter((d) => !external(d.source.value));
            if (internal.length === 0 || traversed.has(path)) continue;
            if (path === filename) {
              // What was still queued may lead back here by another way: the next import walks it again.
              for (const left of queue) traversed.delete(left.path);
              context.report({ node: importer, messageId: "cycle", data: { route: [...route, internal[0].source.value].join(" -> ") } });
              return;
            }
            traversed.add(path);
            queue.push({ path, module: next, route: [...route, internal[0].source.value] });
          }
        }
      }),
      "Program:exit"() {
        traversed.clear();
      },
    };
  },
};
