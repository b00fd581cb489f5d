import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { roomKind } from '@core/metrics/socket-metrics';
import type { RoomSink } from '@core/realtime/aforo-server';
import { ExternalEventCounts } from '@modules/external-events/external-events.realtime';
import type { ExternalEventsRepository } from '@modules/external-events/external-events.repository';

/** The comment of `event.counts` in the typed socket map (what the web reads to know where the push comes). */
function eventCountsComment(): string {
  const text = readFileSync(join(__dirname, '../../api/src/shared/events/socket-events.ts'), 'utf8');
  const at = text.indexOf("'event.counts':");
  const start = text.lastIndexOf('/**', at);
  return text.slice(start, at).replace(/\s*\*\s*/g, ' ');
}

/**
 * The `event.counts` comment says what ExternalEventCounts emits: the rooms it reaches, and that drafts stay in the
 * staff rooms. (It once said counts were "the one push public rooms get" and "coalesced per relay batch".)
 */
describe('event.counts: the socket map says where the counts go', () => {
  const counts = [
    { id: 1, slug: 'borrador', status: 'draft', version: '3' },
    { id: 2, slug: 'publicado', status: 'published', version: '7' },
    { id: 3, slug: 'cancelado', status: 'cancelled', version: '9' },
  ].map((c) => ({ ...c, max_attendees: 10, current_attendees: 1, held_places: 0, waitlist_count: 0, is_featured: false }));

  async function emitted(): Promise<Array<{ room: string; ids: number[] }>> {
    const sent: Array<{ room: string; ids: number[] }> = [];
    const sink: RoomSink = {
      to: (rooms) => ({
        emit: (_event, payload) => {
          const ids = (payload as unknown as { data: { counts: Array<{ id: number }> } }).data.counts.map((c) => c.id);
          for (const room of ([] as string[]).concat(rooms)) sent.push({ room, ids });
        },
      }),
    };
    const repository = { readCounts: async () => counts } as unknown as ExternalEventsRepository;
    await new ExternalEventCounts(repository).push(sink, [1, 2, 3]);
    return sent;
  }

  it('names every room kind the counts are emitted to', async () => {
    const comment = eventCountsComment();
    const kinds = [...new Set((await emitted()).map((s) => roomKind(s.room)))];
    expect(kinds.sort()).toEqual(['external-event:{id}', 'external-events', 'public:evento:{id}', 'public:eventos']);
    for (const kind of kinds) expect(comment).toContain(kind);
  });

  it('drafts only reach the staff rooms, as the comment says', async () => {
    const sent = await emitted();
    const publicIds = sent.filter((s) => s.room.startsWith('public:')).flatMap((s) => s.ids);
    expect(new Set(publicIds)).toEqual(new Set([2, 3]));
    expect(sent.find((s) => s.room === 'external-events')!.ids).toEqual([1, 2, 3]);
    expect(eventCountsComment()).toMatch(/not drafts/);
    expect(eventCountsComment()).toContain('public.events-changed');
  });
});
