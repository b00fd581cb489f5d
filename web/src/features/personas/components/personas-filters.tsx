import { useEffect, useRef, useState } from 'react';
import type { CatalogueItem, CompletenessLevel } from '@shared/contracts/personas.contract';
import { SearchIcon } from '../../../components/ui/icons';
import { PERSONAS_SEARCH_DEBOUNCE_MS } from '../../../lib/constants';
import { COMPLETENESS_OPTIONS } from '../persona-labels';
import type { PersonasFilters as Filters } from '../stores/personas-store';

/**
 * Search (debounced 500 ms, spec 3 §9) and the completeness, sector and empresa selects. Each change
 * goes back to page 1.
 */
export function PersonasFilters({
  filters,
  sectores,
  empresas,
  onChange,
  onClear,
}: {
  filters: Filters;
  sectores: readonly CatalogueItem[];
  empresas: readonly CatalogueItem[];
  onChange: <K extends keyof Filters>(key: K, value: Filters[K]) => void;
  onClear: () => void;
}) {
  const [search, setSearch] = useState(filters.search);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const handleSearch = (value: string) => {
    setSearch(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onChange('search', value.trim()), PERSONAS_SEARCH_DEBOUNCE_MS);
  };

  const active = Boolean(search.trim() || filters.completeness_level || filters.sector_id || filters.empresa_id);

  return (
    <div className="personas-filters" role="search" data-testid="personas-filters">
      <label className="search personas-filters__search">
        <span className="visually-hidden">Buscar personas</span>
        <SearchIcon size={17} />
        <input
          className="input search__input"
          type="search"
          value={search}
          onChange={(e) => handleSearch(e.target.value)}
          placeholder="Buscar por nombre, correo o teléfono..."
          data-testid="personas-search"
        />
      </label>
      <label className="personas-filters__field">
        <span className="visually-hidden">Estado de completitud</span>
        <select
          className="input select"
          value={filters.completeness_level}
          onChange={(e) => onChange('completeness_level', e.target.value as CompletenessLevel | '')}
          data-testid="personas-filter-completeness"
        >
          <option value="">Todos los estados</option>
          {COMPLETENESS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="personas-filters__field">
        <span className="visually-hidden">Sector</span>
        <select
          className="input select"
          value={filters.sector_id}
          onChange={(e) => onChange('sector_id', e.target.value)}
          data-testid="personas-filter-sector"
        >
          <option value="">Todos los sectores</option>
          {sectores.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.nombre}
            </option>
          ))}
        </select>
      </label>
      <label className="personas-filters__field">
        <span className="visually-hidden">Empresa / Institución</span>
        <select
          className="input select"
          value={filters.empresa_id}
          onChange={(e) => onChange('empresa_id', e.target.value)}
          data-testid="personas-filter-empresa"
        >
          <option value="">Todas las empresas</option>
          {empresas.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.nombre}
            </option>
          ))}
        </select>
      </label>
      {active ? (
        <button
          type="button"
          className="btn btn--sm btn--ghost personas-filters__clear"
          onClick={() => {
            window.clearTimeout(timer.current);
            setSearch('');
            onClear();
          }}
          data-testid="personas-clear-filters"
        >
          Limpiar filtros
        </button>
      ) : null}
    </div>
  );
}
