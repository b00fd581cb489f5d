import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { HttpStatus } from '@nestjs/common';
import { declaredErrorCodes, defineErrorCodes, DomainException, ErrorCode } from '../../api/src/core/errors/domain-exception';

const MODULES = join(__dirname, '../../api/src/modules');

describe('domain error codes (core declares the generic ones, each area its own in <area>.errors.ts)', () => {
  beforeAll(async () => {
    // Every area's codes, as the app loads them.
    for (const area of readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const file of readdirSync(join(MODULES, area.name)).filter((f) => f.endsWith('.errors.ts'))) {
        await import(join(MODULES, area.name, file));
      }
    }
  });

  it('a code answers with its status and is the code on the wire', () => {
    const e = new DomainException(ErrorCode.NotFound, 'No existe.');
    expect([e.code, e.status]).toEqual(['NOT_FOUND', HttpStatus.NOT_FOUND]);
  });

  it('two areas may declare one code for one case, never with two statuses', () => {
    const first = defineErrorCodes({ Same: ['ZONE_TEST_SAME', HttpStatus.CONFLICT] });
    expect(defineErrorCodes({ Same: ['ZONE_TEST_SAME', HttpStatus.CONFLICT] }).Same).toEqual(first.Same);
    expect(() => defineErrorCodes({ Other: ['ZONE_TEST_SAME', HttpStatus.GONE] })).toThrow(/ZONE_TEST_SAME declared twice/);
  });

  it('the areas declare their codes (none left in core) and agree on the shared ones', () => {
    const codes = declaredErrorCodes();
    for (const code of ['PROGRAM_FULL', 'EVENT_FULL', 'EVENT_CANCELLED', 'DUPLICATE_PERSON', 'LAST_SUPER_ADMIN', 'INVALID_CREDENTIALS']) {
      expect(codes.has(code)).toBe(true);
      expect(Object.values(ErrorCode).some((c) => c.code === code)).toBe(false);
    }
  });
});
