import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAIL_REF_TYPES, MAIL_STATUSES, type MailRefType, type MailStatus } from '@shared/contracts/mail.contract';
import { PageNumber } from '@core/http/dto-fields';
import { QueryInt } from '@core/http/query-int.decorator';

const emptyIsAll = ({ value }: { value: unknown }) => (value === '' || value === 'todos' ? undefined : value);

/** GET /api/correos: filters ('por evento' is ref_type + ref_id) and the page. */
export class CorreosQueryDto {
  @ApiPropertyOptional({ enum: MAIL_STATUSES, description: 'Solo los mensajes en este estado.' })
  @IsOptional()
  @Transform(emptyIsAll)
  @IsIn(MAIL_STATUSES, { message: 'El estado no es válido.' })
  status?: MailStatus;

  @ApiPropertyOptional({ enum: MAIL_REF_TYPES, description: 'Solo los mensajes sobre esta clase de registro.' })
  @IsOptional()
  @Transform(emptyIsAll)
  @IsIn(MAIL_REF_TYPES, { message: 'El tipo de referencia no es válido.' })
  ref_type?: MailRefType;

  @ApiPropertyOptional({ type: Number, description: 'Con ref_type: solo los mensajes sobre este evento o programa.' })
  @IsOptional()
  @QueryInt()
  @IsInt({ message: 'El evento no es válido.' })
  @Min(1, { message: 'El evento no es válido.' })
  @Max(2147483647, { message: 'El evento no es válido.' })
  ref_id?: number;

  @PageNumber()
  page?: number;
}
