// Types for demo-captions.mjs so TypeScript callers (tests) can import it.
export const CUE_SECONDS: number;
export function renderDemoCaptionsVtt(input: { title: string; durationSeconds: number; lang: "en" | "pt-BR" }): Uint8Array;
