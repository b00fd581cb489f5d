import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PRIVACY_NOTICE_LIMITS } from '@shared/contracts/privacy-notice.contract';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/privacidad/avisos: the text of the new version (plain text; blank lines separate paragraphs). */
export class PublishNoticeDto {
  @Transform(trim)
  @IsNotEmpty({ message: 'El texto del aviso es obligatorio.' })
  @IsString({ message: 'El texto del aviso debe ser texto.' })
  @MaxLength(PRIVACY_NOTICE_LIMITS.texto, {
    message: `El texto del aviso no debe tener más de ${PRIVACY_NOTICE_LIMITS.texto.toLocaleString('es-MX')} caracteres.`,
  })
  texto: string;
}
