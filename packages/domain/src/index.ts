export * from './resource.ts';
export * from './rules.ts';
export * from './resources/index.ts';
export * from './locales/index.ts';
export * from './envelope.ts';
export * from './dicts.ts';
