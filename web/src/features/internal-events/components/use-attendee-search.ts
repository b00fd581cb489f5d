import { useMemo, useState } from 'react';
import type { AsistenteResponse } from '@shared/contracts/internal-events.contract';
import { ATTENDEES_PER_PAGE } from '../../../lib/constants';
import { matchesSearch } from '../attendees';

/** The attendees the search keeps, a page of them at a time; a new search goes back to the first page. */
export function useAttendeeSearch(asistentes: readonly AsistenteResponse[]) {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const filtered = useMemo(() => asistentes.filter((a) => matchesSearch(a, search)), [asistentes, search]);
  const lastPage = Math.max(1, Math.ceil(filtered.length / ATTENDEES_PER_PAGE));
  const current = Math.min(page, lastPage);
  const setSearch = (text: string) => {
    setSearchText(text);
    setPage(1);
  };
  return {
    search,
    setSearch,
    filtered,
    page: current,
    setPage,
    pageRows: filtered.slice((current - 1) * ATTENDEES_PER_PAGE, current * ATTENDEES_PER_PAGE),
  };
}
