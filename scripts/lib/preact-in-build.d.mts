// Types for preact-in-build.mjs.
import type { Plugin } from "vite";

export function preactInBuild(): Plugin;
