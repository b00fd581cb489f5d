/** Spec 3 §2.1: only with more than one page — previous, next and 'Mostrando página X de Y'. */
export function PersonasPagination({
  page,
  lastPage,
  disabled,
  onPage,
}: {
  page: number;
  lastPage: number;
  disabled: boolean;
  onPage: (page: number) => void;
}) {
  if (lastPage <= 1) return null;
  return (
    <nav className="pagination" aria-label="Paginación" data-testid="personas-pagination">
      <button
        type="button"
        className="btn btn--sm btn--secondary"
        onClick={() => onPage(page - 1)}
        disabled={disabled || page <= 1}
        data-testid="personas-prev"
      >
        Anterior
      </button>
      <span className="pagination__status" aria-live="polite" data-testid="personas-page-status">
        Mostrando página {page} de {lastPage}
      </span>
      <button
        type="button"
        className="btn btn--sm btn--secondary"
        onClick={() => onPage(page + 1)}
        disabled={disabled || page >= lastPage}
        data-testid="personas-next"
      >
        Siguiente
      </button>
    </nav>
  );
}
