import { AppError } from '../../lib/errors';

/** Seconds a CAR upload refused for memory is asked to wait: about one large CAR's check. */
const RETRY_AFTER_SECONDS = 30;

const busy = (why: string) =>
  new AppError(503, 'busy', `${why}: try again in a moment`, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });

/**
 * The blocks CAR uploads hold in this process's memory while their DAG is checked (about 1 KB a
 * block): at most `processLimit` in all, and at most `accountLimit` for one account's uploads
 * together, so one account cannot take the memory every other upload needs. A block over either
 * limit is a 503 `busy` with `Retry-After`, and the upload keeps nothing.
 */
export class CarBlockPool {
  private total = 0;
  private readonly byAccount = new Map<string, number>();

  constructor(
    readonly processLimit: number,
    readonly accountLimit: number,
  ) {}

  /** One more block for `account`'s upload; `release` gives the upload's blocks back. */
  take(account: string): void {
    const held = this.byAccount.get(account) ?? 0;
    if (held >= this.accountLimit) throw busy('This account is checking as many CAR blocks as it may at once');
    if (this.total >= this.processLimit) throw busy('The server is checking as many CAR blocks as it can hold');
    this.byAccount.set(account, held + 1);
    this.total++;
  }

  release(account: string, blocks: number): void {
    const held = (this.byAccount.get(account) ?? 0) - blocks;
    if (held > 0) this.byAccount.set(account, held);
    else this.byAccount.delete(account);
    this.total = Math.max(0, this.total - blocks);
  }

  /** Blocks held now, for metrics and tests. */
  get held(): number {
    return this.total;
  }
}
