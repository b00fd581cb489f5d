import { TestApp, signedInApp, bearer as auth } from '../setup/test-app';

describe('users management (spec 1 §2.5, §5, §6, §7) — super admin only, enforced by the server', () => {
  let t: TestApp;
  let admin: string;
  const countUsers = async () => Number((await t.query<{ n: string }>('SELECT count(*) AS n FROM users'))[0].n);

  signedInApp((s) => ({ t, admin } = s));

  it('creates a user, normalising e-mail and both permission forms to lists', async () => {
    const res = await t
      .as(admin)
      .post('/api/users')
      .send({
        name: '  Rosa Elena Garza ',
        email: ' Rosa.Garza@Monterrey.GOB.mx ',
        password: 'password-rosa',
        password_confirmation: 'password-rosa',
        is_super_admin: false,
        permissions: {
          eventos_internos: ['edit', 'view'],
          eventos_externos: [],
          personas: { view: true, create: false, edit: true, delete: false },
        },
      });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Usuario creado exitosamente');
    expect(res.body.user).toMatchObject({
      name: 'Rosa Elena Garza',
      email: 'rosa.garza@monterrey.gob.mx',
      is_super_admin: false,
      permissions: { eventos_internos: ['view', 'edit'], personas: ['view', 'edit'] },
    });
    const list = await t.as(admin).get('/api/users');
    expect(list.status).toBe(200);
    expect(list.body.users.map((u: { email: string }) => u.email)).toContain('rosa.garza@monterrey.gob.mx');
  });

  it('checks password, confirmation and fields on the server, writing nothing on error', async () => {
    const before = await countUsers();
    const res = await t
      .as(admin)
      .post('/api/users')
      .send({
        name: 'X',
        email: 'x@aforo.test',
        password: 'corta',
        password_confirmation: 'otra',
        permissions: { eventos_internos: ['fly'], nada: ['view'] },
      });
    expect(res.status).toBe(422);
    expect(res.body.errors.password).toEqual(['La contraseña debe tener al menos 8 caracteres.']);
    expect(res.body.errors.password_confirmation).toEqual(['Las contraseñas no coinciden.']);
    expect(res.body.errors.permissions[0]).toMatch(/^Los permisos no son válidos/);
    const dup = await t
      .as(admin)
      .post('/api/users')
      .send({ name: 'X', email: 'ADMIN@aforo.test', password: 'password-1', password_confirmation: 'password-1' });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.email).toEqual(['El correo electrónico ya está registrado.']);
    expect(await countUsers()).toBe(before);
  });

  it('updates with an optional password (checked against its confirmation)', async () => {
    const u = await t.createUser(admin, { email: 'edita@aforo.test' });
    const mismatch = await t
      .as(admin)
      .put(`/api/users/${u.id}`)
      .send({ name: 'Edita', email: 'edita@aforo.test', password: 'nueva-clave-1', password_confirmation: 'otra-clave-1' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual(['Las contraseñas no coinciden.']);
    const ok = await t
      .as(admin)
      .put(`/api/users/${u.id}`)
      .send({ name: 'Edita Bien', email: 'edita@aforo.test', is_super_admin: false, permissions: { eventos_externos: ['view'] } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      message: 'Usuario actualizado exitosamente',
      user: { name: 'Edita Bien', permissions: { eventos_externos: ['view'] } },
    });
    // Without a new password the old one still works and the session survives.
    expect((await t.as(u.token).get('/api/me')).status).toBe(200);
    await t
      .as(admin)
      .put(`/api/users/${u.id}`)
      .send({ name: 'Edita Bien', email: 'edita@aforo.test', password: 'nueva-clave-1', password_confirmation: 'nueva-clave-1' })
      .expect(200);
    // A new password ends the account's other sessions.
    expect((await t.as(u.token).get('/api/me')).status).toBe(401);
    await t.login('edita@aforo.test', 'nueva-clave-1');
  });

  it('editing the two areas of the users screen keeps the other areas', async () => {
    const u = await t.createUser(admin, {
      email: 'areas@aforo.test',
      permissions: { personas: ['view', 'create'], eventos_internos: ['view'] },
    });
    const res = await t
      .as(admin)
      .put(`/api/users/${u.id}`)
      .send({ name: 'Areas', email: 'areas@aforo.test', permissions: { eventos_internos: [], eventos_externos: ['view', 'edit'] } });
    expect(res.body.user.permissions).toEqual({ personas: ['view', 'create'], eventos_externos: ['view', 'edit'] });
  });

  it('nobody can delete themself; deleting another user works; unknown ids are 404', async () => {
    const me = (await t.as(admin).get('/api/me')).body.data.user.id as number;
    const self = await t.as(admin).delete(`/api/users/${me}`);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('No puedes eliminar tu propia cuenta.');
    const u = await t.createUser(admin, { email: 'borra@aforo.test' });
    const del = await t.as(admin).delete(`/api/users/${u.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Usuario eliminado exitosamente');
    expect((await t.as(admin).delete(`/api/users/${u.id}`)).status).toBe(404);
    expect((await t.as(admin).put('/api/users/999999').send({ name: 'N', email: 'n@aforo.test' })).status).toBe(404);
    expect((await t.as(admin).delete('/api/users/abc')).status).toBe(422);
    expect((await t.as(admin).delete('/api/users/99999999999')).status).toBe(422);
  });

  it('keeps at least one super admin', async () => {
    const me = (await t.as(admin).get('/api/me')).body.data.user;
    const res = await t.as(admin).put(`/api/users/${me.id}`).send({ name: me.name, email: me.email, is_super_admin: false });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Debe existir al menos un super administrador.');
  });

  it('refuses every users route to staff without super admin, and to guests', async () => {
    const staff = await t.createUser(admin, {
      email: 'staff@aforo.test',
      permissions: { eventos_internos: ['view', 'create', 'edit', 'delete'], eventos_externos: ['view', 'create', 'edit', 'delete'] },
    });
    const before = await countUsers();
    const calls = [
      t.http().get('/api/users'),
      t
        .http()
        .post('/api/users')
        .send({ name: 'H', email: 'h@aforo.test', password: 'password-1', password_confirmation: 'password-1', is_super_admin: true }),
      t.http().put(`/api/users/${staff.id}`).send({ name: 'H', email: 'staff@aforo.test', is_super_admin: true }),
      t.http().delete('/api/users/1'),
    ];
    for (const call of calls) {
      const res = await call.set(auth(staff.token));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('No tienes permiso para realizar esta acción.');
    }
    expect((await t.http().get('/api/users')).status).toBe(401);
    expect(await countUsers()).toBe(before);
    expect((await t.as(staff.token).get('/api/me')).body.data.user.is_super_admin).toBe(false);
  });
});
