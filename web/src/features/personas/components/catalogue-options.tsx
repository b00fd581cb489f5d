import type { CatalogueItem } from '@shared/contracts/personas.contract';

/** A catalogue's values as a select's options (value: the id), after the empty choice. */
export function CatalogueOptions({ items, placeholder }: { items: readonly CatalogueItem[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {items.map((item) => (
        <option key={item.id} value={String(item.id)}>
          {item.nombre}
        </option>
      ))}
    </>
  );
}
