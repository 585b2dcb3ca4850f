// Types for worker-startup.mjs.
export function startupCpuMs(entry: string): Promise<number>;
export function canCountInstructions(): Promise<boolean>;
export function startupInstructions(entry: string): Promise<number>;
