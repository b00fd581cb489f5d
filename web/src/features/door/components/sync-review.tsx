import { formatTime } from '../../../lib/format';
import { RESULT_LOOK } from '../door-results';
import type { ReviewItem } from '../stores/door-store';
import { Button } from '../../../components/ui/button';

/**
 * After sending the queue: the scans whose server verdict was not what this device had answered — above all a
 * conflict (the same code let in at another gate while offline), for a supervisor to look at.
 */
export function SyncReview({ items, onDismiss }: { items: readonly ReviewItem[]; onDismiss: () => void }) {
  if (items.length === 0) return null;
  return (
    <section className="card door-review" role="alert" aria-labelledby="door-review-title" data-testid="door-review">
      <h2 className="door-review__title" id="door-review-title">
        Revisar: {items.length} escaneo{items.length === 1 ? '' : 's'} sin conexión con otra respuesta del servidor
      </h2>
      <ul className="door-review__list">
        {items.map((item) => (
          <li
            key={item.scan_id}
            className={`door-review__item door-review__item--${RESULT_LOOK[item.result].tone}`}
            data-testid="door-review-item"
          >
            {item.message.toLowerCase().startsWith(RESULT_LOOK[item.result].title.toLowerCase()) ? (
              item.message
            ) : (
              <>
                <strong>{RESULT_LOOK[item.result].title}</strong> · {item.message}
              </>
            )}
            <span className="door-review__meta">
              {' '}
              (código {item.code}, {item.gate}, {formatTime(item.scanned_at)})
            </span>
          </li>
        ))}
      </ul>
      <Button size="sm" onClick={onDismiss}>
        Entendido
      </Button>
    </section>
  );
}
