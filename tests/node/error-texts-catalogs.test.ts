// The Portuguese of the Worker's codes a person meets: the SPA words each code in the feature that
// shows it, in an `ErrorTexts` table (app/lib/forms/errorText.ts has the site's own). That every
// descriptor has its Portuguese is feature-catalogs.test.ts's check; this one follows each table's
// entries to their descriptors and checks that each code is one the Worker answers with and that
// its Portuguese is in a catalog loaded with the table: the feature's that writes the entry
// (messages.pt-BR.json of the nearest folder with one) or the site's (app/i18n/pt-BR.json), not
// another feature's, which the page may not load.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROUTE_CODES } from "../../worker/contracts/route-codes";
import { VALIDATION_RULES } from "../../worker/contracts/validation-codes";

const ROOT = path.resolve(import.meta.dirname, "../..");
const APP = path.join(ROOT, "app");
const PORTUGUESE = "messages.pt-BR.json";
const SITE_PORTUGUESE = path.join(APP, "i18n/pt-BR.json");

const sources = new Map<string, ts.SourceFile>();
function sourceOf(file: string): ts.SourceFile {
  let source = sources.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    sources.set(file, source);
  }
  return source;
}

/** The file an import names: relative or `#app/`, with or without its extension, or a folder's index. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("#app/")
    ? path.join(APP, specifier.slice(5))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file));
}

/** A value met while following an expression: its node and the file it is written in. */
type Found = { node: ts.Expression; file: string };

/** What a name stands for in a file: its top-level `const`, or what it imports. */
function lookUp(file: string, name: string): Found | undefined {
  const source = sourceOf(file);
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) return { node: declaration.initializer, file };
      }
    }
    if (ts.isImportDeclaration(statement) && statement.importClause?.namedBindings && ts.isNamedImports(statement.importClause.namedBindings)) {
      for (const element of statement.importClause.namedBindings.elements) {
        if (element.name.text !== name) continue;
        const target = resolveImport(file, (statement.moduleSpecifier as ts.StringLiteral).text);
        return target ? lookUp(target, (element.propertyName ?? element.name).text) : undefined;
      }
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        if (element.name.text !== name) continue;
        const target = resolveImport(file, (statement.moduleSpecifier as ts.StringLiteral).text);
        return target ? lookUp(target, (element.propertyName ?? element.name).text) : undefined;
      }
    }
  }
  return undefined;
}

/** Follows names, property reads, `defineMessages(...)`/`defineMessage(...)` and `as`/`satisfies` to the object written. */
function follow(found: Found | undefined): Found | undefined {
  if (!found) return undefined;
  const { node, file } = found;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return follow({ node: node.expression, file });
  if (ts.isIdentifier(node)) return follow(lookUp(file, node.text));
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /^define(Messages|Message)$/.test(node.expression.text) && node.arguments[0]) {
    return follow({ node: node.arguments[0], file });
  }
  if (ts.isPropertyAccessExpression(node)) {
    const object = follow({ node: node.expression, file });
    if (!object || !ts.isObjectLiteralExpression(object.node)) return undefined;
    return follow(property(object, node.name.text));
  }
  return found;
}

/** One property's value of an object literal, spread objects' included (the last one written wins). */
function property({ node, file }: Found, name: string): Found | undefined {
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  for (const member of [...node.properties].reverse()) {
    if (ts.isPropertyAssignment(member) && member.name.getText() === name) return { node: member.initializer, file };
    if (ts.isShorthandPropertyAssignment(member) && member.name.text === name) return { node: member.name, file };
    if (ts.isSpreadAssignment(member)) {
      const spread = follow({ node: member.expression, file });
      const found = spread && property(spread, name);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The code → descriptor entries of an ErrorTexts table, each with the descriptor's id (undefined:
 * not followed) and the file that writes the entry (a table spread into another is its own file's).
 */
function entriesOf(table: Found): { code: string; id: string | undefined; definedIn: string | undefined; file: string }[] {
  const object = follow(table);
  if (!object || !ts.isObjectLiteralExpression(object.node))
    return [{ code: `(${table.node.getText()})`, id: undefined, definedIn: undefined, file: table.file }];
  return object.node.properties.flatMap((member) => {
    if (ts.isSpreadAssignment(member)) return entriesOf({ node: member.expression, file: object.file });
    if (!ts.isPropertyAssignment(member) && !ts.isShorthandPropertyAssignment(member))
      return [{ code: `(${member.getText()})`, id: undefined, definedIn: undefined, file: object.file }];
    const descriptor = follow(property(object, member.name.getText()));
    const id = descriptor && property(descriptor, "id")?.node;
    return [{ code: member.name.getText(), id: id && ts.isStringLiteral(id) ? id.text : undefined, definedIn: descriptor?.file, file: object.file }];
  });
}

/** Every `const NAME: ErrorTexts = …` of app/. */
function errorTextTables(): { file: string; name: string; table: Found }[] {
  const files = readdirSync(APP, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => path.join(APP, file))
    .filter((file) => readFileSync(file, "utf8").includes(": ErrorTexts ="));
  return files.flatMap((file) =>
    sourceOf(file).statements.flatMap((statement) =>
      ts.isVariableStatement(statement)
        ? statement.declarationList.declarations
            .filter((declaration) => declaration.type?.getText() === "ErrorTexts" && declaration.initializer)
            .map((declaration) => ({ file, name: declaration.name.getText(), table: { node: declaration.initializer!, file } }))
        : [],
    ),
  );
}

/** The catalog a file's texts are loaded with: the nearest folder's messages.pt-BR.json under app/features, else the site's. */
function catalogOf(file: string): string {
  for (let folder = path.dirname(file); folder.startsWith(path.join(APP, "features")); folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, PORTUGUESE))) return path.join(folder, PORTUGUESE);
  }
  return SITE_PORTUGUESE;
}
const catalogs = new Map<string, Record<string, string>>();
const catalog = (file: string) => {
  if (!catalogs.has(file)) catalogs.set(file, JSON.parse(readFileSync(file, "utf8")) as Record<string, string>);
  return catalogs.get(file)!;
};

describe("the SPA's texts for the Worker's error codes (ErrorTexts tables)", () => {
  const tables = errorTextTables();
  const entries = tables.flatMap(({ file, name, table }) => entriesOf(table).map((entry) => ({ ...entry, where: `${path.relative(ROOT, file)} ${name}` })));

  it("are found, each entry followed to its descriptor (the scan itself works)", () => {
    expect(tables.length).toBeGreaterThan(15);
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.filter((entry) => entry.id === undefined).map((entry) => `${entry.where}: ${entry.code}`)).toEqual([]);
  });

  it("word only codes the Worker answers with", () => {
    const known = (code: string) => Object.hasOwn(ROUTE_CODES, code) || Object.hasOwn(VALIDATION_RULES, code);
    expect(entries.filter((entry) => !known(entry.code)).map((entry) => `${entry.where}: ${entry.code}`)).toEqual([]);
  });

  it("have each code's Portuguese in a catalog the page loads: the table's feature's or the site's", () => {
    const misplaced = entries.filter(({ id, file }) => !(id! in catalog(catalogOf(file))) && !(id! in catalog(SITE_PORTUGUESE)));
    expect(misplaced.map(({ where, code, id, definedIn }) => `${where}: ${code} → ${id} (${path.relative(ROOT, definedIn!)})`)).toEqual([]);
  });
});
