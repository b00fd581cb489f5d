import { useDocumentTitle } from '../../lib/config';
import { ClockIcon } from './icons';

/** Screens of later issues: a titled placeholder inside the right layout. */
export function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="coming-soon" data-testid="coming-soon">
      <div className="coming-soon__icon" aria-hidden="true">
        <ClockIcon size={26} />
      </div>
      <h1 className="coming-soon__title">{title}</h1>
      <p className="coming-soon__text">Esta sección estará disponible pronto.</p>
    </section>
  );
}
