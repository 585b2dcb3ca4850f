// Where the Worker's source names an error code, read from the syntax of every worker/**/*.ts file
// (no type checker: codes passed as a constant's property are found at the constant instead):
// - the code argument of the error helpers (badRequest ... fieldError, routeError, errorBody), and
//   the status beside it where the call names one: `new ApiError(409, "x")`, `super(...)` in a
//   class extending ApiError, `routeError("x", { status: 401 })`, `c.json(errorBody("x"), 404)`;
// - a `code` parameter's default (the helpers' own defaults);
// - the values of the areas' code constants (`PERK_ERROR_CODES`, `ACCOUNT_SUSPENDED_CODE`, ...)
//   and the codes of the refusal tables (`CATALOG_REFUSALS`);
// - error bodies written by hand, `{ error: { code: ... } }`, which should go through errorBody.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export type CodeSite = { file: string; line: number; code: string; status?: number };

/** The index of the code argument of each error helper (worker/lib/errors.ts). */
const CODE_ARGUMENT: Record<string, number> = {
  badRequest: 1,
  unauthorized: 1,
  forbidden: 1,
  notFound: 1,
  conflict: 1,
  fieldError: 2,
  routeError: 0,
  errorBody: 0,
};
/** Constants named like code tables that name something else: a ban's reason is not an error. */
const NOT_ERROR_CODES = new Set(["BAN_REASON_CODES"]);
const CODE_CONSTANT = /^[A-Z][A-Z0-9_]*_CODES?$/;
const REFUSAL_TABLE = /^[A-Z][A-Z0-9_]*_REFUSALS$/;
/** The one place an error body is written out. */
const ERROR_HELPERS = path.join("worker", "lib", "errors.ts");

/** Every .ts file under `dir`, declarations aside. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) ? unwrap(node.expression) : node;

/** The string values an expression can take when written out; none for a reference. */
function literals(node: ts.Expression | undefined): string[] {
  if (!node) return [];
  const inner = unwrap(node);
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return [inner.text];
  if (ts.isConditionalExpression(inner)) return [...literals(inner.whenTrue), ...literals(inner.whenFalse)];
  return [];
}

const numberOf = (node: ts.Expression | undefined) => {
  const inner = node && unwrap(node);
  return inner && ts.isNumericLiteral(inner) ? Number(inner.text) : undefined;
};

/** A property of an object literal, by name. */
function property(node: ts.Expression | undefined, name: string): ts.Expression | undefined {
  const inner = node && unwrap(node);
  if (!inner || !ts.isObjectLiteralExpression(inner)) return undefined;
  for (const p of inner.properties) if (ts.isPropertyAssignment(p) && p.name.getText() === name) return p.initializer;
  return undefined;
}

/** The status a response is built with around an error body: `c.json(body, 404)`, `Response.json(body, { status })`. */
function responseStatus(call: ts.CallExpression): number | undefined {
  const outer = call.parent;
  if (!ts.isCallExpression(outer) || outer.arguments[0] !== call) return undefined;
  return numberOf(outer.arguments[1]) ?? numberOf(property(outer.arguments[1], "status"));
}

const extendsApiError = (node: ts.Node): boolean => {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (ts.isClassDeclaration(at) || ts.isClassExpression(at))
      return at.heritageClauses?.some((clause) => clause.types.some((t) => t.expression.getText() === "ApiError")) ?? false;
  }
  return false;
};

export function errorCodeSites(root: string): { sites: CodeSite[]; handMade: CodeSite[] } {
  const sites: CodeSite[] = [];
  const handMade: CodeSite[] = [];
  for (const file of sourceFiles(path.join(root, "worker"))) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const relative = path.relative(root, file);
    const at = (node: ts.Node) => ({ file: relative, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    const add = (node: ts.Expression | undefined, status?: number) => {
      for (const code of literals(node)) sites.push({ ...at(node!), code, ...(status === undefined ? {} : { status }) });
    };

    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in CODE_ARGUMENT) {
        const name = node.expression.text;
        const status = name === "routeError" ? numberOf(property(node.arguments[1], "status")) : name === "errorBody" ? responseStatus(node) : undefined;
        add(node.arguments[CODE_ARGUMENT[name]!], status);
      } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "ApiError") {
        add(node.arguments?.[1], numberOf(node.arguments?.[0]));
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword && extendsApiError(node)) {
        add(node.arguments[1], numberOf(node.arguments[0]));
      } else if (ts.isParameter(node) && node.name.getText() === "code" && node.initializer) {
        add(node.initializer);
      } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const name = node.name.text;
        const value = unwrap(node.initializer);
        if (CODE_CONSTANT.test(name) && !NOT_ERROR_CODES.has(name)) {
          if (!ts.isObjectLiteralExpression(value)) add(value);
          else for (const p of value.properties) if (ts.isPropertyAssignment(p)) add(p.initializer);
        } else if (REFUSAL_TABLE.test(name) && ts.isObjectLiteralExpression(value)) {
          for (const p of value.properties) if (ts.isPropertyAssignment(p)) add(property(p.initializer, "code"));
        }
      } else if (ts.isPropertyAssignment(node) && node.name.getText() === "error" && relative !== ERROR_HELPERS) {
        const code = property(node.initializer, "code");
        if (code) handMade.push({ ...at(node), code: literals(code)[0] ?? code.getText() });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { sites, handMade };
}
