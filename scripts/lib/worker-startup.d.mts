// Types for worker-startup.mjs.
export function startupCpuMs(entry: string): Promise<number>;
