import { Column } from 'typeorm';
import type { ConsentColumns } from '@core/entities/base-columns';

// A mixin's base must be a constructor taking any arguments (TypeScript's rule for mixins).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ConsentBase = abstract new (...args: any[]) => ConsentColumns;

/**
 * A person of an external event as its public form takes them (NewRegistration, registrantFields), after the names
 * and consent of `Base`: the event, the birth date, phone, e-mail, company and participant type. The same columns in
 * a registration (on ConsentColumns) and a waitlist entry (on WaitlistEntryColumns), so both entities extend this.
 */
export function ExternalRegistrantColumns<B extends ConsentBase>(Base: B) {
  abstract class ExternalRegistrant extends Base {
    @Column({ name: 'event_id', type: 'integer' })
    eventId: number;

    /** YYYY-MM-DD; null once anonymised (retention, baseline migration). */
    @Column({ name: 'fecha_nacimiento', type: 'date', nullable: true })
    fechaNacimiento: string | null;

    @Column({ type: 'text', nullable: true })
    phone: string | null;

    @Column({ type: 'text' })
    email: string;

    @Column({ type: 'text', nullable: true })
    empresa: string | null;

    @Column({ name: 'tipo_participante', type: 'text' })
    tipoParticipante: string;
  }
  return ExternalRegistrant;
}
