import { Actor } from '@core/access/current-user';
import type { JsonSchema } from '@core/http/openapi-answers';
import { linkTokenDoc, PublicRead, PublicWrite, Token } from '@core/http/public-routes';
import type { EventActor } from '@shared/events/domain-events';
import type { WaitlistEngine } from './waitlist-engine';

/** What a waitlist's link pages answer, in the area's words (the owner is "el evento", "el programa"…). */
export interface WaitlistLinkTexts {
  confirmView: string;
  offerView: string;
  accepted: string;
  answers: { confirmView: JsonSchema; confirmed: JsonSchema; offerView: JsonSchema; registered: JsonSchema };
  token?: ReturnType<typeof linkTokenDoc>;
}

/** What confirming a join answers, in every area. */
const CONFIRMED = 'Correo confirmado: la persona ya está en la lista de espera (por orden de confirmación).';

type WaitlistLinks = Pick<
  WaitlistEngine<never, object, { id: number; status: string }>,
  'confirmView' | 'confirm' | 'offerView' | 'accept'
>;

/**
 * The public routes of one waitlist's mailed links, below the area's controller path: confirming a join
 * (`confirmar/:token`) and taking the offered place (`aceptar/:token`). A tampered link answers 404, a used one 409
 * and one past its time 410, each with a Spanish `message`; answers carry the citizen's first name and the owner.
 * The area's controller gives its engine (`waitlist`).
 */
export function waitlistLinkRoutes(o: WaitlistLinkTexts) {
  const token = o.token ?? linkTokenDoc();

  abstract class WaitlistLinkRoutes {
    protected abstract readonly waitlist: WaitlistLinks;

    @PublicRead(
      'confirmar/:token',
      'Ver la confirmación pendiente de un lugar en la lista de espera (enlace del correo)',
      { 200: [o.confirmView, o.answers.confirmView] },
      { token },
    )
    confirmView(@Token() token: string) {
      return this.waitlist.confirmView(token);
    }

    /** Confirming twice changes nothing (200 again); an expired confirmation is 410. */
    @PublicWrite(
      'confirmar/:token',
      'Confirmar el correo de un lugar en la lista de espera (enlace del correo)',
      { 200: [CONFIRMED, o.answers.confirmed] },
      { token },
    )
    confirm(@Token() token: string, @Actor() actor: EventActor) {
      return this.waitlist.confirm(token, actor);
    }

    @PublicRead(
      'aceptar/:token',
      'Ver el lugar ofrecido desde la lista de espera (enlace del correo)',
      { 200: [o.offerView, o.answers.offerView] },
      { token },
    )
    offerView(@Token() token: string) {
      return this.waitlist.offerView(token);
    }

    @PublicWrite(
      'aceptar/:token',
      'Aceptar el lugar ofrecido desde la lista de espera (enlace del correo)',
      { 201: [o.accepted, o.answers.registered] },
      { token },
    )
    async accept(@Token() token: string, @Actor() actor: EventActor) {
      return { message: '¡Registro Exitoso!', registration: await this.waitlist.accept(token, actor) };
    }
  }
  return WaitlistLinkRoutes;
}
