export function localSiteUrl(current: string | undefined, port: string | number): string;
export function withDotenvValue(text: string, name: string, value: string): string;
