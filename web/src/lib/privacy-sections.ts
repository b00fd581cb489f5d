import type { SectionTab } from '../components/ui/section-tabs';

/**
 * The privacidad area's screens: one entry in the main bar ('Privacidad', the ARCO queue) and these
 * links under each screen's title. Three features, one section: the list lives here so none imports another.
 */
export const PRIVACY_SECTIONS: readonly SectionTab[] = [
  { to: '/solicitudes-arco', label: 'Solicitudes ARCO', testId: 'privacy-tab-arco' },
  { to: '/privacidad/conservacion', label: 'Conservación de datos', testId: 'privacy-tab-retention' },
  { to: '/privacidad/aviso', label: 'Aviso de privacidad', testId: 'privacy-tab-notice' },
];
