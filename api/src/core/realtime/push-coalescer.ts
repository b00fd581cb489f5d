import { mergePushes, type PushMerges, type RoutedPush } from './push-routes';

/**
 * Pushes in a burst: per room, a push goes at once when the room is idle; a room that was sent
 * something less than `windowMs` ago is busy, and what comes for it meanwhile waits for the window's end and
 * goes as one batch, the combinable pushes combined (PushMerges: every new registration appended, the latest
 * counts kept). So a screen gets at most one batch per window, carrying every change.
 *
 * Order: the waiting pushes are one queue, in arrival order, and while anything waits every new push joins
 * the queue, even one for an idle room (a socket may be in both rooms): a socket never gets a later push
 * before an earlier one. Nothing is dropped: a merge only combines two pushes into one.
 */
export class PushCoalescer {
  /** When each room was last sent something (ms, `clock`), for rooms sent within about a window. */
  private readonly lastSent = new Map<string, number>();
  private queue: RoutedPush[] = [];
  private timer: NodeJS.Timeout | null = null;
  private dueAt = Infinity;

  constructor(
    private readonly windowMs: number,
    private readonly merges: PushMerges,
    /** Sends a batch of pushes, in order, at once (RealtimePublisher: one write per socket for the batch). */
    private readonly send: (pushes: RoutedPush[]) => void,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Pushes that belong together (one relay batch, one counts read): sent together, now or at the window's end. */
  push(pushes: RoutedPush[]): void {
    const live = pushes.filter((p) => p.spec.rooms.length > 0);
    if (live.length === 0) return;
    const now = this.clock();
    let due = -Infinity;
    for (const p of live) for (const room of p.spec.rooms) due = Math.max(due, (this.lastSent.get(room) ?? -Infinity) + this.windowMs);
    if (this.queue.length === 0 && due <= now) {
      this.deliver(mergePushes(live, this.merges), now);
      return;
    }
    this.queue.push(...live);
    this.schedule(Math.max(due, now));
  }

  /** Sends whatever waits, now (before socket effects such as a logout's disconnect, and at shutdown). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dueAt = Infinity;
    if (this.queue.length === 0) return;
    const batch = mergePushes(this.queue, this.merges);
    this.queue = [];
    this.deliver(batch, this.clock());
  }

  /** Pushes waiting for their window (for tests and metrics). */
  get waiting(): number {
    return this.queue.length;
  }

  private schedule(at: number): void {
    // The queue goes when its last busy room's window ends: one timer, moved later only by a busier push.
    if (this.timer && at <= this.dueAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = at;
    this.timer = setTimeout(() => this.flush(), Math.max(0, at - this.clock()));
    this.timer.unref?.();
  }

  private deliver(batch: RoutedPush[], now: number): void {
    for (const p of batch) for (const room of p.spec.rooms) this.lastSent.set(room, now);
    if (this.lastSent.size > 4096) for (const [room, at] of this.lastSent) if (at + this.windowMs <= now) this.lastSent.delete(room);
    this.send(batch);
  }
}
