// The people file both import benchmarks use: realistic Mexican names and phones, deterministic by seed.

export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GIVEN_M = `JOSÉ JUAN LUIS CARLOS JESÚS MIGUEL FRANCISCO ALEJANDRO JORGE ROBERTO FERNANDO RICARDO EDUARDO JAVIER SERGIO
  DANIEL RAÚL ANTONIO MANUEL ÁNGEL HÉCTOR ARTURO MARIO ÓSCAR RAFAEL GERARDO ALBERTO ENRIQUE DAVID PEDRO ADRIÁN RAMÓN IVÁN
  SEBASTIÁN EMILIANO SANTIAGO MATÍAS DIEGO ANDRÉS RUBÉN JOAQUÍN AGUSTÍN NICOLÁS TOMÁS CÉSAR HUGO GUSTAVO ERNESTO ARMANDO
  GILBERTO ROGELIO HUMBERTO MAURICIO ABRAHAM ISRAEL EFRAÍN JULIÁN GAEL LEONARDO RODRIGO ALFONSO GENARO CRISTIAN BENJAMÍN`.split(/\s+/);
const GIVEN_F = `MARÍA GUADALUPE ROSA ANA JOSEFINA VERÓNICA LETICIA PATRICIA ELIZABETH ALEJANDRA GABRIELA ADRIANA CLAUDIA MÓNICA
  LAURA SOFÍA XIMENA VALERIA CAMILA REGINA DANIELA FERNANDA ANDREA MARIANA LUCÍA BEATRIZ MARTHA SILVIA YOLANDA IRENE NOEMÍ
  INÉS ROCÍO BELÉN ARACELI ESPERANZA CONCEPCIÓN DOLORES CARMEN TERESA ISABEL ELENA CRISTINA LORENA KARLA PAOLA RENATA
  VICTORIA NATALIA ROMINA JIMENA ITZEL ABIGAIL MIRIAM NANCY SANDRA ESTEFANÍA FÁTIMA ANGÉLICA ALMA`.split(/\s+/);
const SURNAMES = `GARCÍA HERNÁNDEZ MARTÍNEZ LÓPEZ GONZÁLEZ RODRÍGUEZ PÉREZ SÁNCHEZ RAMÍREZ CRUZ FLORES GÓMEZ MORALES VÁZQUEZ
  JIMÉNEZ REYES DÍAZ TORRES GUTIÉRREZ RUIZ MENDOZA AGUILAR ORTIZ MORENO CASTILLO ROMERO ÁLVAREZ MÉNDEZ CHÁVEZ RIVERA JUÁREZ
  RAMOS DOMÍNGUEZ HERRERA MEDINA CASTRO VARGAS GUZMÁN VELÁZQUEZ SALAZAR ROJAS CONTRERAS LUNA ORTEGA GUERRERO CANTÚ GARZA
  TREVIÑO VILLARREAL SALINAS LEAL CAVAZOS ELIZONDO PEÑA NÚÑEZ IBÁÑEZ MUÑOZ ZÚÑIGA OLIVARES GALLEGOS ESQUIVEL MALDONADO
  SEPÚLVEDA BARRAGÁN TAMEZ QUINTANILLA ALANÍS VALDÉZ SOLÍS ZAMBRANO GALVÁN CARDONA ESPINOZA MONTEMAYOR BUSTAMANTE ARREDONDO
  VILLANUEVA ESCOBEDO BECERRA OCHOA MONTOYA CORONADO ARELLANO YÁÑEZ ACUÑA CEPEDA ONTIVEROS SAUCEDO RENDÓN LOZANO`.split(/\s+/);
const PARTICLE_SURNAMES = [
  'DE LA GARZA',
  'DE LA CRUZ',
  'DE LEÓN',
  'DEL VALLE',
  'DE LOS SANTOS',
  'DE LA FUENTE',
  'DEL ÁNGEL',
  'DE LA ROSA',
  'DE LOS REYES',
  'DE LA PEÑA',
  'SAN MARTÍN',
  'DEL CASTILLO',
];
const AREA = [
  ['81', 0.62],
  ['33', 0.08],
  ['55', 0.12],
  ['844', 0.06],
  ['899', 0.05],
  ['867', 0.04],
  ['826', 0.03],
];
const TITLE_LOWER = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'Y']);
const titleCase = (s) =>
  s
    .split(' ')
    .map((w) => (TITLE_LOWER.has(w) ? w.toLowerCase() : w[0] + w.slice(1).toLowerCase()))
    .join(' ');

