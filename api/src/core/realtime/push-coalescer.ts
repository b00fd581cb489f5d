import { mergePushes, type PushMerges, type RoutedPush } from './push-routes';

/**
 * Pushes in a burst: per room, a push goes at once when the room is idle; a room that was sent
 * something less than `windowMs` ago is busy, and what comes for it meanwhile waits for the window's end and
 * goes as one batch, the combinable pushes combined (PushMerges: every new registration appended, the latest
 * counts kept). So a screen gets at most one batch per window, carrying every change. Pushes that may wait (a
 * batch's counts: `pushWithNext`) ride with the next batch to their rooms, or go alone a window later.
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
  /** When the rooms of what waits are free (rooms' sends do not change while anything waits: a send takes it all). */
  private queueDue = -Infinity;
  /** Whether all that waits came by `pushWithNext` (it may go with the next batch, at once, when its rooms are idle). */
  private onlyRiders = false;
  /** When the oldest of what waits was queued. */
  private queuedAt = 0;

  constructor(
    private readonly windowMs: number,
    private readonly merges: PushMerges,
    /** Sends a batch of pushes, in order, at once (RealtimePublisher: one write per socket for the batch). */
    private readonly send: (pushes: RoutedPush[]) => void,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Pushes that belong together (one relay batch): sent together, now or at the window's end. */
  push(pushes: RoutedPush[]): void {
    const live = pushes.filter((p) => p.spec.rooms.length > 0);
    if (live.length === 0) return;
    const now = this.clock();
    const due = this.dueOf(live);
    // Idle rooms, and nothing waiting but pushes that were to ride with the next batch, whose rooms are idle too.
    if (due <= now && (this.queue.length === 0 || (this.onlyRiders && this.queueDue <= now))) {
      const batch = mergePushes([...this.queue, ...live], this.merges);
      this.clear();
      this.deliver(batch, now);
      return;
    }
    this.enqueue(live, due, false, now);
  }

  /**
   * Pushes that may wait for the next batch to their rooms (a relay batch's counts, read after its commit): they go
   * with it, in one write, or alone once a window has passed without one. Sent at once, they made an idle room busy
   * just before the next batch of changes, which then waited for the window: two writes per screen and relay cycle,
   * and the changes later (docs/decisions/plataforma.md, «Los conteos viajan con el lote siguiente»).
   */
  pushWithNext(pushes: RoutedPush[]): void {
    const live = pushes.filter((p) => p.spec.rooms.length > 0);
    if (live.length === 0) return;
    const now = this.clock();
    const due = this.dueOf(live);
    this.enqueue(live, due, this.queue.length === 0 || this.onlyRiders, now);
  }

  /** Sends whatever waits, now (before socket effects such as a logout's disconnect, and at shutdown). */
  flush(): void {
    if (this.queue.length === 0) {
      this.clear();
      return;
    }
    const batch = mergePushes(this.queue, this.merges);
    this.clear();
    this.deliver(batch, this.clock());
  }

  /** When the rooms of `pushes` are next free (ms, `clock`): the end of the window of the last one sent. */
  private dueOf(pushes: RoutedPush[]): number {
    let due = -Infinity;
    for (const p of pushes) for (const room of p.spec.rooms) due = Math.max(due, (this.lastSent.get(room) ?? -Infinity) + this.windowMs);
    return due;
  }

  private enqueue(pushes: RoutedPush[], due: number, riders: boolean, now: number): void {
    if (this.queue.length === 0) this.queuedAt = now;
    this.queue.push(...pushes);
    this.queueDue = Math.max(this.queueDue, due);
    this.onlyRiders = riders;
    // The queue goes when its last busy room's window ends; riders alone wait a window for a batch to join.
    this.schedule(riders ? Math.max(this.queueDue, this.queuedAt + this.windowMs) : Math.max(this.queueDue, now));
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dueAt = Infinity;
    this.queue = [];
    this.queueDue = -Infinity;
    this.onlyRiders = false;
  }

  /** Pushes waiting for their window (for tests and metrics). */
  get waiting(): number {
    return this.queue.length;
  }

  private schedule(at: number): void {
    if (this.timer && at === this.dueAt) return;
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
