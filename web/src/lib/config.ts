/** Public configuration (municipality name, display time zone), loaded once at start-up. */
import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { apiRequest } from './api-client';
import { DEFAULT_MUNICIPIO, DEFAULT_TIME_ZONE } from './constants';

export interface PublicConfig {
  municipio: string;
  tz_display: string;
  allow_registration: boolean;
  /** Optional contact shown in the public footer (when the server configures it). */
  contact_email?: string | null;
  contact_phone?: string | null;
}

export const configState = proxy<PublicConfig & { loaded: boolean }>({
  municipio: DEFAULT_MUNICIPIO,
  tz_display: DEFAULT_TIME_ZONE,
  allow_registration: false,
  contact_email: null,
  contact_phone: null,
  loaded: false,
});

/** GET /api/public/config */
function getPublicConfig(): Promise<PublicConfig> {
  return apiRequest<PublicConfig>('/api/public/config', { auth: 'none' });
}

let loading: Promise<void> | null = null;

export function loadPublicConfig(): Promise<void> {
  loading ??= getPublicConfig()
    .then((config) => {
      if (typeof config.municipio === 'string' && config.municipio) configState.municipio = config.municipio;
      if (typeof config.tz_display === 'string' && config.tz_display) configState.tz_display = config.tz_display;
      configState.allow_registration = config.allow_registration === true;
      if (typeof config.contact_email === 'string' && config.contact_email) configState.contact_email = config.contact_email;
      if (typeof config.contact_phone === 'string' && config.contact_phone) configState.contact_phone = config.contact_phone;
      configState.loaded = true;
    })
    .catch(() => {
      // Keep the defaults; the app works without this call.
    });
  return loading;
}

export function governmentName(municipio: string): string {
  return `Gobierno de ${municipio}`;
}

/** Sets the document title with the government suffix: "Panel Principal | Gobierno de Monterrey". */
export function useDocumentTitle(title: string): void {
  const { municipio } = useSnapshot(configState);
  useEffect(() => {
    document.title = `${title} | ${governmentName(municipio)}`;
  }, [title, municipio]);
}
