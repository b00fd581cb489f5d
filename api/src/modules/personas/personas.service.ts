import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { PERSONAS_PER_PAGE } from './personas.constants';
import type {
  CatalogueItem,
  CatalogueType,
  LookupData,
  PersonaResponse,
  PersonasPage,
  PersonasStats,
} from '@shared/contracts/personas.contract';
import ESTADOS from './data/estados-mexico.json';
import MUNICIPIOS from './data/municipios-nuevo-leon.json';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { PersonasError } from './personas.errors';
import type { EventActor } from '@shared/events/domain-events';
import { isoDateInZone } from '@core/format/display-dates';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import { BIRTH_DATE_MESSAGES, birthDateProblem } from '@shared/rules/birth-date';
import { completeness, dedupeKey, foldAccents, normalizeText, searchTerm, searchText, sortKey } from '@shared/rules/persona-rules';
import type { PersonaDto, PersonasQueryDto } from './personas.dto';
import { toPersonaResponse } from './personas.mapper';
import { PERSONA_FIELDS, PersonasRepository, type PersonaValues } from './personas.repository';
import { DedupeKeyer } from './dedupe/dedupe-keyer';
import type { DedupePerson } from './dedupe/dedupe-rules';

const PERSONA_NOT_FOUND = 'La persona no existe.';
const CATALOGUE_FIELDS: Array<[keyof PersonaDto, CatalogueType, string]> = [
  ['profesion_id', 'profesion', 'La profesión seleccionada no existe.'],
  ['sector_id', 'sector', 'El sector seleccionado no existe.'],
  ['empresa_id', 'empresa', 'La empresa seleccionada no existe.'],
  ['puesto_id', 'puesto', 'El puesto seleccionado no existe.'],
  ['zona_id', 'zona', 'La zona seleccionada no existe.'],
];

/**
 * The main address's default city: the configured municipality as the list spells it, ignoring case and
 * accents ("Garcia" → GARCÍA), or the one municipality whose name holds it as whole words ("San Nicolás" →
 * SAN NICOLÁS DE LOS GARZA, "Escobedo" → GENERAL ESCOBEDO); no default when it names none, or several (a
 * default the server would refuse helps no one).
 */
export function defaultCiudad(municipio: string): string {
  const wanted = foldAccents(normalizeText(municipio));
  if (!wanted) return '';
  const exact = MUNICIPIOS.find((m) => foldAccents(m) === wanted);
  if (exact) return exact;
  const holding = MUNICIPIOS.filter((m) => ` ${foldAccents(m)} `.includes(` ${wanted} `));
  return holding.length === 1 ? holding[0] : '';
}