const DOMAINS = [
  ['gmail.com', 0.45],
  ['hotmail.com', 0.22],
  ['outlook.com', 0.1],
  ['yahoo.com.mx', 0.1],
  ['prodigy.net.mx', 0.05],
  ['icloud.com', 0.04],
  ['monterrey.gob.mx', 0.04],
];
const ascii = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/**
 * Rows of `nombre,contacto,correo` (CRLF, like Excel; the import ignores the extra column), just under
 * `maxBytes` in UTF-8 with the header: full names with one or two given names and two surnames, phones
 * mostly formatted ("(81) 1234-5678", "81 1234 5678", "+52 81 1234 5678"…), an e-mail on 60 % of the
 * rows — ~62 bytes a row, so 10 MiB holds ~170k rows as the issue says. Every 20th row (5 %) is an exact
 * copy of an earlier row. Returns the file and the raw fields (nombre, contacto) of each data row.
 */
export function generateCsv(seed, maxBytes, maxRows = Infinity) {
  const rand = mulberry32(seed);
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const surname = () => (rand() < 0.1 ? pick(PARTICLE_SURNAMES) : pick(SURNAMES));
  const weighted = (table) => {
    let x = rand();
    for (const [v, weight] of table) if ((x -= weight) < 0) return v;
    return table[0][0];
  };
  const lines = ['nombre,contacto,correo'];
  const raw = [];
  let bytes = Buffer.byteLength('nombre,contacto,correo\r\n');
  for (let i = 0; i < 1_000_000 && raw.length < maxRows; i += 1) {
    let fields;
    let line;
    if (i % 20 === 19) {
      const j = Math.floor(rand() * raw.length);
      fields = raw[j];
      line = lines[j + 1];
    } else {
      const female = rand() < 0.52;
      const given = [pick(female ? GIVEN_F : GIVEN_M)];
      if (rand() < 0.8) given.push(pick(female ? GIVEN_F : GIVEN_M));
      const paterno = surname();
      const materno = surname();
      let name = `${given.join(' ')} ${paterno} ${materno}`;
      const style = rand();
      if (style < 0.35) name = titleCase(name);
      else if (style < 0.38) name = ` ${name.replace(' ', '  ')} `; // stray spaces, as typed
      const area = weighted(AREA);
      let digits = area;
      while (digits.length < 10) digits += String(Math.floor(rand() * 10));
      const fmt = rand();
      const local = digits.slice(area.length);
      let phone;
      const head = local.slice(0, local.length - 4);
      if (fmt < 0.15) phone = digits;
      else if (fmt < 0.5) phone = `(${area}) ${head}-${local.slice(-4)}`;
      else if (fmt < 0.7) phone = `${area} ${head} ${local.slice(-4)}`;
      else if (fmt < 0.9) phone = `+52 ${area} ${head} ${local.slice(-4)}`;
      else phone = `+52 (${area}) ${head}-${local.slice(-4)}`;
      let email = '';
      if (rand() < 0.6) {
        const user =
          rand() < 0.5 ? `${ascii(given[0])}.${ascii(paterno)}` : `${ascii(given[0])[0]}${ascii(paterno)}${ascii(materno).slice(0, 1)}`;
        email = `${user}${rand() < 0.6 ? String(Math.floor(rand() * 100)) : ''}@${weighted(DOMAINS)}`;
      }
      fields = [name, phone];
      line = `${rand() < 0.03 ? `"${name}"` : name},${phone},${email}`;
    }
    const size = Buffer.byteLength(line) + 2;
    if (bytes + size > maxBytes) break;
    bytes += size;
    lines.push(line);
    raw.push(fields);
  }
  const text = `${lines.join('\r\n')}\r\n`;
  return { buffer: Buffer.from(text, 'utf8'), raw };
}
