export * from './limits';
export * from './languages';
export * from './dates';
export * from './ip';
export * from './account';
export * from './tokens';
export * from './content';
export * from './admin';