@Injectable()
export class PersonasService {
  /** The configured municipality as the city list spells it (configuration does not change while running). */
  private readonly defaultCiudad: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly uow: UnitOfWork,
    private readonly personas: PersonasRepository,
    private readonly dedupe: DedupeKeyer,
  ) {
    this.defaultCiudad = defaultCiudad(config.municipio);
  }

  async page(query: PersonasQueryDto): Promise<PersonasPage> {
    const { rows, total } = await this.personas.page(
      {
        search: query.search ? searchTerm(query.search) : undefined,
        sectorId: query.sector_id,
        empresaId: query.empresa_id,
        completeness: query.completeness_level,
      },
      query.page,
      PERSONAS_PER_PAGE,
    );
    return {
      data: rows.map(toPersonaResponse),
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / PERSONAS_PER_PAGE)),
      per_page: PERSONAS_PER_PAGE,
      total,
    };
  }

  stats(): Promise<PersonasStats> {
    return this.personas.stats();
  }

  async lookupData(): Promise<LookupData> {
    const [profesiones, sectores, empresas, puestos, zonas] = await Promise.all(
      (['profesion', 'sector', 'empresa', 'puesto', 'zona'] as const).map((t) => this.personas.catalogue(t)),
    );
    return {
      profesiones,
      sectores,
      empresas,
      puestos,
      zonas,
      ciudades: MUNICIPIOS,
      estados: ESTADOS,
      default_ciudad: this.defaultCiudad,
      default_estado: 'NUEVO LEÓN',
    };
  }

  async get(id: number): Promise<PersonaResponse> {
    const row = await this.personas.findById(id);
    if (!row) throw new DomainException(ErrorCode.NotFound, PERSONA_NOT_FOUND);
    return toPersonaResponse(row);
  }

  async create(dto: PersonaDto, actor: EventActor): Promise<PersonaResponse> {
    return this.uow.run(actor, async (tx) => {
      const values = await this.values(tx, dto);
      const id = await this.withDuplicateCheck(() => this.personas.insert(tx.manager, values, actor.userId));
      await this.dedupe.rekey(tx.manager, id, values as DedupePerson);
      await tx.record({ type: 'persona.created', resourceId: id, payload: { persona_id: id } });
      return toPersonaResponse((await this.personas.findById(id, tx.manager))!);
    });
  }

  async update(id: number, dto: PersonaDto, actor: EventActor): Promise<PersonaResponse> {
    return this.uow.run(actor, async (tx) => {
      if (!(await this.personas.lockById(tx.manager, id))) throw new DomainException(ErrorCode.NotFound, PERSONA_NOT_FOUND);
      const values = await this.values(tx, dto);
      await this.withDuplicateCheck(() => this.personas.update(tx.manager, id, values));
      await this.dedupe.rekey(tx.manager, id, values as DedupePerson);
      await tx.record({ type: 'persona.updated', resourceId: id, payload: { persona_id: id } });
      return toPersonaResponse((await this.personas.findById(id, tx.manager))!);
    });
  }

  async remove(id: number, actor: EventActor): Promise<void> {
    await this.uow.run(actor, async (tx) => {
      if (!(await this.personas.lockById(tx.manager, id))) throw new DomainException(ErrorCode.NotFound, PERSONA_NOT_FOUND);
      await this.personas.delete(tx.manager, id);
      await tx.record({ type: 'persona.deleted', resourceId: id, payload: { persona_id: id } });
    });
  }

  /** Trimmed, upper-cased, unique: adding a value that exists returns the existing one. */
  async addLookupValue(type: CatalogueType, nombre: string, actor: EventActor): Promise<{ item: CatalogueItem; created: boolean }> {
    return this.uow.run(actor, async (tx) => {
      const result = await this.personas.addCatalogueValue(tx.manager, type, nombre);
      if (result.created)
        await tx.record({ type: 'catalogue.value-added', resourceId: result.item.id, payload: { type, item: result.item } });
      return result;
    });
  }

  /** Validates what the DTO cannot (real date, catalogue ids, address lists) and derives the computed columns. */
  private async values(tx: Transaction, dto: PersonaDto): Promise<PersonaValues> {
    const errors: Record<string, string[]> = {};
    if (dto.fecha_nacimiento) {
      const problem = birthDateProblem(dto.fecha_nacimiento, isoDateInZone(new Date(), this.config.tzDisplay));
      if (problem) errors.fecha_nacimiento = [BIRTH_DATE_MESSAGES[problem]];
    }
    for (const [field, type, message] of CATALOGUE_FIELDS) {
      const id = dto[field] as number | null | undefined;
      if (id && !(await this.personas.catalogueIdExists(type, id, tx.manager))) errors[field] = [message];
    }
    for (const field of ['direccion_ciudad', 'direccion_alterna_ciudad'] as const) {
      if (dto[field] && !MUNICIPIOS.includes(dto[field]!)) errors[field] = ['La ciudad debe ser un municipio de Nuevo León.'];
    }
    for (const field of ['direccion_estado', 'direccion_alterna_estado'] as const) {
      if (dto[field] && !ESTADOS.includes(dto[field]!)) errors[field] = ['El estado no es válido.'];
    }
    if (Object.keys(errors).length) throw DomainException.validation(errors);

    const values = Object.fromEntries(
      PERSONA_FIELDS.map((f) => [f, (dto[f] as string | number | null | undefined) ?? null]),
    ) as PersonaValues;
    values.apellido_paterno ??= '';
    values.apellido_materno ??= '';
    values.completeness_level = completeness(dto).level;
    values.search_text = searchText(dto);
    values.sort_key = sortKey(dto);
    values.dedupe_key = dedupeKey(
      dto.nombre,
      dto.apellido_paterno ?? '',
      dto.apellido_materno ?? '',
      dto.telefono_celular ?? dto.telefono_oficina ?? null,
    );
    return values;
  }

  private async withDuplicateCheck<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if ((err as { driverError?: { code?: string } }).driverError?.code === '23505') {
        throw new DomainException(PersonasError.DuplicatePerson, 'Ya existe una persona con el mismo nombre y teléfono.');
      }
      throw err;
    }
  }
}
