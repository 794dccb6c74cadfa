import { PassThrough } from 'node:stream';
import { S3Error, s3Errors } from '../errors';
import type { S3Ctx } from '../types';
import { toXml } from '../xml';

export interface SlowAnswerTiming {
  /** How long the work may take before the answer starts without it. */
  earlyMs: number;
  /** Between two blanks sent while the work goes on. */
  everyMs: number;
}

/** aws-cli and boto3 give up on a read silent for 60 s; S3 keeps a long Complete talking well within that. */
export const SLOW_ANSWER: SlowAnswerTiming = { earlyMs: 2_000, everyMs: 10_000 };

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * Answers with the XML document `work` makes. Work done within `earlyMs` is answered as usual (an
 * error with its own status); longer work is answered as S3 answers a long CompleteMultipartUpload:
 * status 200 and the XML declaration at once, a blank every `everyMs` so that the client does not
 * time out, then the document, or an `<Error>` element, which the SDKs read as the failure it is.
 */
export async function slowAnswer(ctx: S3Ctx, work: Promise<string>, timing: SlowAnswerTiming = SLOW_ANSWER): Promise<void> {
  const settled = work.then(
    (xml) => ({ xml }),
    (error: unknown) => ({ error }),
  );
  let timer: NodeJS.Timeout | undefined;
  const early = await Promise.race([
    settled,
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timing.earlyMs);
    }),
  ]);
  clearTimeout(timer);
  if (early && 'error' in early) throw early.error;
  ctx.type = 'application/xml';
  if (early) {
    ctx.body = early.xml;
    return;
  }
  const body = new PassThrough();
  // A client gone: the work goes on (as S3's), its answer has nowhere to go.
  body.on('error', () => undefined);
  const send = (text: string, end = false) => {
    if (body.destroyed || body.writableEnded) return;
    if (end) body.end(text);
    else body.write(text);
  };
  ctx.status = 200;
  ctx.body = body;
  send(DECLARATION);
  const beat = setInterval(() => send(' '), timing.everyMs);
  void settled.then((outcome) => {
    clearInterval(beat);
    if ('xml' in outcome) return send(outcome.xml.replace(/^<\?xml[^>]*\?>\s*/, ''), true);
    const error = outcome.error instanceof S3Error ? outcome.error : s3Errors.internalError();
    if (!(outcome.error instanceof S3Error)) {
      ctx.state.app.logger.error('s3 request failed after its answer began', {
        requestId: ctx.state.requestId,
        error: outcome.error instanceof Error ? outcome.error.stack : String(outcome.error),
      });
    }
    const xml = toXml('Error', { Code: error.code, Message: error.message, ...error.extra, RequestId: ctx.state.requestId }, false);
    send(xml.replace(/^<\?xml[^>]*\?>\s*/, ''), true);
  });
}
