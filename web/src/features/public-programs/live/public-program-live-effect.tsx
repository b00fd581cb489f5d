import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { applyPublicCounts, loadPublicProgram } from '../stores/public-program-store';

/**
 * The program page's room 'public:programa:{id}': places left update live (the form turns into the
 * full notice when they run out); a change of the program or a reconnect reloads it. Renders nothing.
 */
export function PublicProgramLiveEffect({ programaId, slug }: { programaId: number; slug: string }) {
  useLiveRoom(ROOMS.publicProgram(programaId), { onResync: () => void loadPublicProgram(slug, { silent: true }) });
  useSocketEvent('program.counts', (msg) => {
    if (applyPublicCounts(msg.data.counts) === 'reload') void loadPublicProgram(slug, { silent: true });
  });
  useSocketEvent('public.program-changed', () => void loadPublicProgram(slug, { silent: true }));
  return null;
}
