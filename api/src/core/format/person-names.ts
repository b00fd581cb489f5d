/** A person's names as their columns hold them (ConsentColumns) and as the wire writes them. */
export const wireNames = (r: { nombre: string; apellidoPaterno: string; apellidoMaterno: string }) => ({
  nombre: r.nombre,
  apellido_paterno: r.apellidoPaterno,
  apellido_materno: r.apellidoMaterno,
});
