import {
  GIROS_SECTOR,
  PROGRAM_REGISTRATION_STATUSES,
  PROGRAMA_STATUSES,
  PROGRAMA_TIPOS,
  SI_NO,
  TIEMPOS_OPERANDO,
} from '@shared/contracts/programs.contract';
import { WAITLIST_CONFIRMED, WAITLIST_JOIN_SENT } from '@shared/contracts/waitlist.contract';
import { S, schemas } from '@core/http/openapi-answers';
import { WAITLIST_LINE_SCHEMA } from '@core/waitlist/waitlist.openapi';

const programFields = {
  id: S.int(1),
  slug: S.text('impulso-a-mujeres-emprendedoras'),
  nombre: S.text('IMPULSO A MUJERES EMPRENDEDORAS'),
  descripcion: S.text('Asesoría y capital semilla para negocios locales.'),
  tipo: S.oneOf(PROGRAMA_TIPOS),
  fecha_inicio: S.nullable(S.date('Solo para fecha_especifica.')),
  fecha_fin: S.nullable(S.date('Solo para fecha_especifica.')),
  ubicacion: S.nullable(S.text('PALACIO MUNICIPAL')),
  max_participantes: S.nullable(S.int(40, 'Vacío: sin límite.')),
  status: S.oneOf(PROGRAMA_STATUSES),
  requisitos: S.list(S.text('INE VIGENTE')),
  beneficios: S.list(S.text('ASESORÍA GRATUITA')),
  es_destacado: S.bool(false),
  participantes_actuales: S.int(12, 'Registros pendientes o confirmados (ocupan lugar).'),
  held_places: S.int(0, 'Lugares apartados para la lista de espera (ofertas sin aceptar): no están libres.'),
  waitlist_count: S.int(0, 'Personas en la lista de espera (solo el número).'),
  imagen_url: S.nullable(S.text()),
};

export const ProgramSchemas = schemas({
  Programa: S.object({ ...programFields, created_at: S.date(), updated_at: S.date() }, 'Vista del personal.'),
  ProgramaPublico: S.object(
    { ...programFields, lugares_disponibles: S.nullable(S.int(28, 'Vacío: sin límite.')) },
    'Vista pública (sin campos del personal ni datos de nadie).',
  ),
  RegistroPrograma: S.object({
    id: S.int(7),
    programa_id: S.int(1),
    ...S.person('Rosa María', 'Villarreal', 'Garza', '1992-04-09'),
    celular: S.erasable('8112345678'),
    correo_electronico: S.text('ROSA.VILLARREAL@CORREO.MX'),
    calle: S.erasable('Av. Juárez'),
    numero: S.erasable('150'),
    colonia: S.erasable('Centro'),
    municipio: S.text('Monterrey'),
    tiene_emprendimiento: S.oneOf(SI_NO),
    nombre_emprendimiento: S.nullable(S.text('Tamales Doña Rosa')),
    giro_sector: S.nullable(S.oneOf(GIROS_SECTOR)),
    giro_sector_otro: S.nullable(S.text()),
    tiempo_operando: S.nullable(S.oneOf(TIEMPOS_OPERANDO)),
    tiene_redes_sociales: S.nullable(S.oneOf(SI_NO)),
    redes_sociales_enlace: S.nullable(S.text('https://facebook.com/tamalesdonarosa')),
    negocio_formalizado: S.nullable(S.oneOf(SI_NO)),
    rfc: S.nullable(S.text('VIGR920409AB1')),
    status: S.oneOf(PROGRAM_REGISTRATION_STATUSES),
    notas: S.nullable(S.text()),
    created_at: S.date(),
    updated_at: S.date(),
  }),
  EntradaListaEsperaPrograma: S.object(
    {
      id: S.int(3),
      programa_id: S.int(1),
      nombre: S.text('LUCÍA'),
      apellido_paterno: S.text('TREVIÑO'),
      apellido_materno: S.text('SALINAS'),
      correo_electronico: S.text('LUCIA.TREVINO@CORREO.MX'),
      celular: S.erasable('8187654321'),
      ...WAITLIST_LINE_SCHEMA,
    },
    'Una persona en la lista de espera de un programa (solo el personal).',
  ),
});

const P = ProgramSchemas;
/** What a link page shows of a program: nothing personal. */
const { nombre, slug, tipo, fecha_inicio, fecha_fin, ubicacion } = programFields;
const linkProgram = S.object({ nombre, slug, tipo, fecha_inicio, fecha_fin, ubicacion });

export const ProgramAnswers = {
  list: S.object({ programas: S.list(P.Programa) }),
  saved: (message: string) => S.object({ programa: P.Programa, message: S.message(message) }),
  deleted: S.object({ message: S.message('Programa eliminado exitosamente') }),
  registrations: S.object({ programa: P.Programa, registrations: S.list(P.RegistroPrograma) }),
  status: S.object({ registration: P.RegistroPrograma, message: S.message('El registro ha sido marcado como confirmado') }),
  publicPage: S.object({ programa: P.ProgramaPublico }),
  checkEmail: S.object({ exists: S.bool(false, 'Si el correo ya tiene un registro en este programa.') }),
  waitlist: S.object({ entries: S.list(P.EntradaListaEsperaPrograma, 'En espera y con oferta, en orden de la lista.') }),
  waitlistRemoved: S.object({ message: S.message('Quitado de la lista de espera') }),
  waitlistJoined: S.object({ message: S.message(WAITLIST_JOIN_SENT) }),
  confirmView: S.object({
    nombre: S.text('LUCÍA', 'Solo el nombre de pila de quien pidió unirse.'),
    programa: linkProgram,
    confirmar_hasta: S.date('Hasta cuándo se puede confirmar.'),
    confirmada: S.bool(false, 'Si ya se confirmó (la página muestra el resultado).'),
  }),
  confirmed: S.object({ message: S.message(WAITLIST_CONFIRMED) }),
  offerView: S.object({
    nombre: S.text('LUCÍA', 'Solo el nombre de pila de quien está en la lista.'),
    programa: linkProgram,
    oferta_hasta: S.date('Hasta cuándo se le aparta el lugar.'),
  }),
  registered: S.object({
    message: S.message('¡Registro Exitoso!'),
    registration: S.object({ id: S.int(7), status: S.oneOf(PROGRAM_REGISTRATION_STATUSES) }),
  }),
};
