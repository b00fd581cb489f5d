import { Outlet } from 'react-router-dom';

/** The id of the page's main content, the target of the skip link. */
const MAIN_ID = 'contenido';

/** The first stop of the keyboard: 'Saltar al contenido', past the header to the page's main content. */
export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      Saltar al contenido
    </a>
  );
}

/** The page's main content (the route's screen), focusable so the skip link can move the focus there. */
export function MainContent({ className }: { className: string }) {
  return (
    <main id={MAIN_ID} className={className} tabIndex={-1}>
      <Outlet />
    </main>
  );
}
