import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
  type ValidationArguments,
} from 'class-validator';
import { RequiredText, TextOf, trim } from '@core/http/dto-fields';
import { ChoiceFilter, PageNumber } from '@core/http/list-query';
import {
  DELIVERY_STATUSES,
  WEBHOOK_EVENT_NAMES,
  WEBHOOK_LIMITS,
  WEBHOOK_SETTABLE_STATUSES,
  type DeliveryStatus,
  type WebhookEvent,
  type WebhookInput,
} from '@shared/contracts/webhooks.contract';
import { WebhookTargets } from './webhook-target';

/** The URL's form (the address is checked by the service: it needs a lookup). */
@ValidatorConstraint({ name: 'webhookUrl' })
class WebhookUrlForm implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && WebhookTargets.formProblem(value) === null;
  }
  defaultMessage(args: ValidationArguments): string {
    return typeof args.value === 'string' ? (WebhookTargets.formProblem(args.value) ?? 'La URL no es válida.') : 'La URL debe ser texto.';
  }
}

const dedupe = ({ value }: { value: unknown }) => (Array.isArray(value) ? [...new Set(value)] : value);

/** POST /api/webhooks: an endpoint. */
export class WebhookDto implements WebhookInput {
  @ApiProperty({ example: 'https://comunicacion.monterrey.gob.mx/aforo/webhook', description: 'https y una dirección pública.' })
  @RequiredText('La URL', WEBHOOK_LIMITS.url, trim, Validate(WebhookUrlForm))
  url: string;

  @ApiPropertyOptional({ example: 'Sitio de Comunicación Social', nullable: true })
  @IsOptional()
  @Transform(trim)
  @TextOf('La descripción', WEBHOOK_LIMITS.descripcion)
  descripcion?: string | null;

  @ApiProperty({ enum: WEBHOOK_EVENT_NAMES, isArray: true, example: ['registro.creado', 'registro.cancelado'] })
  @Transform(dedupe)
  @IsArray({ message: 'Elige al menos un evento.' })
  @ArrayMinSize(1, { message: 'Elige al menos un evento.' })
  @ArrayMaxSize(WEBHOOK_LIMITS.eventos, { message: 'Hay eventos repetidos o de más.' })
  @IsIn(WEBHOOK_EVENT_NAMES, { each: true, message: 'Uno de los eventos no existe.' })
  eventos: WebhookEvent[];

  @ApiPropertyOptional({ enum: WEBHOOK_SETTABLE_STATUSES, default: 'activo' })
  @IsOptional()
  @IsIn(WEBHOOK_SETTABLE_STATUSES, { message: 'El estado debe ser activo o pausado.' })
  estado?: (typeof WEBHOOK_SETTABLE_STATUSES)[number];
}

/** PUT /api/webhooks/{id}: the whole endpoint again, and optionally a new secret. */
export class WebhookUpdateDto extends WebhookDto {
  @ApiPropertyOptional({ description: 'Un secreto nuevo; el anterior sigue firmando 24 horas (dos v1=).' })
  @IsOptional()
  @IsBoolean({ message: 'rotar_secreto debe ser verdadero o falso.' })
  rotar_secreto?: boolean;
}

/** GET /api/webhooks/{id}/entregas. */
export class DeliveriesQueryDto {
  @ChoiceFilter(DELIVERY_STATUSES, 'El estado no es válido.', 'Solo las entregas en este estado.', 'todas')
  estado?: DeliveryStatus;

  @PageNumber()
  page?: number;
}
