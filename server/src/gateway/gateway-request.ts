import type { CID } from 'multiformats/cid';
import type { Ctx } from '../koa-types';
import type { GatewayBlocks } from './blocks';
import type { RequestedFormat } from './format';
import type { Mount } from './mount';
import type { ResolvedPath } from './resolve-path';

/** One gateway read, once its path is resolved: what every answer's handler works from. */
export interface GatewayRequest {
  ctx: Ctx;
  blocks: GatewayBlocks;
  /** The CID of the URL, as written there. */
  rootText: string;
  root: CID;
  /** Where the root answers: the path gateway, or an origin of its own. */
  mount: Mount;
  /** The path below the root, decoded, one entry per segment. */
  segments: string[];
  resolved: ResolvedPath;
  format: RequestedFormat;
}

/** The last path segment, which names what is served (`/ipfs/<dir>/report.pdf`); none at a bare CID. */
export const lastSegment = (request: GatewayRequest): string | null => request.segments.at(-1) ?? null;
