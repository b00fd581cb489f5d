import { SeatMap, type SeatMapSection } from '../../../components/seat-map';
import { formatCount, sectionSummary } from '../spaces-labels';

/**
 * 'Vista Previa' (spec 3 §2.8): the stage, the sections in their layout rows with row letters and
 * numbered seats (tooltip sectionCode-rowLetter-seatNumber), each section's totals and the capacity.
 */
export function SpacePreview({
  sections,
  layoutConfig,
  maxHeight,
}: {
  sections: readonly SeatMapSection[];
  layoutConfig: string | null;
  maxHeight?: number;
}) {
  const total = sections.reduce((n, s) => n + s.filas * s.asientos_por_fila, 0);
  return (
    <div className="space-preview" data-testid="space-preview">
      {sections.length > 0 ? (
        <SeatMap sections={sections} layoutConfig={layoutConfig} label="Vista previa de los asientos" maxHeight={maxHeight} />
      ) : (
        <p className="empty">Agrega una sección para ver la vista previa.</p>
      )}
      <ul className="space-preview__sections" aria-label="Asientos por sección">
        {sections.map((s, i) => (
          <li key={i} data-testid="preview-section-total">
            <span className="space-preview__swatch" style={{ background: s.color }} aria-hidden="true" />
            <span className="space-preview__name">
              {s.nombre || 'Sin nombre'} ({s.codigo || '—'})
            </span>
            <span>{sectionSummary(s.filas, s.asientos_por_fila)}</span>
          </li>
        ))}
      </ul>
      <p className="space-preview__capacity" data-testid="preview-capacity">
        Capacidad Total: <strong>{formatCount(total)}</strong> asientos
      </p>
    </div>
  );
}
