import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsNotEmpty, IsOptional } from 'class-validator';
import { SEATING_MAP_FORMATS, type SeatingMapFormat } from '@shared/contracts/seating.contract';
import { RecordId } from '@core/http/dto-fields';

/** Most people one mass assignment places (a whole 20,000-seat space at once). */
export const MAX_MASS_ASSIGN = 20_000;

export class AssignSeatDto {
  @IsNotEmpty({ message: 'Selecciona una persona.' })
  @RecordId('La persona seleccionada no es válida.')
  persona_id: number;

  @IsNotEmpty({ message: 'Selecciona un asiento registrado.' })
  @RecordId('El asiento seleccionado no es válido.')
  asiento_id: number;
}

export class MassAssignSeatsDto {
  @IsArray({ message: 'Selecciona al menos una persona.' })
  @ArrayMinSize(1, { message: 'Selecciona al menos una persona.' })
  @ArrayMaxSize(MAX_MASS_ASSIGN, { message: `No se pueden asignar más de ${MAX_MASS_ASSIGN.toLocaleString('es-MX')} personas a la vez.` })
  @RecordId('Las personas seleccionadas no son válidas.', { each: true })
  persona_ids: number[];

  @IsNotEmpty({ message: 'Por favor selecciona una sección' })
  @RecordId('Por favor selecciona una sección')
  seccion_id: number;
}

/** GET …/seating-map?formato=: `completo` (the spec's form, the default) or `compacto` (the seating screen's). */
export class SeatingMapQueryDto {
  @IsOptional()
  @IsIn(SEATING_MAP_FORMATS, { message: 'El formato del mapa no es válido: usa completo o compacto.' })
  formato?: SeatingMapFormat;
}
