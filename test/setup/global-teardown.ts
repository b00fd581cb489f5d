export default async function globalTeardown(): Promise<void> {
  const handles = (globalThis as { __aforoContainers?: Array<{ stop(): Promise<unknown> }> }).__aforoContainers ?? [];
  await Promise.all(handles.map((h) => h.stop()));
}
