import type { Rule } from "eslint";

/** The import-circle rule that counts type-only imports too (no-cycle.mjs). */
export declare const noCycle: Rule.RuleModule;
