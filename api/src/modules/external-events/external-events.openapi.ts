import { EXTERNAL_EVENT_STATUSES, REGISTRATION_STATUSES, TIPOS_PARTICIPANTE } from '@shared/contracts/external-events.contract';
import { WAITLIST_CONFIRMED, WAITLIST_JOIN_SENT } from '@shared/contracts/waitlist.contract';
import { S, schemas } from '@core/http/openapi-answers';
import { WAITLIST_LINE_SCHEMA } from '@core/waitlist/waitlist.openapi';

const publicFields = {
  id: S.int(1),
  title: S.text('Feria del Empleo Monterrey 2026'),
  description: S.text('Encuentro de empresas regiomontanas con buscadores de empleo.'),
  event_date: S.date('Inicio del evento.'),
  end_date: S.nullable(S.date('Fin del evento.')),
  location: S.text('Parque Fundidora, Monterrey'),
  max_attendees: S.int(50, 'Cupo.'),
  current_attendees: S.int(12, 'Registros que ocupan lugar.'),
  status: S.oneOf(EXTERNAL_EVENT_STATUSES),
  image_url: S.nullable(S.text('/api/images/3f2b8c1e-5d4a-4e6b-9c7d-2a1b0c9d8e7f.png')),
  slug: S.text('feria-del-empleo-monterrey-2026'),
  is_featured: S.bool(false),
  requirements: S.list(S.text('Identificación oficial')),
  agenda: S.list(S.text('10:00 Bienvenida')),
  held_places: S.int(0, 'Lugares apartados para ofertas de la lista de espera (no están libres).'),
  waitlist_count: S.int(0, 'Personas en la lista de espera (solo el número).'),
};

const linkEvent = S.object(
  {
    titulo: S.text('Feria del Empleo Monterrey 2026'),
    slug: S.text('feria-del-empleo-monterrey-2026'),
    event_date: S.date('Inicio del evento.'),
    end_date: S.nullable(S.date('Fin del evento.')),
    location: S.text('Parque Fundidora, Monterrey'),
  },
  'El evento, sin datos personales.',
);

export const ExternalEventSchemas = schemas({
  EventoExterno: S.object(
    {
      ...publicFields,
      aforo_maximo: S.nullable(
        S.int(3000, 'Aforo máximo del recinto (límite de seguridad de la puerta, no el cupo de registro); null: sin límite.'),
      ),
      created_at: S.date(),
      updated_at: S.date(),
    },
    'Vista del personal.',
  ),
  EventoExternoPublico: S.object(publicFields, 'Vista pública (sin campos del personal).'),
  RegistroExterno: S.object({
    id: S.int(7),
    ...S.person('JOSÉ ÁNGEL', 'GARZA', 'PEÑA', '1990-05-17'),
    phone: S.erasable('8112345678'),
    email: S.text('JOSE.GARZA@CORREO.MX'),
    curp: S.nullable(S.text('GAPJ900517HNLRXS09')),
    empresa: S.nullable(S.text('CERVECERÍA DEL NORTE')),
    tipo_participante: S.oneOf(TIPOS_PARTICIPANTE),
    status: S.oneOf(REGISTRATION_STATUSES),
    codigo: S.text('K7RC4MWA', 'Código de acceso para la puerta (único en el evento; solo personal).'),
    created_at: S.date(),
    updated_at: S.date(),
  }),
  EntradaListaEspera: S.object({
    id: S.int(3),
    event_id: S.int(1),
    ...S.person('LUCÍA', 'TREVIÑO', 'SALINAS', '1994-02-11'),
    phone: S.erasable('8187654321'),
    email: S.text('LUCIA.TREVINO@CORREO.MX'),
    empresa: S.nullable(S.text('PANADERÍA LA ESPIGA')),
    tipo_participante: S.oneOf(TIPOS_PARTICIPANTE),
    ...WAITLIST_LINE_SCHEMA,
  }),
});

const E = ExternalEventSchemas;
export const ExternalEventAnswers = {
  list: S.object({ events: S.list(E.EventoExterno) }),
  saved: (message: string) => S.object({ event: E.EventoExterno, message: S.message(message) }),
  deleted: (message: string) => S.object({ message: S.message(message) }),
  image: S.object({ image_url: S.text('/api/images/3f2b8c1e-5d4a-4e6b-9c7d-2a1b0c9d8e7f.png'), event: E.EventoExterno }),
  featured: S.object({ is_featured: S.bool(true), event: E.EventoExterno }),
  registrations: S.object({ event: E.EventoExterno, registrations: S.list(E.RegistroExterno) }),
  attendance: (message: string) => S.object({ registration: E.RegistroExterno, message: S.message(message) }),
  publicList: S.object({ events: S.list(E.EventoExternoPublico) }),
  featuredEvent: S.object({
    featured_event: S.nullable(
      S.object({
        title: S.text('Feria del Empleo Monterrey 2026'),
        slug: S.text('feria-del-empleo-monterrey-2026'),
        image_url: S.nullable(S.text('/api/images/3f2b8c1e-5d4a-4e6b-9c7d-2a1b0c9d8e7f.png')),
        event_date: S.date(),
        location: S.text('Parque Fundidora, Monterrey'),
      }),
    ),
  }),
  publicPage: S.object({
    event: E.EventoExternoPublico,
    is_preview: S.bool(false, 'Borrador visto por el personal.'),
    is_completed: S.bool(false),
    is_cancelled: S.bool(false),
  }),
  waitlist: S.object({ entries: S.list(E.EntradaListaEspera, 'En espera y con oferta, en orden de la lista.') }),
  waitlistJoined: S.object({ message: S.message(WAITLIST_JOIN_SENT) }),
  confirmView: S.object({
    nombre: S.text('LUCÍA', 'Solo el nombre de pila de quien pidió unirse.'),
    evento: linkEvent,
    confirmar_hasta: S.date('Hasta cuándo se puede confirmar.'),
    confirmada: S.bool(false, 'Si ya se confirmó (la página muestra el resultado).'),
  }),
  confirmed: S.object({ message: S.message(WAITLIST_CONFIRMED) }),
  cancelView: S.object({ nombre: S.text('MARÍA', 'Solo el nombre de pila de quien se registró.'), evento: linkEvent }),
  cancelled: S.object({ message: S.message('Tu registro fue cancelado') }),
  offerView: S.object({
    nombre: S.text('LUCÍA', 'Solo el nombre de pila de quien está en la lista.'),
    evento: linkEvent,
    oferta_hasta: S.date('Hasta cuándo se le aparta el lugar.'),
  }),
  registered: S.object({
    message: S.message('¡Registro Exitoso!'),
    registration: S.object({ id: S.int(7), status: S.oneOf(REGISTRATION_STATUSES) }),
  }),
};
