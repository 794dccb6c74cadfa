/**
 * AWS Signature Version 4 as S3 checks it: `verifySignature` checks the request's signature (its
 * Authorization header or a presigned URL's query) and says what it covers of the payload;
 * `verifiedPayload` then reads the body through those checks.
 */
export { verifySignature, type PayloadMode, type SecretLookup, type SignatureInput, type Verified } from './verify';
export { verifiedPayload } from './payload';
