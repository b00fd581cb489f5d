import {
  PERSONAL_DATA_SOURCE_LABELS,
  PERSONAL_DATA_SOURCES,
  personalFieldLabel,
  type PersonalDataExport,
} from '@shared/contracts/privacy.contract';

const escape = (v: string) => v.replace(/[&<>"'`=]/g, (c) => `&#${c.charCodeAt(0)};`);

const label = personalFieldLabel;

/**
 * The access export as a page a person can read and print: one section per area, one table per
 * record, every value escaped; no script, no outside resource (the answer also carries a strict CSP).
 */
export function exportHtml(data: PersonalDataExport, when: string): string {
  const sections = PERSONAL_DATA_SOURCES.map((source) => {
    const records = data.registros.filter((r) => r.fuente === source);
    const body = records.length
      ? records
          .map(
            (r) =>
              `<table><caption>${escape(r.referencia ?? PERSONAL_DATA_SOURCE_LABELS[source])} · registro ${r.id}</caption><tbody>` +
              Object.entries(r.campos)
                .map(([k, v]) => `<tr><th scope="row">${escape(label(k))}</th><td>${v === null || v === '' ? '—' : escape(v)}</td></tr>`)
                .join('') +
              `<tr><th scope="row">Fecha del registro</th><td>${escape(r.created_at)}</td></tr></tbody></table>`,
          )
          .join('')
      : '<p>Sin datos.</p>';
    return `<section><h2>${escape(PERSONAL_DATA_SOURCE_LABELS[source])} (${records.length})</h2>${body}</section>`;
  }).join('');
  return (
    `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Mis datos personales</title><style>body{font-family:Arial,Helvetica,sans-serif;color:#1f2933;max-width:960px;margin:0 auto;padding:16px;line-height:1.5}` +
    `table{border-collapse:collapse;width:100%;margin:0 0 16px}caption{text-align:left;font-weight:bold;padding:4px 0}` +
    `th,td{border:1px solid #cbd2d9;padding:6px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}th{background:#f0f4f8;width:35%}</style></head>` +
    `<body><h1>Mis datos personales</h1>` +
    `<p>Datos asociados a <strong>${escape(data.email)}</strong> que tiene ${escape(data.responsable)}, generados el ${escape(when)} ` +
    `en respuesta a tu solicitud de acceso (Ley General de Protección de Datos Personales en Posesión de Sujetos Obligados, art. 44).</p>` +
    `${sections}</body></html>`
  );
}
