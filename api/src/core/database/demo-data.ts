/**
 * Believable Monterrey names and addresses that several areas' demo seeds draw from (see the seeders in
 * modules/<area>/<area>.seed.ts). Demo data only: nothing in the product reads it.
 */
export const NOMBRES = [
  'MARÍA FERNANDA',
  'JOSÉ LUIS',
  'ANA SOFÍA',
  'CARLOS EDUARDO',
  'GUADALUPE',
  'ROBERTO',
  'DANIELA',
  'JUAN PABLO',
  'XIMENA',
  'LUIS ÁNGEL',
  'VALERIA',
  'JORGE ALBERTO',
  'PAULINA',
  'RICARDO',
  'ITZEL',
  'EDUARDO',
];
export const APELLIDOS = [
  'GARZA',
  'TREVIÑO',
  'VILLARREAL',
  'CANTÚ',
  'ELIZONDO',
  'SALINAS',
  'LEAL',
  'CAVAZOS',
  'MARTÍNEZ',
  'RODRÍGUEZ',
  'GONZÁLEZ',
  'HERNÁNDEZ',
  'DE LA GARZA',
  'SADA',
  'ZAMBRANO',
  'MONTEMAYOR',
];
export const COLONIAS = [
  'CENTRO',
  'OBISPADO',
  'MITRAS CENTRO',
  'CONTRY',
  'CUMBRES',
  'SAN JERÓNIMO',
  'VALLE ORIENTE',
  'LINDA VISTA',
  'DEL VALLE',
  'TECNOLÓGICO',
];
export const CALLES = [
  'ZARAGOZA',
  'PADRE MIER',
  'HIDALGO',
  'CONSTITUCIÓN',
  'MORONES PRIETO',
  'GONZALITOS',
  'LÁZARO CÁRDENAS',
  'RUIZ CORTINES',
  'CHAPULTEPEC',
  'GARZA SADA',
];
export const CIUDADES = [
  'MONTERREY',
  'SAN PEDRO GARZA GARCÍA',
  'SAN NICOLÁS DE LOS GARZA',
  'GUADALUPE',
  'APODACA',
  'SANTA CATARINA',
  'GENERAL ESCOBEDO',
];
