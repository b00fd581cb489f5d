import sharp from 'sharp';
import { createEvent } from '../factories/external-events';
import { TestApp } from '../setup/test-app';

describe('event image upload (content decides the type; re-encoded; SVG rasterized)', () => {
  let t: TestApp;
  let admin: string;
  let eventId: number;
  const upload = (buf: Buffer, filename: string, field = 'image') =>
    t.as(admin).post(`/api/eventos-externos/${eventId}/upload-image`).attach(field, buf, filename);

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.login();
    eventId = (await createEvent(t, admin)).id;
  });
  afterAll(() => t.close());

  it('re-encodes a JPEG without its metadata and serves it with the right type and cache headers', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a1538' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secreto', Artist: 'GPS 25.6866,-100.3161' } } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from('secreto'))).toBe(true);
    const res = await upload(jpeg, 'foto.jpeg');
    expect(res.status).toBe(201);
    expect(res.body.image_url).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.jpg$/);
    expect(res.body.event.image_url).toBe(res.body.image_url);
    const served = await t.http().get(res.body.image_url).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const body = served.body as Buffer;
    expect(body.includes(Buffer.from('secreto'))).toBe(false);
    expect((await sharp(body).metadata()).exif).toBeUndefined();
  });

  it('an SVG with a script is rasterized to PNG: no script can ever be served', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(1)"><script>alert(document.cookie)</script><rect width="40" height="40" fill="#0a0"/></svg>',
    );
    const res = await upload(svg, 'logo.svg');
    expect(res.status).toBe(201);
    expect(res.body.image_url).toMatch(/\.png$/);
    const served = await t.http().get(res.body.image_url).buffer(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect((served.body as Buffer).toString('latin1')).not.toMatch(/script|onload/i);
  });

  it('refuses SVGs with external references or entities', async () => {
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd" width="10" height="10"/></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
    ]) {
      const res = await upload(Buffer.from(svg), 'x.svg');
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Por favor selecciona una imagen válida (JPG, PNG, GIF, SVG)');
    }
  });

  it('a renamed non-image is refused by its content; a corrupt PNG too', async () => {
    const renamed = await upload(Buffer.from('MZ\x90\x00 esto es un ejecutable, no una imagen'), 'foto.png');
    expect(renamed.status).toBe(422);
    expect(renamed.body.message).toBe('Por favor selecciona una imagen válida (JPG, PNG, GIF, SVG)');
    const corrupt = await upload(
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]),
      'roto.png',
    );
    expect(corrupt.status).toBe(422);
  });

  it('5 MB + 1 byte is refused with the spec message; the wrong field name too', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    big[0] = 0xff;
    big[1] = 0xd8;
    big[2] = 0xff;
    const res = await upload(big, 'grande.jpg');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('La imagen no debe superar los 5MB');
    const wrongField = await upload(
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      'a.png',
      'foto',
    );
    expect(wrongField.status).toBe(422);
    const [row] = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM images');
    expect(row.n).toBe(2);
  });

  it("'create' without 'edit' may add the image to an event it just created, not to anyone else's (403, nothing stored)", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const uploadAs = (token: string, id: number) =>
      t.as(token).post(`/api/eventos-externos/${id}/upload-image`).attach('image', png, 'foto.png');
    const imageCount = async () => (await t.query<{ n: number }>('SELECT count(*)::int AS n FROM images'))[0].n;
    const creator = await t.createUser(admin, { email: 'solo-crear@aforo.test', permissions: { eventos_externos: ['view', 'create'] } });
    const editor = await t.createUser(admin, { email: 'solo-editar@aforo.test', permissions: { eventos_externos: ['view', 'edit'] } });
    const viewer = await t.createUser(admin, { email: 'solo-mirar@aforo.test', permissions: { eventos_externos: ['view'] } });

    // The web create flow: create the event, then upload its image.
    const own = await createEvent(t, creator.token);
    const uploaded = await uploadAs(creator.token, own.id);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.event.image_url).toBe(uploaded.body.image_url);

    const imageOf = async (id: number) =>
      (await t.query<{ image_url: string | null }>('SELECT image_url FROM external_events WHERE id = $1', [id]))[0].image_url;
    const [imagesBefore, adminsImage] = [await imageCount(), await imageOf(eventId)];
    const othersEvent = await uploadAs(creator.token, eventId);
    expect(othersEvent.status).toBe(403);
    expect(othersEvent.body.message).toBe('Solo puedes cambiar la imagen de los eventos que tú creaste.');
    expect((await uploadAs(viewer.token, own.id)).status).toBe(403);
    expect(await imageCount()).toBe(imagesBefore);
    expect(await imageOf(eventId)).toBe(adminsImage);

    // 'edit' may change the image of any event, whoever created it.
    expect((await uploadAs(editor.token, eventId)).status).toBe(201);
    expect((await uploadAs(editor.token, own.id)).status).toBe(201);
  });
});
