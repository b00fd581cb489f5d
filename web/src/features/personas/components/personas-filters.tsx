import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { CatalogueItem, CompletenessLevel } from '@shared/contracts/personas.contract';
import { ItemOptions, Select } from '../../../components/ui/field';
import { SearchField } from '../../../components/ui/search-field';
import { PERSONAS_SEARCH_DEBOUNCE_MS } from '../../../lib/constants';
import { COMPLETENESS_OPTIONS } from '../persona-labels';
import type { PersonasFilters as Filters } from '../stores/personas-store';
import { Button } from '../../../components/ui/button';

/** One filter: a select labelled for screen readers only. */
function FilterSelect({
  label,
  value,
  onValueChange,
  testId,
  children,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <label className="personas-filters__field">
      <span className="visually-hidden">{label}</span>
      <Select value={value} onValueChange={onValueChange} data-testid={testId}>
        {children}
      </Select>
    </label>
  );
}

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

  const filter = (key: 'sector_id' | 'empresa_id') => ({ value: filters[key], onValueChange: (v: string) => onChange(key, v) });
  const active = Boolean(search.trim() || filters.completeness_level || filters.sector_id || filters.empresa_id);

  return (
    <div className="personas-filters" role="search" data-testid="personas-filters">
      <SearchField
        label="Buscar personas"
        className="personas-filters__search"
        value={search}
        onValueChange={handleSearch}
        placeholder="Buscar por nombre, correo o teléfono..."
        data-testid="personas-search"
      />
      <FilterSelect
        label="Estado de completitud"
        value={filters.completeness_level}
        onValueChange={(v) => onChange('completeness_level', v as CompletenessLevel | '')}
        testId="personas-filter-completeness"
      >
        <option value="">Todos los estados</option>
        {COMPLETENESS_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Sector" {...filter('sector_id')} testId="personas-filter-sector">
        <ItemOptions items={sectores} placeholder="Todos los sectores" />
      </FilterSelect>
      <FilterSelect label="Empresa / Institución" {...filter('empresa_id')} testId="personas-filter-empresa">
        <ItemOptions items={empresas} placeholder="Todas las empresas" />
      </FilterSelect>
      {active ? (
        <Button
          variant="ghost"
          size="sm"
          className="personas-filters__clear"
          onClick={() => {
            window.clearTimeout(timer.current);
            setSearch('');
            onClear();
          }}
          data-testid="personas-clear-filters"
        >
          Limpiar filtros
        </Button>
      ) : null}
    </div>
  );
}
