import { defineSettings } from '@core/config/app-config';

export interface PrivacyNoticeSettings {
  /** PRIVACY_NOTICE: the first version of the privacy notice linked from public forms (plain text; blank lines separate paragraphs). */
  privacyNotice: string;
}

function defaultPrivacyNotice(municipio: string): string {
  return [
    `El Gobierno Municipal de ${municipio}, Nuevo León, es responsable del tratamiento de los datos personales que proporciones en este formulario, los cuales serán protegidos conforme a la Ley General de Protección de Datos Personales en Posesión de Sujetos Obligados y la normativa estatal aplicable.`,
    'Tus datos (nombre, fecha de nacimiento, teléfono, correo electrónico y empresa) se utilizarán únicamente para registrar tu participación en el evento, confirmar tu asistencia, comunicarte cambios y elaborar estadísticas sin datos que te identifiquen.',
    'No se transferirán a terceros salvo las excepciones previstas por la ley. Puedes ejercer tus derechos de acceso, rectificación, cancelación y oposición (ARCO) ante la Unidad de Transparencia del municipio.',
  ].join('\n\n');
}

export const PRIVACY_NOTICE_SETTINGS = defineSettings<PrivacyNoticeSettings>((env, core) => ({
  privacyNotice: env.PRIVACY_NOTICE?.trim() || defaultPrivacyNotice(core.municipio),
}));
