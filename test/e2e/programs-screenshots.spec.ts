import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, newSignedInPage, bearer } from '../setup/browser';
import { SHOT_VIEWPORTS, screenshotsDir } from './screenshots';

// Visual review only: AFORO_SHOTS=1 npx playwright test programs-screenshots
const dir = screenshotsDir('programs');
test.describe.configure({ mode: 'serial' });

const people = [
  ['María Fernanda', 'Garza', 'Treviño', 'si'],
  ['José Luis', 'Martínez', 'Salinas', 'no'],
  ['Ana Sofía', 'Rodríguez', 'Cantú', 'si'],
] as const;

let seeded: { slug: string; fullSlug: string; nombre: string } | null = null;

async function seed(request: APIRequestContext, token: string) {
  const headers = bearer(token);
  const create = async (data: Record<string, unknown>) => {
    const res = await request.post('/api/programas-servicios', { headers, data });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { programa: { id: number; slug: string; nombre: string } }).programa;
  };
  const main = await create({
    nombre: `Impulso a Mujeres Emprendedoras ${Date.now() % 10000}`,
    descripcion:
      'Asesoría personalizada, talleres de finanzas y acceso a capital semilla para mujeres con un negocio en marcha o una idea por iniciar en el municipio.',
    tipo: 'continuo',
    ubicacion: 'Centro de Emprendimiento Municipal, Zaragoza 1000',
    max_participantes: 40,
    status: 'published',
    requisitos: ['INE vigente', 'Comprobante de domicilio reciente', 'CURP'],
    beneficios: ['Asesoría gratuita durante 6 meses', 'Talleres de finanzas y ventas', 'Acceso a capital semilla'],
  });
  await request.put(`/api/programas-servicios/${main.id}`, { headers, data: { es_destacado: true } });
  await create({
    nombre: 'Feria de Servicios Municipales',
    descripcion: 'Trámites y servicios en tu colonia.',
    tipo: 'fecha_especifica',
    fecha_inicio: '2027-02-14T15:00:00.000Z',
    fecha_fin: '2027-02-14T22:00:00.000Z',
    ubicacion: 'Plaza Zaragoza',
    status: 'draft',
  });
  await create({ nombre: 'Becas de Transporte 2026', descripcion: 'Apoyo al transporte.', status: 'closed', max_participantes: 200 });
  const full = await create({
    nombre: 'Taller de Oficios',
    descripcion: 'Carpintería y herrería.',
    status: 'published',
    max_participantes: 1,
  });
  for (const [i, [nombre, paterno, materno, business]] of people.entries()) {
    const res = await request.post(`/api/programas/${main.slug}/register`, {
      data: {
        nombre,
        apellido_paterno: paterno,
        apellido_materno: materno,
        fecha_nacimiento: '1990-05-17',
        celular: `81100000${10 + i}`,
        correo_electronico: `${nombre.split(' ')[0].toLowerCase()}.${paterno.toLowerCase()}${Date.now() % 1000}@correo.mx`,
        calle: 'Av. Constitución',
        numero: `${100 + i}`,
        colonia: 'Centro',
        municipio: 'Monterrey',
        tiene_emprendimiento: business,
        ...(business === 'si'
          ? {
              nombre_emprendimiento: 'Repostería La Sultana',
              giro_sector: 'alimentos',
              tiempo_operando: '6_12_meses',
              tiene_redes_sociales: 'si',
              redes_sociales_enlace: 'https://instagram.com/lasultana',
              negocio_formalizado: 'si',
              rfc: 'GATM900517AB1',
            }
          : {}),
      },
    });
    expect(res.status()).toBe(201);
  }
  await request.post(`/api/programas/${full.slug}/register`, {
    data: {
      nombre: 'Pedro',
      apellido_paterno: 'Leal',
      apellido_materno: 'Ríos',
      fecha_nacimiento: '1985-01-01',
      celular: '8110000099',
      correo_electronico: `pedro${Date.now()}@correo.mx`,
      calle: 'Hidalgo',
      numero: '1',
      colonia: 'Centro',
      municipio: 'Monterrey',
      tiene_emprendimiento: 'no',
    },
  });
  return { slug: main.slug, fullSlug: full.slug, nombre: main.nombre };
}

for (const [kind, viewport] of Object.entries(SHOT_VIEWPORTS)) {
  test(`programs screens at ${kind} (${viewport.width} px)`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    mkdirSync(dir, { recursive: true });
    const token = await apiToken(request);
    seeded ??= await seed(request, token);
    const shot = (page: Page, name: string, fullPage = true) =>
      page.screenshot({ path: `${dir}/${name}-${kind}.png`, fullPage, animations: 'disabled' });

    const { context, page } = await newSignedInPage(browser, token);
    await page.setViewportSize(viewport);
    await page.goto('/programas-servicios');
    await expect(page.getByTestId('programs-table')).toBeVisible();
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
    await shot(page, 'programs-table');
    await page.getByRole('button', { name: 'Crear Nuevo Programa' }).click();
    const modal = page.getByRole('dialog', { name: 'Crear Nuevo Programa' });
    await modal.getByLabel('Tipo').selectOption('fecha_especifica');
    await modal.getByRole('button', { name: 'Crear Programa' }).click();
    await shot(page, 'program-create-modal', false);
    await page.keyboard.press('Escape');
    await page.getByTestId('program-row').filter({ hasText: seeded.nombre.toUpperCase() }).getByTestId('view-registrations').click();
    const regs = page.getByRole('dialog', { name: /^Registros - / });
    await expect(regs.getByTestId('registration-row')).toHaveCount(3);
    await shot(page, 'program-registrations-modal', false);
    await regs.getByTestId('registration-details').last().click();
    await expect(page.getByRole('dialog', { name: 'Detalles del Registro' })).toBeVisible();
    await shot(page, 'program-registration-details', false);
    await context.close();

    const anon = await browser.newContext({ viewport });
    const pub = await anon.newPage();
    await pub.goto(`/programas/${seeded.slug}`);
    await expect(pub.getByTestId('program-application-form')).toBeVisible();
    await pub.locator('#prog-tiene_emprendimiento-si').check();
    await pub.getByLabel('Giro o sector', { exact: true }).selectOption('otro');
    await pub.locator('#prog-tiene_redes_sociales-si').check();
    await pub.locator('#prog-negocio_formalizado-si').check();
    await pub.getByRole('button', { name: 'Enviar Registro' }).click();
    await shot(pub, 'public-program-form-errors');
    const width = await pub.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    await pub.goto(`/programas/${seeded.fullSlug}`);
    await expect(pub.getByTestId('program-full')).toBeVisible();
    await shot(pub, 'public-program-full');
    await pub.goto('/programas/no-existe');
    await expect(pub.getByRole('heading', { name: 'Programa No Encontrado' })).toBeVisible();
    await shot(pub, 'public-program-not-found');
    await anon.close();
  });
}
