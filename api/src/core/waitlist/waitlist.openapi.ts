import { S, type JsonSchema } from '@core/http/openapi-answers';
import { WAITLIST_STATUSES } from '@shared/contracts/waitlist.contract';

/** An entry's place in line as staff see it (toWaitlistLine), the same in every area's waitlist schema. */
export const WAITLIST_LINE_SCHEMA: Record<string, JsonSchema> = {
  status: S.oneOf(WAITLIST_STATUSES),
  confirmed_at: S.nullable(S.date('Cuándo confirmó su correo: el orden de la lista.')),
  offer_count: S.int(1, 'Veces que se le ofreció un lugar.'),
  offered_until: S.nullable(S.date('Con oferta: hasta cuándo se le aparta el lugar.')),
  registration_id: S.nullable(S.int(12, 'Aceptada: el registro que resultó.')),
  created_at: S.date(),
  updated_at: S.date(),
};
