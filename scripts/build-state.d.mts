export const PROJECT_ROOT: string;
/** BASE_PATH, else the conference file's basePath (CONFERENCE_FILE), else null (the default conference's). */
export function configuredBasePath(env?: NodeJS.ProcessEnv): string | null;
/** Why the build must be made again, or null when dist/ is up to date for this base path (configuredBasePath by default). */
export function staleBuildReason(basePath?: string | null): string | null;
