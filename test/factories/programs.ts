import type { TestApp } from '../setup/test-app';
import { publicForms, staffForm } from './requests';
import { joinConfirmed } from './waitlist-join';

let n = 0;

export function programaBody(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    nombre: `Impulso Emprendedor ${n}`,
    descripcion: 'Asesoría y financiamiento para pequeños negocios del municipio.',
    tipo: 'continuo',
    ubicacion: 'Palacio Municipal, Monterrey',
    max_participantes: null,
    status: 'published',
    requisitos: ['INE vigente', 'Comprobante de domicilio'],
    beneficios: ['Asesoría gratuita'],
    ...overrides,
  };
}

export interface TestPrograma {
  id: number;
  slug: string;
  nombre: string;
  status: string;
  max_participantes: number | null;
  participantes_actuales: number;
  es_destacado: boolean;
}

/** Creating and saving a program's form (`programaBody(overrides)`) as the token's holder; `createPrograma`, the program. */
export const {
  post: postPrograma,
  put: putPrograma,
  create: createPrograma,
} = staffForm<TestPrograma>('/api/programas-servicios', programaBody, 'programa');

/** An application and a waitlist join, as anyone on the program's page sends them (no token): the answers, for the test to check. */
export const { register: registerForProgram, joinWaitlist: joinProgramWaitlist } = publicForms('/api/programas');

/** A citizen without a business. */
export function applicationBody(i: number, overrides: Record<string, unknown> = {}) {
  return {
    nombre: 'María José',
    apellido_paterno: 'Treviño',
    apellido_materno: 'Garza',
    fecha_nacimiento: '1988-11-02',
    celular: String(8120000000 + i),
    correo_electronico: `solicitante${i}@correo.mx`,
    calle: 'Av. Constitución',
    numero: '100',
    colonia: 'Centro',
    municipio: 'Monterrey',
    tiene_emprendimiento: 'no',
    ...overrides,
  };
}

/** A citizen with a formalized business with social networks. */
export function businessApplicationBody(i: number, overrides: Record<string, unknown> = {}) {
  return applicationBody(i, {
    tiene_emprendimiento: 'si',
    nombre_emprendimiento: 'Tamales Doña Mary',
    giro_sector: 'alimentos',
    tiempo_operando: 'mas_1_ano',
    tiene_redes_sociales: 'si',
    redes_sociales_enlace: 'https://facebook.com/tamalesdonamary',
    negocio_formalizado: 'si',
    rfc: 'tegm881102ab1',
    ...overrides,
  });
}

/** Joins a full program's waitlist and follows the confirm link its message carries: in line. */
export function joinProgramWaitlistConfirmed(t: TestApp, slug: string, body: { correo_electronico: string }): Promise<number> {
  return joinConfirmed(t, 'confirm-program-waitlist-join', slug, body.correo_electronico, body);
}
