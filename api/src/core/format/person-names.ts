/** A person's names as their columns hold them (ConsentColumns) and as the wire writes them. */
export const wireNames = (r: { nombre: string; apellidoPaterno: string; apellidoMaterno: string }) => ({
  nombre: r.nombre,
  apellido_paterno: r.apellidoPaterno,
  apellido_materno: r.apellidoMaterno,
});

/** A person's full name as one string: the given name, then the surnames, the empty (or missing) ones left out. */
export const fullName = (p: { nombre: string | null; apellido_paterno?: string | null; apellido_materno?: string | null }): string =>
  [p.nombre, p.apellido_paterno, p.apellido_materno].filter(Boolean).join(' ');
