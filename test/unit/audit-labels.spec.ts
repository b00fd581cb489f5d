import { AUDIT_ACTIONS, DOMAIN_EVENT_AUDIT } from '../../api/src/shared/events/domain-events';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS, auditResourceLabel } from '../../web/src/features/dashboard/audit-labels';

/** The dashboard's recent activity (spec 1 §2.4 d) shows every audit entry's action and resource type in Spanish. */
describe("dashboard's audit labels", () => {
  const recorded = [...new Set(Object.values(DOMAIN_EVENT_AUDIT).map((a) => a.resourceType))].filter((t): t is string => t !== null);

  it('label every resource type the server records, and no other', () => {
    expect(recorded.filter((t) => !(t in AUDIT_RESOURCE_LABELS))).toEqual([]);
    expect(Object.keys(AUDIT_RESOURCE_LABELS).filter((t) => !recorded.includes(t))).toEqual([]);
  });

  it('label every audit action, and no other', () => {
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it("show 'sistema' for an entry without a resource", () => {
    expect(auditResourceLabel(null)).toBe('sistema');
    expect(auditResourceLabel('espacio')).toBe('espacio');
    expect(auditResourceLabel('programa_registro')).toBe('registro a programa');
  });
});
