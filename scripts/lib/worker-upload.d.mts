// Types for worker-upload.mjs.
export type UploadModule = { name: string; content: Buffer; sources: string[] };
export function readUpload(outDir: string, buildDir?: string): Promise<UploadModule[]>;
