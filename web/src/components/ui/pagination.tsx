import type { ReactNode } from 'react';
import './pagination.css';
import { Button } from './button';

/** Up to `size` page numbers around the current one. */
export function pageWindow(page: number, lastPage: number, size: number): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), lastPage - size + 1));
  const end = Math.min(lastPage, start + size - 1);
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i);
}

/**
 * A list's pages, the same on every screen: Anterior, where the list stands (read out when it changes),
 * the page numbers when asked for, Siguiente. Nothing with a single page — unless `keepStatus`, then the
 * status alone ('Mostrando 1 a 3 de 3 resultados'). `testId` names the parts: `${testId}-pagination`,
 * `-prev`, `-page-status`, `-next`.
 */
export function Pagination({
  page,
  lastPage,
  onPage,
  status,
  disabled = false,
  label = 'Paginación',
  pageNumbers,
  keepStatus = false,
  testId,
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  status: ReactNode;
  /** While the next page loads. */
  disabled?: boolean;
  label?: string;
  /** With it, up to this many page numbers around the current one. */
  pageNumbers?: number;
  keepStatus?: boolean;
  testId?: string;
}) {
  const id = (part: string) => (testId ? `${testId}-${part}` : undefined);
  const statusLine = (
    <span className="pagination__status" aria-live="polite" data-testid={id('page-status')}>
      {status}
    </span>
  );
  if (lastPage <= 1) {
    return keepStatus ? (
      <div className="pagination" data-testid={id('pagination')}>
        {statusLine}
      </div>
    ) : null;
  }
  return (
    <nav className="pagination" aria-label={label} data-testid={id('pagination')}>
      <Button size="sm" onClick={() => onPage(page - 1)} disabled={disabled || page <= 1} data-testid={id('prev')}>
        Anterior
      </Button>
      {statusLine}
      {pageNumbers ? (
        <span className="pagination__pages">
          {pageWindow(page, lastPage, pageNumbers).map((p) => (
            <button
              key={p}
              type="button"
              className={`btn btn--sm ${p === page ? 'btn--primary' : 'btn--ghost'}`}
              aria-current={p === page ? 'page' : undefined}
              disabled={disabled}
              onClick={() => onPage(p)}
            >
              {p}
            </button>
          ))}
        </span>
      ) : null}
      <Button size="sm" onClick={() => onPage(page + 1)} disabled={disabled || page >= lastPage} data-testid={id('next')}>
        Siguiente
      </Button>
    </nav>
  );
}
