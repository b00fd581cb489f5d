// class-transformer keeps its @Type() metadata in this module (not in its public entry point's types).
declare module 'class-transformer/cjs/storage' {
  export const defaultMetadataStorage: {
    findTypeMetadata(target: unknown, propertyName: string): { typeFunction?: () => unknown } | undefined;
  };
}
