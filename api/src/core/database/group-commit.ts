/** An item's own failure, as `run` answers it in the item's place. */
export const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

interface Pending<I, O> {
  item: I;
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: items submitted while `inFlight` batches are in the database wait and go together in the next one —
 * one statement and one commit for all of them. An idle queue adds no delay: an item that finds a free slot goes at
 * once. Batches are taken in arrival order, at most `maxBatch` items each. `run` answers one output per item, in the
 * items' order, or an item's own Error in its place (that item alone fails with it); if `run` throws, every item of
 * the batch fails with its error.
 */
export class GroupCommit<I, O> {
  private readonly waiting: Array<Pending<I, O>> = [];
  private inFlight = 0;

  constructor(
    private readonly run: (items: I[]) => Promise<Array<O | Error>>,
    private readonly options: { maxBatch: number; inFlight: number; onIdle?: () => void },
  ) {}

  /** Items waiting for a batch (not yet in the database). */
  get waitingCount(): number {
    return this.waiting.length;
  }

  /** Nothing waiting and nothing in the database. */
  private get idle(): boolean {
    return this.inFlight === 0 && this.waiting.length === 0;
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.inFlight < this.options.inFlight) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.inFlight += 1;
    try {
      while (this.waiting.length > 0) await this.settle(this.waiting.splice(0, this.options.maxBatch));
    } finally {
      this.inFlight -= 1;
      if (this.idle) this.options.onIdle?.();
    }
  }

  private async settle(batch: Array<Pending<I, O>>): Promise<void> {
    const items = batch.map((p) => p.item);
    let outs: Array<O | Error>;
    try {
      outs = await this.run(items);
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    batch.forEach((p, i) => {
      const out = outs[i];
      if (out instanceof Error) p.reject(out);
      else p.resolve(out);
    });
  }
}
