export function sourceMappedStack(error: unknown, frames: NodeJS.CallSite[]): string;
export function mapStackTraces(): void;
