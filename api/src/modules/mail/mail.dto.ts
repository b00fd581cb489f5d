import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAIL_REF_TYPES, MAIL_STATUSES, type MailRefType, type MailStatus } from '@shared/contracts/mail.contract';
import { ChoiceFilter, PageNumber } from '@core/http/list-query';
import { QueryInt } from '@core/http/query-int.decorator';

/** GET /api/correos: filters ('por evento' is ref_type + ref_id) and the page. */
export class CorreosQueryDto {
  @ChoiceFilter(MAIL_STATUSES, 'El estado no es válido.', 'Solo los mensajes en este estado.')
  status?: MailStatus;

  @ChoiceFilter(MAIL_REF_TYPES, 'El tipo de referencia no es válido.', 'Solo los mensajes sobre esta clase de registro.')
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
