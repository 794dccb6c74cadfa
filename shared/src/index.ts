export * from './validation/index';
