import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, Max, Min } from 'class-validator';
import { SEATING_MAP_FORMATS, type SeatingMapFormat } from '@shared/contracts/seating.contract';
import { MAX_INT32 } from '@core/constants';

/** Most people one mass assignment places (a whole 20,000-seat space at once). */
export const MAX_MASS_ASSIGN = 20_000;

export class AssignSeatDto {
  @IsNotEmpty({ message: 'Selecciona una persona.' })
  @IsInt({ message: 'La persona seleccionada no es válida.' })
  @Min(1, { message: 'La persona seleccionada no es válida.' })
  @Max(MAX_INT32, { message: 'La persona seleccionada no es válida.' })
  persona_id: number;

  @IsNotEmpty({ message: 'Selecciona un asiento registrado.' })
  @IsInt({ message: 'El asiento seleccionado no es válido.' })
  @Min(1, { message: 'El asiento seleccionado no es válido.' })
  @Max(MAX_INT32, { message: 'El asiento seleccionado no es válido.' })
  asiento_id: number;
}

export class MassAssignSeatsDto {
  @IsArray({ message: 'Selecciona al menos una persona.' })
  @ArrayMinSize(1, { message: 'Selecciona al menos una persona.' })
  @ArrayMaxSize(MAX_MASS_ASSIGN, { message: `No se pueden asignar más de ${MAX_MASS_ASSIGN.toLocaleString('es-MX')} personas a la vez.` })
  @IsInt({ each: true, message: 'Las personas seleccionadas no son válidas.' })
  @Min(1, { each: true, message: 'Las personas seleccionadas no son válidas.' })
  @Max(MAX_INT32, { each: true, message: 'Las personas seleccionadas no son válidas.' })
  persona_ids: number[];

  @IsNotEmpty({ message: 'Por favor selecciona una sección' })
  @IsInt({ message: 'Por favor selecciona una sección' })
  @Min(1, { message: 'Por favor selecciona una sección' })
  @Max(MAX_INT32, { message: 'Por favor selecciona una sección' })
  seccion_id: number;
}

/** GET …/seating-map?formato=: `completo` (the spec's form, the default) or `compacto` (the seating screen's). */
export class SeatingMapQueryDto {
  @IsOptional()
  @IsIn(SEATING_MAP_FORMATS, { message: 'El formato del mapa no es válido: usa completo o compacto.' })
  formato?: SeatingMapFormat;
}
