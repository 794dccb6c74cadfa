/**
 * The API's wire types, generated from openapi.yaml into `openapi.d.ts` and `schemas.ts`
 * (`npm run generate:api-types`; a test fails when they are stale). The UI, the desktop app, the
 * server and the TypeScript SDK import them from here instead of writing their own.
 */
import type { operations } from './openapi';

export type { components, operations, paths } from './openapi';
export * from './schemas';

/** The query parameters of an operation, by its `operationId`. */
export type QueryOf<Id extends keyof operations> = NonNullable<operations[Id]['parameters']['query']>;

/** The JSON body an operation answers with `status`, by its `operationId`. */
export type JsonResponseOf<
  Id extends keyof operations,
  Status extends keyof operations[Id]['responses'],
> = operations[Id]['responses'][Status] extends {
  content: { 'application/json': infer Body };
}
  ? Body
  : never;
