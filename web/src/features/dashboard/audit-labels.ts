/** Spanish labels for the audit trail shown on the dashboard (spec 1 §2.4, §3). */
const ACTION_LABELS: Record<string, string> = {
  login: 'Inicio de sesión',
  logout: 'Cierre de sesión',
  create: 'Creación',
  update: 'Actualización',
  delete: 'Eliminación',
  view: 'Consulta',
  register: 'Registro',
};

const RESOURCE_LABELS: Record<string, string> = {
  user: 'usuario',
  external_event: 'evento externo',
  external_registration: 'registro',
  registration: 'registro',
  internal_event: 'evento interno',
  person: 'persona',
  program: 'programa',
  space: 'espacio',
};

export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** The resource type in Spanish; an entry without one concerns the system ('sistema'). */
export function auditResourceLabel(resourceType: string | null): string {
  if (!resourceType) return 'sistema';
  return RESOURCE_LABELS[resourceType] ?? resourceType.replace(/[_-]+/g, ' ');
}
