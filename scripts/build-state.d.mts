export const PROJECT_ROOT: string;
/** Why the build must be made again, or null when dist/ is up to date for this BASE_PATH. */
export function staleBuildReason(basePath: string | null): string | null;
