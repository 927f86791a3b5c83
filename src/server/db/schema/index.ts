export * from './enums.ts';
export * from './users.ts';
export * from './files.ts';
export * from './papers.ts';
export * from './chat.ts';
export * from './notifications.ts';
export * from './audit.ts';
export * from './sign-in-guard.ts';
