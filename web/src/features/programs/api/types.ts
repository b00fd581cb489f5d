import type { ProgramaStatus, ProgramaTipo } from '@shared/contracts/programs.contract';

/** The program form as sent (spec 3 §7): POST and the full PUT. */
export interface ProgramaPayload {
  nombre: string;
  descripcion: string;
  tipo: ProgramaTipo;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  ubicacion: string | null;
  max_participantes: number | null;
  status: ProgramaStatus;
  requisitos: string[];
  beneficios: string[];
}
