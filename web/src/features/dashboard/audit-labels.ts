/** Spanish labels for the audit trail shown on the dashboard (spec 1 §2.4 d: the translated action and resource type). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  login: 'Inicio de sesión',
  logout: 'Cierre de sesión',
  create: 'Creación',
  update: 'Actualización',
  delete: 'Eliminación',
  view: 'Consulta',
  register: 'Registro',
};

/**
 * One label per resource type the server records (DOMAIN_EVENT_AUDIT in shared/events/domain-events.ts, whose
 * strings the SQL functions write too); test/unit/audit-labels.spec.ts keeps the two lists equal.
 */
export const AUDIT_RESOURCE_LABELS: Record<string, string> = {
  user: 'usuario',
  external_event: 'evento externo',
  external_registration: 'registro a evento',
  external_waitlist_entry: 'lista de espera de evento',
  persona: 'persona',
  catalogo: 'catálogo',
  importacion_personas: 'importación de personas',
  internal_event: 'evento interno',
  internal_event_attendee: 'asistente de evento interno',
  internal_event_invitation: 'envío de invitaciones',
  espacio: 'espacio',
  seat_assignment: 'asignación de asiento',
  mass_seat_assignment: 'asignación masiva de asientos',
  programa: 'programa',
  programa_registro: 'registro a programa',
  programa_lista_espera: 'lista de espera de programa',
  correo: 'correo',
  correo_supresion: 'supresión de correo',
  door_scan: 'escaneo en puerta',
  door_occupancy: 'aforo en puerta',
  aviso_privacidad: 'aviso de privacidad',
  conservacion_ejecucion: 'conservación de datos',
  solicitud_arco: 'solicitud ARCO',
  api_token: 'token de API',
  webhook: 'webhook',
  webhook_entrega: 'entrega de webhook',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** The resource type in Spanish; an entry without one concerns the system ('sistema'). */
export function auditResourceLabel(resourceType: string | null): string {
  if (!resourceType) return 'sistema';
  return AUDIT_RESOURCE_LABELS[resourceType] ?? resourceType.replace(/[_-]+/g, ' ');
}
